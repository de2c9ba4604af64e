/**
 * The steps of seed 004's stops (machines/recovery/halt.ts, issue 33), table-tested on a context:
 * what a halt's rollback records whatever it restored, which reason a critical failure halts
 * with, what the rollback slot is told, and what an abort says it kept.
 */
import { describe, expect, it } from 'vitest';
import { applyDecision, recordAbort } from '../../../machines/recovery/escalation-steps.js';
import { initialContext } from '../../../machines/recovery/context.js';
import { watchFailure } from '../../../machines/recovery/failure.js';
import { criticalReason, recordHaltRollback, rollbackReason } from '../../../machines/recovery/halt.js';
import type { FailureRecord } from '../../../machines/recovery/types.js';
import { resolvePolicy } from '../../../src/policy/index.js';
import type { FailureType } from '../../../src/taxonomy/index.js';

const failure = (type: FailureType): FailureRecord => watchFailure(type as 'HEARTBEAT_TIMEOUT', `${type} seen`, 1, 1_000);
const context = (type: FailureType | null, extra: { criticalGate?: boolean; rollback?: boolean } = {}) => ({
  ...initialContext({ runId: 'r', task: 't', policy: resolvePolicy({ criticalGate: extra.criticalGate ?? false }), now: 1_000, hasRollback: extra.rollback ?? true, lastKnownGood: extra.rollback === false ? null : 'abc123' }),
  failure: type ? failure(type) : null,
});

/** `c` with what follows its rollback set (and, for a person's rollback, the escalation's reason). */
const withAfterRollback = (c: ReturnType<typeof context>, afterRollback: 'halt' | 'retry' | 'adapt', reason: 'max_attempts' | null = null) =>
  ({ ...c, reason, pass: { ...c.pass, afterRollback } });

describe('seed 004 halts (issue 33)', () => {
  it('halts for data corruption under its own reason, for any other critical failure as a security violation', () => {
    expect(criticalReason(context('DATA_CORRUPTION'))).toBe('data_corruption');
    expect(criticalReason(context('SECURITY_VIOLATION'))).toBe('critical_security_violation');
  });

  it('tells the rollback slot why: the halt, the critical gate, a decision, a broken build or consecutive failures', () => {
    expect(rollbackReason(withAfterRollback(context('DATA_CORRUPTION'), 'halt'))).toBe('data_corruption');
    expect(rollbackReason(withAfterRollback(context('QUALITY_GATE_FAIL', { criticalGate: true }), 'retry'))).toBe('critical_gate');
    expect(rollbackReason(withAfterRollback(context('QUALITY_GATE_FAIL', { criticalGate: true }), 'retry', 'max_attempts'))).toBe('decision');
    expect(rollbackReason(withAfterRollback(context('BROKEN_BUILD'), 'adapt'))).toBe('broken_build');
    expect(rollbackReason(withAfterRollback(context('UNKNOWN'), 'adapt'))).toBe('consecutive_failures');
  });

  it('records what the halt undid, or that nothing was (a failed or refused rollback)', () => {
    const restored = context('SECURITY_VIOLATION');
    recordHaltRollback(restored, { restored: true, at: 2_000, message: 'undid 1 file: x (added)' }, null);
    expect(restored.history.at(-1)).toMatchObject({ phase: 'ROLLBACK', result: 'rolled_back', message: 'undone before escalating: undid 1 file: x (added)' });
    const refused = context('SECURITY_VIOLATION');
    recordHaltRollback(refused, { restored: false }, null);
    expect(refused.history.at(-1)).toMatchObject({ phase: 'ROLLBACK', result: 'failure', reason: 'rollback_failed', message: 'nothing was undone: the rollback could not restore the last known good state' });
    const crashed = context('DATA_CORRUPTION');
    recordHaltRollback(crashed, undefined, 'git read-tree failed');
    expect(crashed.history.at(-1)).toMatchObject({ result: 'failure', message: 'nothing was undone: git read-tree failed' });
  });

  it('an abort says it kept the partial work: USER_ABORT naming the recorded good state, a person\'s abort too', () => {
    const withGood = context('USER_ABORT');
    recordAbort(withGood);
    expect(withGood.history.at(-1)).toMatchObject({ phase: 'ESCALATE', result: 'aborted', message: 'stopped by a person: partial work kept, nothing rolled back (last known good state: abc123)' });
    const bare = context('USER_ABORT', { rollback: false });
    recordAbort(bare);
    expect(bare.history.at(-1)!.message).toBe('stopped by a person: partial work kept, nothing rolled back');
    const decided = context('AUTH_REQUIRED');
    applyDecision(decided, 'abort', undefined, 3_000);
    expect(decided.history.at(-1)).toMatchObject({ phase: 'DECISION', result: 'aborted', message: 'abort: partial work kept, nothing rolled back' });
  });
});
