/**
 * UC-AP-004 Alt-2: a best hypothesis below 0.50 first gathers more evidence — another diagnosis
 * round, within `diagnoseRounds` — and escalates only if it is still below 0.50 after the last.
 * The machine alone, its slots filled with `.provide()`, time on a `SimulatedClock`.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { recoveryMachine, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, SleepInput, SleepOutput } from '../../machines/recovery/types.js';
import { runner } from '../../machines/runner.js';
import { resolvePolicy } from '../../src/policy/index.js';

const START = Date.UTC(2026, 0, 1);

/** Run to rest: the task fails (AssertionError) once, then passes; the diagnoser answers `confidences` in turn. */
async function run(confidences: number[], diagnoseRounds: number) {
  const clock = new SimulatedClock();
  clock.set(START);
  const rounds: DiagnoseInput[] = [];
  let attempts = 0;
  const logic = recoveryMachine.provide({
    actors: {
      runTask: runner<AttemptOutcome, AttemptInput>(async () => (++attempts === 1
        ? { ok: false, at: clock.now(), durationMs: 1, observation: { error: { name: 'AssertionError', message: 'expected 200 but got 404' } } }
        : { ok: true, at: clock.now(), durationMs: 1 })),
      diagnose: fromPromise<DiagnoseOutput, DiagnoseInput>(async ({ input }) => {
        rounds.push(input);
        const confidence = confidences[rounds.length - 1]!;
        return { hypotheses: [{ text: `round ${rounds.length}`, confidence }], at: clock.now() };
      }),
      adapt: fromPromise<AdaptOutput, AdaptInput>(async () => ({ fix: 'compare status codes as numbers', at: clock.now() })),
      sleepUntil: fromPromise<SleepOutput, SleepInput>(async ({ input }) => ({ at: input.until })),
    },
  });
  const actor = createActor(logic, {
    clock,
    input: {
      runId: 'rounds', task: 'rounds', now: START, hasDiagnoser: true, hasAdapter: true,
      policy: resolvePolicy({ diagnoseRounds, flakeProbe: false, categories: { systematic: { delaysMs: [0] } } }),
    },
  }).start();
  const rest = await new Promise<SnapshotFrom<RecoveryMachine>>((resolve) => {
    const check = (s: SnapshotFrom<RecoveryMachine>) => { if (s.status === 'done' || s.matches('escalated')) resolve(s); };
    actor.subscribe(check);
    check(actor.getSnapshot());
  });
  actor.stop();
  return { rest, rounds, attempts };
}

describe('recovery machine: low confidence gathers evidence before it escalates', () => {
  it('0.30 in round 1, 0.90 in round 2: asks again, then adapts and recovers', async () => {
    const { rest, rounds } = await run([0.3, 0.9], 2);
    expect(rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(rest.value).toBe('recovered');
    const diagnosed = rest.context.history.filter((e) => e.phase === 'DIAGNOSE');
    // Round 1 is recorded and marked as set aside (low_confidence); the pass goes on with round 2's
    // hypothesis. Both are the diagnosis of iteration 1.
    expect(diagnosed.map((e) => e.confidence)).toEqual([0.3, 0.9]);
    expect(diagnosed.map((e) => e.reason)).toEqual(['low_confidence', null]);
    expect(diagnosed.map((e) => e.iteration)).toEqual([1, 1]);
    expect(rest.context.history.some((e) => e.phase === 'ESCALATE')).toBe(false);
  });

  it('below 0.50 after the last round: escalates low_confidence, having asked diagnoseRounds times', async () => {
    for (const diagnoseRounds of [1, 2, 3]) {
      const { rest, rounds, attempts } = await run([0.3, 0.2, 0.4], diagnoseRounds);
      expect(rounds).toHaveLength(diagnoseRounds);
      expect(rest.matches('escalated')).toBe(true);
      expect(rest.context.reason).toBe('low_confidence');
      expect(attempts).toBe(1);
      // Every round set aside is marked; the last one is what the escalation says (on ESCALATE).
      const diagnosed = rest.context.history.filter((e) => e.phase === 'DIAGNOSE');
      expect(diagnosed.map((e) => e.reason)).toEqual([...Array<string>(diagnoseRounds - 1).fill('low_confidence'), null]);
      expect(rest.context.history.at(-1)).toMatchObject({ phase: 'ESCALATE', reason: 'low_confidence', iteration: 1 });
    }
  });
});
