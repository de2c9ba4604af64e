/** The run detail view's data: the current state of a running run, redaction, and the offered choices. */
import { describe, expect, test } from 'vitest';
import { machines } from '../../machines/index.js';
import { runDetailView, stateIdOf } from '../../src/ui/run-detail.js';
import type { RunRecord } from '../../src/store/types.js';
import { makeEvent, makeRun } from '../store/helpers/fixtures.js';

describe('stateIdOf', () => {
  test.each([
    ['executing', 'recovery.executing'],
    [{ recovery: 'diagnose' }, 'recovery.recovery.diagnose'],
    [{ escalated: 'awaiting' }, 'recovery.escalated.awaiting'],
    [{ executing: { watched: 'x' } }, 'recovery.executing.watched.x'],
    [undefined, null],
    [{}, null],
  ])('%j → %s', (value, id) => expect(stateIdOf('recovery', value)).toBe(id));
});

describe('runDetailView', () => {
  const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB';
  const record: RunRecord = {
    ...makeRun('r1', {
      status: 'escalated', decisionOptions: ['retry-fresh', 'skip'], report: null,
      history: [makeEvent(1, { phase: 'ESCALATE', result: 'escalated', message: `<b>${secret}</b>` })],
      meta: { decisions: [{ by: 'alice', choice: 'retry-fresh', at: 5 }] },
    }),
    checkpoint: { machine: 'recovery', version: 1, savedAt: 1, snapshot: { value: { escalated: 'awaiting' }, context: {
      failure: { classification: { type: 'AUTH_REQUIRED', category: 'auth', confidence: 0.8, evidence: [{ rule: 'http.auth', source: 'stderr', match: '401' }] },
        observation: { exitCode: 1, stderr: `token ${secret}\n<script>x</script>`, stdout: '' } },
    } } },
    fence: 1,
  };

  test('escaped and redacted HTML, text fields redacted, the offered choices with what they do', async () => {
    const view = await runDetailView(record, machines.recovery, `# Report\n\n${secret}`);
    expect(view.timelineHtml).toContain('&lt;b&gt;ghp_[REDACTED]&lt;/b&gt;');
    expect(JSON.stringify(view)).not.toContain(secret);
    expect(view.failure).toMatchObject({ type: 'AUTH_REQUIRED', exitCode: 1, stderr: 'token ghp_[REDACTED]\n<script>x</script>', evidence: [{ rule: 'http.auth', source: 'stderr', match: '401' }] });
    expect(view.decisionOptions.map((o) => o.choice)).toEqual(['retry-fresh', 'skip']);
    expect(view.decisionOptions[1]!.description).toMatch(/^Skip this task/);
    expect(view.decisions).toEqual([{ by: 'alice', choice: 'retry-fresh', at: 5 }]);
    expect(view.chartHtml.startsWith('<svg')).toBe(true);
    expect(view.chartHtml).toContain('id="recovery.escalated"');
    expect(view.reportTitle).toBe('Escalation report');
  });

  test('a running run offers nothing and its current state is the checkpoint\'s', async () => {
    const running = { ...record, status: 'running' as const, checkpoint: { ...record.checkpoint!, snapshot: { value: { recovery: 'diagnose' }, context: {} } } };
    const view = await runDetailView(running, machines.recovery, '');
    expect(view.decisionOptions).toEqual([]);
    expect(view.failure).toBeNull();
    expect(view.reportTitle).toBe('Run report');
    expect(view.chartHtml).toMatch(/<g id="recovery\.recovery\.diagnose" class="[^"]*current/);
  });
});
