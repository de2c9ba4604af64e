/**
 * What `bench:engine` runs: three scenarios of one task, and the contenders that run it — the
 * engine, the XState floor (the smallest XState machine doing the same attempts) and the retry
 * libraries a user would pick instead. Every contender gets a fresh task per run.
 */
import { handleAll, retry, ConstantBackoff } from 'cockatiel';
import pRetry from 'p-retry';
import { classify } from '../../src/classify/index.js';
import { recover, type RecoveryOptions } from '../../src/runtime/index.js';
import { runOnXStateFloor } from '../xstate-floor.js';
import { chartAlone } from './chart-alone.js';

/**
 * (a) the first attempt succeeds (the fixed cost of starting and stopping a run); (b) one
 * transient failure (NETWORK), retried unchanged after a 0 ms backoff; (c) one systematic
 * failure: pause → diagnose → adapt → retry.
 */
export type Scenario = 'ok' | 'transient' | 'systematic';
/** The scenarios in the order the tables print them. */
export const SCENARIOS: readonly Scenario[] = ['ok', 'transient', 'systematic'];
/** A scenario's column label. */
export const LABEL: Record<Scenario, string> = { ok: '(a)', transient: '(b)', systematic: '(c)' };

const transientFailure = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const systematicFailure = () => Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' });

/** A task that fails `scenario`'s way once, then passes (or passes at once for 'ok'). */
export function task(scenario: Scenario): () => void {
  if (scenario === 'ok') return () => undefined;
  const failure = scenario === 'transient' ? transientFailure : systematicFailure;
  let runs = 0;
  return () => { if (++runs === 1) throw failure(); };
}

// Zero delays everywhere: the transient category's default backoff (5 s, 10 s, 20 s) becomes 0.
/** The engine's policy in every scenario: no flake probe, no transient backoff. */
export const POLICY = { flakeProbe: false, categories: { transient: { delaysMs: [0] } } } satisfies RecoveryOptions['policy'];
/** The engine's adapter in (c): a fix at once. */
export const ADAPT: RecoveryOptions['adapt'] = () => ({ fix: 'compare status codes as numbers' });
/** How each scenario's run ends, and after how many attempts. */
export const EXPECTED: Record<Scenario, { status: string; attempts: number }> = {
  ok: { status: 'succeeded', attempts: 1 },
  transient: { status: 'recovered', attempts: 2 },
  systematic: { status: 'recovered', attempts: 2 },
};

/** One run of a contender in a scenario. */
export type Run = () => Promise<unknown>;

const cockatielPolicy = retry(handleAll, { maxAttempts: 3, backoff: new ConstantBackoff(0) });

/** The contenders by name, each making a run of a scenario. */
export const CONTENDERS = {
  /** A bare retry loop that classifies each failure and stops on a fatal one. */
  'bare loop + classify': (s: Scenario): Run => async () => {
    const run = task(s);
    for (let attempt = 1; attempt <= 4; attempt++) {
      try { return run(); } catch (error) {
        if (classify({ error }).category === 'fatal') throw error;
      }
    }
    return undefined;
  },
  'p-retry': (s: Scenario): Run => () => { const run = task(s); return pRetry(async () => run(), { retries: 3, minTimeout: 0, maxTimeout: 0 }); },
  /** p-retry that classifies each failure and gives up on a fatal one. */
  'p-retry + classify': (s: Scenario): Run => () => {
    const run = task(s);
    return pRetry(async () => run(), { retries: 3, minTimeout: 0, maxTimeout: 0, shouldRetry: ({ error }) => classify({ error }).category !== 'fatal' });
  },
  'cockatiel retry': (s: Scenario): Run => () => { const run = task(s); return cockatielPolicy.execute(() => run()); },
  // The smallest XState machine doing the same attempts (one child per run doing each attempt,
  // classify, retry or stop): what any statechart engine on XState pays before doing anything of ours.
  'XState floor': (s: Scenario): Run => () => runOnXStateFloor(task(s)),
  'recovery-protocol': (s: Scenario): Run => () => recover(task(s), { adapt: ADAPT, policy: POLICY }),
  // Not an alternative: the engine's chart with ready answers, to split its distance to the floor (chart-alone.ts).
  'recovery chart alone': (s: Scenario): Run => chartAlone(s, { adapt: ADAPT, policy: POLICY }),
} satisfies Record<string, (s: Scenario) => Run>;

/** A contender's name. */
export type ContenderName = keyof typeof CONTENDERS;
/** Every contender, in the order the tables print them. */
export const CONTENDER_NAMES = Object.keys(CONTENDERS) as ContenderName[];
/** The engine's name in the tables. */
export const ENGINE: ContenderName = 'recovery-protocol';
/** The floor's name in the tables. */
export const FLOOR: ContenderName = 'XState floor';

/** Check the engine's runs end as each scenario expects, before anything is measured. */
export async function checkEngine(): Promise<void> {
  for (const s of SCENARIOS) {
    const outcome = await recover(task(s), { adapt: ADAPT, policy: POLICY });
    if (outcome.status !== EXPECTED[s].status || outcome.attempts !== EXPECTED[s].attempts) {
      throw new Error(`engine bench, ${s}: ${outcome.status} after ${outcome.attempts} attempts`);
    }
  }
}
