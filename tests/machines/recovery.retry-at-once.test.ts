/**
 * A transient failure retried at once goes from `executing` straight back to `executing` in one
 * update (`retriesAtOnce` / `retryAtOnce`), without the hop through `recovery.diagnose`. Two
 * things keep that honest: the guard says yes exactly when the chart's own routing table would
 * pick its `isTransientWithoutBackoff` row, and a run that takes the short way ends with the
 * same context and history as one that takes the long way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyTransitionDefinition } from 'xstate';
import { recoveryMachine } from '../../machines/recovery.machine.js';
import { runner } from '../../machines/runner.js';
import { initialContext } from '../../machines/recovery/context.js';
import { recoveryGuards } from '../../machines/recovery/guards.js';
import { retriesAtOnce } from '../../machines/recovery/routing.js';
import { classifyObservation } from '../../machines/recovery/failure.js';
import type { AttemptInput, AttemptOutcome, RecoveryContext, RecoveryEvent, RecoveryInput } from '../../machines/recovery/types.js';
import { resolvePolicy } from '../../src/policy/index.js';
import { FAILURE_TYPES, type FailureType } from '../../src/taxonomy/index.js';

const START = Date.UTC(2026, 0, 1);
const diagnose = recoveryMachine.root.states.recovery!.states.diagnose!;
const rows = diagnose.always as AnyTransitionDefinition[];
const guardName = (t: AnyTransitionDefinition) => (typeof t.guard === 'string' ? t.guard : (t.guard as { type: string } | undefined)?.type);

/** The guard of the first row of the chart's routing table that holds for `context` (undefined: the fall-through). */
function firstRow(context: RecoveryContext): string | undefined {
  const guards = recoveryGuards as Record<string, (args: { context: RecoveryContext; event: RecoveryEvent }) => boolean>;
  const row = rows.find((t) => guardName(t) === undefined || guards[guardName(t)!]!({ context, event: { type: 'HEARTBEAT' } }));
  return row && guardName(row);
}

/** The context as `recordFailure` leaves it: the failure kept, the clock at its end. */
function afterFailure(c: RecoveryContext, outcome: Extract<AttemptOutcome, { ok: false }>): RecoveryContext {
  const failure = { attempt: c.attempt, at: outcome.at, observation: outcome.observation, classification: outcome.classification! };
  return { ...c, failure, clockAt: Math.max(c.clockAt, outcome.at) };
}

const TYPES = Object.keys(FAILURE_TYPES) as FailureType[];

describe('retriesAtOnce', () => {
  it('the routing table has the row it stands for', () => expect(rows.map(guardName)).toContain('isTransientWithoutBackoff'));

  it('holds exactly when the chart would route the failure to its immediate-retry row', () => {
    fc.assert(fc.property(
      fc.constantFrom(...TYPES), fc.boolean(), fc.integer({ min: 0, max: 4 }), fc.constantFrom(0, 5_000), fc.constantFrom(0, 1_000),
      fc.integer({ min: 0, max: 3_000 }), fc.boolean(), fc.boolean(), fc.boolean(),
      (type, critical, iteration, delay, totalBudgetMs, elapsed, adapter, diagnoser, rollback) => {
        const policy = resolvePolicy({ totalBudgetMs, categories: { transient: { budget: 3, delaysMs: [delay] } } });
        const input: RecoveryInput = { runId: 'r', task: 't', policy, hasAdapter: adapter, hasDiagnoser: diagnoser, hasRollback: rollback, lastKnownGood: rollback ? 'good' : null, now: START };
        const c = { ...initialContext(input), iteration };
        const info = FAILURE_TYPES[type];
        const classification = { type, category: info.category, severity: critical ? 'critical' as const : info.severity, action: info.action, confidence: 0.9, evidence: [] };
        const outcome = { ok: false as const, at: START + elapsed, durationMs: 1, observation: { message: type }, classification };
        expect(retriesAtOnce(c, outcome)).toBe(firstRow(afterFailure(c, outcome)) === 'isTransientWithoutBackoff');
      },
    ), { numRuns: 2_000 });
  });

  it('never holds for a pass, a rejection or an outcome without its classification', () => {
    const c = initialContext({ runId: 'r', task: 't', policy: resolvePolicy({ categories: { transient: { delaysMs: [0] } } }), now: START });
    expect(retriesAtOnce(c, { ok: true, at: START, durationMs: 1 })).toBe(false);
    expect(retriesAtOnce(c, undefined)).toBe(false);
    expect(retriesAtOnce(c, { ok: false, at: START, durationMs: 1, observation: { error: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } } })).toBe(false);
  });
});

describe('a transient failure retried at once', () => {
  const observation = { error: { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' } };
  const policy = resolvePolicy({ flakeProbe: false, categories: { transient: { delaysMs: [0] } } });

  /** A run failing transiently `failures` times then passing; `classified`: its outcomes carry their classification, as the runtime's do. */
  async function run(classified: boolean, failures: number) {
    const values: string[] = [];
    const logic = recoveryMachine.provide({
      actors: {
        runTask: runner<AttemptOutcome, AttemptInput>(async ({ input }) => input.attempt > failures
          ? { ok: true, at: START + input.attempt, durationMs: 1 }
          : { ok: false, at: START + input.attempt, durationMs: 1, observation, ...(classified ? { classification: classifyObservation(observation, [], START) } : {}) }),
      },
    });
    const actor = createActor(logic, {
      input: { runId: 'same', task: 'task', policy, now: START },
      inspect: (e) => { if (e.type === '@xstate.microstep') values.push(JSON.stringify((e.snapshot as { value?: unknown }).value)); },
    });
    actor.start();
    await toPromise(actor);
    return { snapshot: actor.getSnapshot(), values };
  }

  it.each([1, 3])('ends as the run through recovery.diagnose does (%i failures): same status, context and history', async (failures) => {
    const short = await run(true, failures);
    const long = await run(false, failures);
    if (failures === 1) expect(short.snapshot.value).toBe('recovered');
    expect(short.snapshot.value).toEqual(long.snapshot.value);
    expect(short.snapshot.context).toEqual(long.snapshot.context);
    expect(short.snapshot.context.history.map((e) => e.phase)).toContain('DIAGNOSE');
    // The short way never enters recovery.diagnose; the long way does, once per failure.
    expect(short.values.filter((v) => v.includes('diagnose'))).toHaveLength(0);
    expect(long.values.filter((v) => v.includes('diagnose')).length).toBeGreaterThanOrEqual(failures);
  });
});
