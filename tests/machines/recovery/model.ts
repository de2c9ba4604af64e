/**
 * The test model of the recovery machine: which events (with which payloads) each state is
 * offered, per configuration, and how a path's steps are replayed against a real actor.
 */
import type { AnyEventObject } from 'xstate';
import type { RecoveryContext, RecoveryInput } from '../../../machines/recovery/types.js';
import { classifyObservation } from '../../../machines/recovery/failure.js';
import { resolvePolicy } from '../../../src/policy/index.js';
import type { DecisionChoice, PolicyConfig } from '../../../src/policy/types.js';
import type { FailureType } from '../../../src/taxonomy/index.js';

/** Epoch ms at which every model run starts. */
export const START = Date.UTC(2026, 0, 1);

/** One configuration of optional slots and policy: the model is walked once per configuration. */
export interface ModelConfig {
  name: string;
  input: RecoveryInput;
  /** First-attempt failures offered (later attempts repeat the failure or pass). */
  firsts: FailureType[];
  /** Decisions offered at an escalation. */
  decisions: DecisionChoice[];
  /** Offer HEARTBEAT / PROGRESS while executing. */
  watches?: boolean;
}

const fail = (type: FailureType, extra: Record<string, unknown> = {}) => ({ error: { name: 'Error', type, message: `${type} in model` }, ...extra });

function config(
  name: string,
  slots: { adapter?: boolean; diagnoser?: boolean; rollback?: boolean },
  policy: PolicyConfig,
  focus: Pick<ModelConfig, 'firsts' | 'decisions' | 'watches'>,
): ModelConfig {
  return {
    name,
    ...focus,
    input: {
      runId: `model-${name}`,
      task: 'model task',
      policy: resolvePolicy(policy),
      hasAdapter: slots.adapter ?? false,
      hasDiagnoser: slots.diagnoser ?? false,
      hasRollback: slots.rollback ?? false,
      lastKnownGood: slots.rollback ? 'good' : null,
      timeoutMs: 1000,
      now: START,
    },
  };
}

/** Small budgets keep the path count finite and still reach every budget guard. */
const small: PolicyConfig = {
  categories: { transient: { budget: 1, delaysMs: [5000] }, systematic: { budget: 3 }, resource: { budget: 1 } },
  types: { UNKNOWN: { budget: 1 } },
};

const ALL_FIRSTS: FailureType[] = ['SECURITY_VIOLATION', 'USER_ABORT', 'AUTH_REQUIRED', 'CONTEXT_EXHAUSTED', 'RATE_LIMIT', 'BROKEN_BUILD', 'VERIFICATION_FAILED', 'UNKNOWN'];

/**
 * The configurations walked. Each has a focus (the failures and decisions it offers) so the
 * path count stays drivable; together they must cover every state and transition.
 */
export const CONFIGS: ModelConfig[] = [
  // Transient retries with no backoff go straight to `executing` here; `bare` waits in `retry`.
  config('adapter', { adapter: true }, { ...small, categories: { ...small.categories, transient: { budget: 1, delaysMs: [0] } } }, { firsts: ALL_FIRSTS, decisions: ['retry-fresh', 'retry-with-modifications', 'skip', 'abort', 'manual'] }),
  config('all-slots', { adapter: true, diagnoser: true, rollback: true }, { ...small, categories: { ...small.categories, systematic: { budget: 1, delaysMs: [1000] } }, diagnoseRounds: 2 }, { firsts: ['BROKEN_BUILD', 'UNKNOWN'], decisions: ['skip'] }),
  config('rollback-only', { rollback: true }, small, { firsts: ['BROKEN_BUILD'], decisions: ['rollback', 'skip'] }),
  config('bare', {}, { ...small, categories: { ...small.categories, transient: { budget: 3, delaysMs: [5000] } }, onFlaky: 'pass', decisionTimeoutMs: 60_000, totalBudgetMs: 3_000 }, { firsts: ['RATE_LIMIT', 'VERIFICATION_FAILED', 'UNKNOWN', 'DATA_CORRUPTION'], decisions: ['retry-with-modifications', 'skip'] }),
  // Seed 004's halts (issue 33): critical failures roll back before escalating, a critical gate
  // rolls back before its next fix, and a fix beyond the approval thresholds stops before its retry.
  config('halt', { adapter: true, rollback: true }, { ...small, criticalGate: true, approval: { maxChangedFraction: 0.5 } }, { firsts: ['SECURITY_VIOLATION', 'DATA_CORRUPTION', 'QUALITY_GATE_FAIL'], decisions: ['skip'] }),
  // A critical gate without an adapter: rolled back, then the gate runs again.
  config('gate-retry', { rollback: true }, { ...small, criticalGate: true }, { firsts: ['QUALITY_GATE_FAIL', 'VERIFICATION_FAILED'], decisions: ['skip'] }),
  config('rollback-due', { adapter: true, rollback: true }, { ...small, rollbackAfterFailures: 1, flakeProbe: false, heartbeatTimeoutMs: 100, stallTimeoutMs: 200 }, { firsts: ['UNKNOWN'], decisions: ['skip'], watches: true }),
  // Seed 002's strategy without an adapter: the first hinted retry starts at once, the second waits.
  config('strategy', {}, { ...small, categories: { ...small.categories, systematic: { budget: 3, delaysMs: [0, 1000] } } }, { firsts: ['MISSING_SECTIONS'], decisions: ['skip'] }),
];

