/**
 * UC-AP-004 BR-003's middle band: a diagnosis with confidence in [0.70, 0.85) proceeds to ADAPT
 * without another round, and its DIAGNOSE event is marked `uncertain_diagnosis`; at 0.85 it is
 * not marked. The machine alone, its slots filled with `.provide()`, time on a `SimulatedClock`.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { recoveryMachine, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, SleepInput, SleepOutput } from '../../machines/recovery/types.js';
import { runner } from '../../machines/runner.js';
import { resolvePolicy } from '../../src/policy/index.js';

const START = Date.UTC(2026, 0, 1);

/** Run to rest: the task fails (AssertionError) once, then passes; the diagnoser answers `confidence` every round. */
async function run(confidence: number) {
  const clock = new SimulatedClock();
  clock.set(START);
  const rounds: DiagnoseInput[] = [];
  const adapted: AdaptInput[] = [];
  let attempts = 0;
  const logic = recoveryMachine.provide({
    actors: {
      runTask: runner<AttemptOutcome, AttemptInput>(async () => (++attempts === 1
        ? { ok: false, at: clock.now(), durationMs: 1, observation: { error: { name: 'AssertionError', message: 'expected 200 but got 404' } } }
        : { ok: true, at: clock.now(), durationMs: 1 })),
      diagnose: fromPromise<DiagnoseOutput, DiagnoseInput>(async ({ input }) => {
        rounds.push(input);
        return { hypotheses: [{ text: 'the status is compared as a string', confidence }], at: clock.now() };
      }),
      adapt: fromPromise<AdaptOutput, AdaptInput>(async ({ input }) => {
        adapted.push(input);
        return { fix: 'compare status codes as numbers', at: clock.now() };
      }),
      sleepUntil: fromPromise<SleepOutput, SleepInput>(async ({ input }) => ({ at: input.until })),
    },
  });
  const actor = createActor(logic, {
    clock,
    input: {
      runId: 'uncertain', task: 'uncertain', now: START, hasDiagnoser: true, hasAdapter: true,
      policy: resolvePolicy({ diagnoseRounds: 2, flakeProbe: false, categories: { systematic: { delaysMs: [0] } } }),
    },
  }).start();
  const rest = await new Promise<SnapshotFrom<RecoveryMachine>>((resolve) => {
    const check = (s: SnapshotFrom<RecoveryMachine>) => { if (s.status === 'done' || s.matches('escalated')) resolve(s); };
    actor.subscribe(check);
    check(actor.getSnapshot());
  });
  actor.stop();
  return { rest, rounds, adapted, attempts };
}

describe('recovery machine: medium confidence proceeds and records the uncertainty (UC-AP-004 BR-003)', () => {
  it.each([0.7, 0.75, 0.84])('%s: one diagnosis round, DIAGNOSE marked uncertain_diagnosis, then adapts and recovers', async (confidence) => {
    const { rest, rounds, adapted, attempts } = await run(confidence);
    // No further round: a medium confidence does not gather more evidence.
    expect(rounds).toHaveLength(1);
    expect(adapted).toHaveLength(1);
    expect(adapted[0]!.diagnosis?.confidence).toBe(confidence);
    expect(attempts).toBe(2);
    expect(rest.value).toBe('recovered');
    const diagnosed = rest.context.history.filter((e) => e.phase === 'DIAGNOSE');
    expect(diagnosed.map((e) => [e.confidence, e.reason])).toEqual([[confidence, 'uncertain_diagnosis']]);
    expect(rest.context.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ADAPT', 'RETRY']);
    expect(rest.context.history.some((e) => e.phase === 'ESCALATE')).toBe(false);
  });

  it('0.85 proceeds without the mark: only the middle band records uncertainty', async () => {
    const { rest, rounds } = await run(0.85);
    expect(rounds).toHaveLength(1);
    expect(rest.value).toBe('recovered');
    expect(rest.context.history.filter((e) => e.phase === 'DIAGNOSE').map((e) => [e.confidence, e.reason])).toEqual([[0.85, null]]);
  });
});
