import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/redact/index.js';
import { sessionReport } from '../../src/report/session.js';
import { craftedRuns, craftedSession as session } from './fixtures.js';

describe('sessionReport (seed 004 layout)', () => {
  const report = sessionReport(session());

  it('has the heading, session and metric table', () => {
    expect(report).toContain([
      '## Recovery Report',
      '',
      '### Session: leonardo-2026-01-02-001',
      '',
      '| Metric | Value |',
      '|---|---|',
      '| Total Failures | 9 |',
      '| Auto-Recovered | 3 |',
      '| User Escalations | 3 |',
      '| Rollbacks | 1 |',
      '| Agent Skips | 1 |',
    ].join('\n'));
  });

  it('has one failure row per failed run, by time', () => {
    expect(report).toContain([
      '### Failure Details',
      '',
      '| Time | Agent | Type | Action | Outcome |',
      '|---|---|---|---|---|',
      '| 10:30 | test | VERIFICATION_FAILED | Adapt x3, Escalate | ⏸️ Awaiting decision |',
      '| 10:31 | frontend | RATE_LIMIT | Retry | ✅ Recovered |',
      '| 10:32 | backend | VERIFICATION_FAILED | Adapt | ✅ Recovered |',
      '| 10:34 | backend | NETWORK | Retry, Escalate | ✅ Recovered (User: retry-fresh) |',
      '| 10:35 | test | VERIFICATION_FAILED | Flake probe | ⚠️ Flaky (passed on re-run) |',
      '| 10:36 | test | QUALITY_GATE_FAIL | Escalate | ⏭️ Skipped (User: skip) |',
      '| 10:37 | infra | USER_ABORT | — | ⛔ Aborted |',
      '| 10:38 | infra | BROKEN_BUILD | Rollback, Adapt | ✅ Recovered |',
      '| 10:39 | infra | CONTEXT_EXHAUSTED | Handoff | 🔄 Handed off |',
      '',
    ].join('\n'));
  });

  it('recommends per failed run', () => {
    const recs = report.slice(report.indexOf('### Recommendations'));
    expect(recs).toContain('- frontend: RATE_LIMIT was transient and recovered by retry; no action needed');
    expect(recs).toContain('- test: VERIFICATION_FAILED was flaky (passed on an unchanged re-run); recommend test stabilisation');
    expect(recs).toContain('- test: VERIFICATION_FAILED is waiting for a decision; manual review needed');
    expect(recs).toContain('- infra: CONTEXT_EXHAUSTED was handed off; the context ran out');
    expect(recs.match(/^- /gm)).toHaveLength(9);
  });

  it('says so when nothing failed, escapes cells and redacts', () => {
    const quiet = sessionReport({ sessionId: 's', units: [{ id: 'a|b', runs: [{ status: 'succeeded', history: [] }] }] });
    expect(quiet).toContain('| Total Failures | 0 |');
    expect(quiet).toContain('No failures.');
    expect(quiet).toContain('- No failures: no action needed.');
    const leaky = sessionReport({ sessionId: 'token=abc123', units: [] });
    expect(leaky).toContain(`### Session: token=${REDACTED}`);
  });

  it('gives a threshold hint for recovered timeouts', () => {
    const { rate } = craftedRuns();
    const timeout = { ...rate!, history: rate!.history.map((e) => ({ ...e, type: 'HEARTBEAT_TIMEOUT' as const })) };
    expect(sessionReport({ sessionId: 's', units: [{ id: 'frontend', runs: [timeout] }] }))
      .toContain('- frontend: HEARTBEAT_TIMEOUT recovered by retry; consider increasing the heartbeat threshold');
  });
});
