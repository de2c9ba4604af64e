import { describe, expect, it } from 'vitest';
import { recoveryEventRows, toJsonLines } from '../../src/report/events.js';
import { REDACTED } from '../../src/redact/index.js';
import { craftedRuns, craftedSession as session } from './fixtures.js';

describe('recoveryEventRows (seed 004 recovery_events)', () => {
  const rows = recoveryEventRows(session());

  it('gives one row per history event with deterministic ids', () => {
    const events = Object.values(craftedRuns()).reduce((n, run) => n + run.history.length, 0);
    expect(rows).toHaveLength(events);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows[0]?.id).toBe('leonardo-2026-01-02-001:frontend:1');
    expect(recoveryEventRows(session())).toEqual(rows);
  });

  it('fills every column of the table', () => {
    expect(rows[0]).toEqual({
      id: 'leonardo-2026-01-02-001:frontend:1',
      session_id: 'leonardo-2026-01-02-001',
      agent_id: 'frontend',
      event_timestamp: '2026-02-02T10:31:00.000Z',
      failure_type: 'RATE_LIMIT',
      severity: 'medium',
      recovery_action: 'PAUSE',
      attempt_number: 1,
      outcome: 'failure',
      checkpoint_id: null,
      user_escalated: false,
      user_decision: null,
      notes: '429 Too Many Requests',
    });
    const decision = rows.find((r) => r.agent_id === 'test' && r.recovery_action === 'DECISION');
    expect(decision).toMatchObject({ failure_type: 'QUALITY_GATE_FAIL', outcome: 'skipped', user_escalated: true, user_decision: 'skip' });
    const escalation = rows.find((r) => r.agent_id === 'test' && r.recovery_action === 'ESCALATE');
    expect(escalation).toMatchObject({ user_escalated: true, checkpoint_id: 'chk-jwt-3', notes: expect.stringContaining('reason: max_attempts') });
    const abort = rows.find((r) => r.failure_type === 'USER_ABORT' && r.recovery_action === 'ESCALATE');
    expect(abort).toMatchObject({ outcome: 'aborted', user_escalated: false, severity: 'immediate' });
  });

  it('notes a retry that started from a fresh context (seed 004 context_refreshed)', () => {
    const { net } = craftedRuns();
    const history = net!.history.map((e) => (e.phase === 'RETRY' ? { ...e, contextRefreshed: true } : { ...e }));
    const rows = recoveryEventRows({ sessionId: 's', units: [{ id: 'a', runs: [{ ...net!, history }] }] });
    const retries = rows.filter((r) => r.recovery_action === 'RETRY');
    expect(retries.length).toBeGreaterThan(0);
    for (const row of retries) expect(row.notes).toMatch(/(^| \| )context refreshed$/);
    expect(rows.filter((r) => r.recovery_action !== 'RETRY').some((r) => r.notes?.includes('context refreshed'))).toBe(false);
  });

  it('reads the guidance of a retry-with decision as retry-with', () => {
    const { net } = craftedRuns();
    const history = net!.history.map((e) => (e.phase === 'DECISION' ? { ...e, message: 'use jwt.verify() instead' } : e));
    const [row] = recoveryEventRows({ sessionId: 's', units: [{ id: 'a', runs: [{ ...net!, history }] }] }).filter((r) => r.recovery_action === 'DECISION');
    expect(row?.user_decision).toBe('retry-with');
  });

  it('writes JSON lines and redacts notes', () => {
    const { rate } = craftedRuns();
    const leaky = { ...rate!, history: rate!.history.map((e) => ({ ...e, message: 'key sk-ant-api03-abcdefghijklmnop' })) };
    const lines = toJsonLines(recoveryEventRows({ sessionId: 's', units: [{ id: 'a', runs: [leaky] }] })).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!).notes).toBe(`key sk-ant-${REDACTED}`);
    expect(toJsonLines([])).toBe('');
  });
});