const FIXES = ['add null check before payload', 'switch to verify instead of decode', 'compare expiry with seconds'];
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} crashed`) });
/** The runtime's agent adapter refused a call: the run spent over its agent budget. */
const overBudget = () => ({ type: 'xstate.error.actor.adapt', error: Object.assign(new Error('agent claude spent $0.51, over the run\'s limit of $0.5'), { name: 'AgentBudgetError' }) });
/** The runner's answer to the attempt (or probe) it was asked for. */
const answered = (output: unknown) => ({ type: 'runner.done', output });
const crashed = () => ({ type: 'runner.error', error: new Error('runTask crashed') });

/**
 * The events a state is offered: only those it handles, with a payload variant for each guard.
 * Later attempts are offered fewer failure kinds, which keeps simple paths enumerable.
 */
export function eventsFor(c: RecoveryContext, value: unknown, config: ModelConfig): AnyEventObject[] {
  const at = c.clockAt + 1000;
  const v = JSON.stringify(value);
  if (v.includes('"executing"')) {
    const outcome = (observation: unknown) => answered({ ok: false, at, durationMs: 10, observation });
    const events: AnyEventObject[] = [answered({ ok: true, at, durationMs: 10 })];
    const decided = c.history.some((e) => e.phase === 'DECISION');
    if (decided) {
      // After a human decided, one more pass or a stop is enough: the cycle itself is explored elsewhere.
      events.push(outcome(fail('SECURITY_VIOLATION')));
    } else if (c.attempt <= 1) {
      for (const type of config.firsts) {
        events.push(outcome(type === 'UNKNOWN' ? { message: 'zzz qqq' } : type === 'VERIFICATION_FAILED' ? fail(type, { tests: { passed: 1, failed: 1, failing: ['rejects expired token'] } })
          : type === 'MISSING_SECTIONS' ? fail(type, { validationErrors: ['Missing section: # A', 'Missing section: # B'] }) : fail(type)));
      }
      // The runtime's outcomes carry their classification: a transient one retried at once goes
      // straight back to `executing` (the unclassified one above goes through `recovery.diagnose`).
      if (config.firsts.includes('RATE_LIMIT')) {
        const observation = fail('RATE_LIMIT');
        events.push(answered({ ok: false, at, durationMs: 10, observation, classification: classifyObservation(observation, []) }));
      }
      events.push(crashed());
      // Unwatched until the first beat; then each watch not yet armed can still be.
      const unwatched = v.includes('"unwatched"');
      if (config.watches && (unwatched || v.includes('"heartbeat":"idle"'))) events.push({ type: 'HEARTBEAT', at });
      if (config.watches && (unwatched || v.includes('"progress":"idle"'))) events.push({ type: 'PROGRESS', at, progress: 0.5 });
    } else {
      const type = c.failure?.classification.type ?? 'UNKNOWN';
      // The same failure again (a missing section stays missing: the same validation messages).
      const same = c.failure?.observation.validationErrors ? { validationErrors: c.failure.observation.validationErrors } : {};
      events.push(outcome(type === 'VERIFICATION_FAILED' ? fail(type, { tests: { passed: 1, failed: 1, failing: ['allows valid requests'] } }) : fail(type, same)));
      if (type === 'RATE_LIMIT') events.push(outcome(fail('SECURITY_VIOLATION')));
      // Progress: a section fewer is missing, so the hint changes (the repeat is the failure above).
      if (type === 'MISSING_SECTIONS') events.push(outcome(fail(type, { validationErrors: [`Missing section: # S${c.attempt}`] })));
    }
    // A repeated beat is offered a bounded number of times (the abstraction tells beats apart by time).
    const beat = c.clockAt - c.fixed.startedAt < 3000;
    if (v.includes('"heartbeat":"watching"')) events.push({ type: 'xstate.after.heartbeatTimeout.recovery.executing.watched.heartbeat.watching' }, ...(beat ? [{ type: 'HEARTBEAT', at }] : []));
    // Both watches armed: the heartbeat's shorter timeout fires first, so only it is offered.
    if (v.includes('"progress":"watching"') && !v.includes('"heartbeat":"watching"')) events.push({ type: 'xstate.after.stallTimeout.recovery.executing.watched.progress.watching' }, ...(beat ? [{ type: 'PROGRESS', at }] : []));
    return events;
  }
  if (v.includes('"consult"')) {
    const h = (confidence: number) => done('diagnose', { hypotheses: [{ text: `hypothesis at ${confidence}`, confidence }], at });
    return [h(0.9), h(0.75), h(0.6), h(0.3), done('diagnose', { hypotheses: 'none' }), failed('diagnose')];
  }
  if (v.includes('"probeFlake"')) {
    const type = c.failure?.classification.type ?? 'UNKNOWN';
    return [answered({ ok: true, at, durationMs: 5 }), answered({ ok: false, at, durationMs: 5, observation: fail(type) }), crashed()];
  }
  if (v.includes('"rollback"')) return [done('rollback', { restored: true, at }), done('rollback', { restored: false, at }), failed('rollback')];
  if (v.includes('"adapt"')) {
    const fresh = FIXES[c.pass.fixes.length] ?? `fresh fix number ${c.pass.fixes.length}`;
    const events: AnyEventObject[] = [done('adapt', { fix: fresh, confidence: 0.9, at }), done('adapt', null), done('adapt', { fix: 42 }), failed('adapt'), overBudget()];
    if (c.pass.fixes.length > 0) events.push(done('adapt', { fix: c.pass.fixes[0], at }));
    // A fix that left 3 of 4 files changed: beyond a 50 % threshold, it needs approval.
    if (c.policy.approval) events.push(done('adapt', { fix: `${fresh} everywhere`, confidence: 0.9, at, change: { changedFiles: 3, totalFiles: 4, insertions: 9, deletions: 2, paths: ['a.ts', 'b.ts', 'c.ts'] } }));
    // Similar to both earlier fixes (Jaccard 0.5 with each): circular, though not identical to either.
    if (c.pass.fixes.length >= 2) events.push(done('adapt', { fix: `${c.pass.fixes[c.pass.fixes.length - 1]} ${c.pass.fixes[c.pass.fixes.length - 2]}`, at }));
    return events;
  }
  if (v.includes('"retry"')) return [done('sleepUntil', { at: c.nextAttemptAt ?? at }), failed('sleepUntil')];
  if (v.includes('"escalated"')) {
    const events: AnyEventObject[] = config.decisions
      .map((choice) => ({ type: 'DECIDE', choice, at, ...(choice === 'retry-with-modifications' ? { guidance: 'use jwt.verify()' } : {}) }));
    if (v.includes('"timed"')) events.push(done('decisionTimer', { at: c.pass.decisionDeadline ?? at }));
    // Decisions that restart work are offered once per path: a human's answer is not a loop to explore.
    return c.history.some((e) => e.phase === 'DECISION') ? events.filter((e) => !String(e.choice).startsWith('retry') && e.choice !== 'rollback') : events;
  }
  return [];
}

/**
 * The abstract state a path may not revisit: the chart position plus only the counters that
 * route (budget, probe, diagnosis rounds and confidence, fixes, what follows a rollback, whether a human has
 * decided). Loops through the cycle stay finite because every pass raises the iteration.
 */
export function serialize(value: unknown, c: RecoveryContext): string {
  return JSON.stringify([
    value, c.iteration, c.failure?.classification.type ?? null, c.pass.flakeProbed, c.pass.diagnoseRound,
    // A malformed diagnoser answer keeps the diagnosis before it: its confidence routes the next round.
    c.pass.diagnosis?.confidence ?? null,
    c.pass.fixes.length, c.pass.afterRollback, c.level, c.history.some((e) => e.phase === 'DECISION'),
    // While a watch is armed, time tells one beat from the next.
    JSON.stringify(value).includes('watching') ? c.clockAt - c.fixed.startedAt : null,
  ]);
}
