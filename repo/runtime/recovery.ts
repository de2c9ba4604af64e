import { randomFillSync } from 'node:crypto';
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { recoveryMachine, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RecoveryInput } from '../../machines/recovery/types.js';
import { compileRedaction, redactSecrets } from '../redact/index.js';
import { actorsOf, attachRun, attachShared, bindRun, NO_RULES, sharedLogic, slotWork } from './actors.js';
import type { AttemptValue } from './attempt-value.js';
import { outcomeWhenResting } from './resting.js';
import { realClock, type Clock } from './clock.js';
import type { RecoveryOptions, Task } from './options.js';
import type { Outcome } from './outcome.js';
import { runPolicy } from './run-policy.js';

/** Resolve with the outcome once the actor rests (final, or escalated and waiting); see resting.ts. */
export { whenResting } from './resting.js';

/** The running recovery actor, for orchestrators. */
export type RecoveryActor = ActorRefFrom<RecoveryMachine>;

/** A time-ordered, unique run id: `20261121-125406-3f9a1c2b`. */
export function newRunId(now: number): string {
  return `${secondOf(now)}-${randomHex8()}`;
}

/** The last second formatted (`20261121-125406`): runs started in one second share it. */
let lastSecond = Number.NaN;
let lastSecondText = '';
function secondOf(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    const iso = new Date(now).toISOString();
    lastSecondText = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
    lastSecond = second;
  }
  return lastSecondText;
}

/** Random words from the CSPRNG, filled a batch at a time (as `randomUUID` does): 32 bits per id. */
const randomWords = new Uint32Array(256);
let nextWord = randomWords.length;
/** Two hex digits per byte value: `toString(16).padStart(8, '0')` cost ~1 µs a run id, this ~0.2. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
function randomHex8(): string {
  if (nextWord === randomWords.length) {
    randomFillSync(randomWords);
    nextWord = 0;
  }
  const word = randomWords[nextWord++]!;
  return HEX[word >>> 24]! + HEX[(word >>> 16) & 0xff]! + HEX[(word >>> 8) & 0xff]! + HEX[word & 0xff]!;
}

/**
 * The machine input for these options (policy validated: a bad field throws `PolicyError` naming
 * its path). The task's name is redacted here, where it enters the run: it is often a command
 * line, and it reaches every record, report, trace and terminal line of the run.
 */
export function recoveryInput(options: RecoveryOptions, clock: Clock = options.clock ?? realClock): RecoveryInput {
  const now = clock.now();
  const runId = options.runId ?? newRunId(now);
  return {
    runId,
    // A run without a name is 'task': a word of ours that only the user's own patterns could match.
    task: options.name === undefined && !options.redact?.length ? 'task' : redactSecrets(options.name ?? 'task', compileRedaction(options.redact)),
    // One policy object for every run of an equal config; the run's own seed beside it. Runs
    // sharing a policy must not jitter in lockstep: without an explicit seed, seed from the run id.
    policy: runPolicy(options.policy),
    jitterSeed: options.policy?.jitterSeed ?? seedOf(runId),
    rules: options.rules ?? NO_RULES,
    timeoutMs: options.timeoutMs ?? null,
    hasDiagnoser: options.diagnose !== undefined,
    hasAdapter: options.adapt !== undefined,
    hasRollback: options.rollback !== undefined,
    lastKnownGood: options.lastKnownGood !== undefined ? options.lastKnownGood : options.rollback ? 'initial' : null,
    now,
  };
}

/** A 32-bit seed from a string (FNV-1a). */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Hooks a persistence layer plugs into a recovery (see `src/runtime/persist.ts`). */
export interface RecoveryHooks {
  /** Write-ahead: resolves once the checkpoint of the program about to start (attempt, diagnoser, adapter, rollback) is durable. */
  writeAhead?(actor: RecoveryActor): Promise<void>;
}

/** The hooks of a run without persistence: one object, not one per run (each run's work keeps its hooks). */
const NO_HOOKS: RecoveryHooks = Object.freeze({});

/**
 * Options of {@link provideRecovery}: those of `recover()` but `onEvent` and `inspect`, which
 * belong to the actor, and an embedding orchestrator creates that (pass `inspect` to its own
 * `createActor`; history is in the child's snapshots).
 */
export type ProvideRecoveryOptions = Omit<RecoveryOptions, 'onEvent' | 'inspect'>;

/**
 * The recovery machine with its I/O slots filled for `task` (the diagnoser, adapter, rollback,
 * redaction and clock of `options`), and `input(run)`: the machine input that carries the rest
 * of `options` — policy, rules, timeout, last known good state, the name and run id (`run`
 * overrides those two per invocation) — and says which slots are filled. Embed it in your own
 * statechart; HEARTBEAT/PROGRESS from the task reach the child through `attach(actor)`.
 *
 * @example
 * ```ts
 * import { createActor, setup, toPromise } from 'xstate';
 * import { provideRecovery } from 'recovery-protocol';
 *
 * let calls = 0;
 * const flaky = () => { if (++calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }); };
 * const { logic, input } = provideRecovery(flaky, { policy: { categories: { transient: { delaysMs: [0] } } } });
 * const parent = setup({ actors: { recovery: logic } }).createMachine({
 *   invoke: { src: 'recovery', input: () => input({ runId: 'fetch-1', name: 'fetch' }), onDone: '.done' },
 *   initial: 'running',
 *   states: { running: {}, done: { type: 'final' } },
 * });
 * await toPromise(createActor(parent).start());
 * console.log(calls); // 2: one failure, one retry after 0 ms (the default transient delay is 5 s)
 * ```
 */
export function provideRecovery(task: Task, options: ProvideRecoveryOptions = {}, hooks: RecoveryHooks = {}) {
  const bound = bindRun(task, options, hooks);
  const { run, work } = bound;
  // The slots call the run's work as functions here (this machine is the run's own, not the shared one).
  const logic = recoveryMachine.provide({ actors: actorsOf(work === run ? slotWork(run) : work) });
  const input = (named: { runId?: string; name?: string } = {}) => recoveryInput({ ...options, ...named }, run.clock);
  return { logic, attach: (actor: RecoveryActor) => attachRun(bound, actor), input };
}

/**
 * `createActor` options shared by every way of starting a recovery, with how this one starts
 * (`{ input }`, or `{ snapshot }` to restore). One literal, not a spread of a spread: on this V8
 * (Node 20) a key added to a spread copy gives that object a hidden class of its own.
 */
export function actorOptions<TStart extends object>(options: RecoveryOptions, start: TStart) {
  const inspect = options.inspect as Observer<InspectionEvent> | ((e: InspectionEvent) => void) | undefined;
  return { clock: options.clock ?? realClock, ...(inspect ? { inspect } : {}), ...start };
}

/**
 * Start a recovery and return the running actor, for orchestrators that send `DECIDE`, watch
 * snapshots or embed it. The actor rests in a final state or in `escalated` (waiting for `DECIDE`).
 *
 * @example
 * ```ts
 * const actor = createRecovery({ task: deploy, name: 'deploy' });
 * const outcome = await whenResting(actor); // final, or escalated and waiting for DECIDE
 * if (outcome.status === 'escalated') actor.send(decide('retry-with', 'use the new deploy token'));
 * ```
 */
export function createRecovery(options: RecoveryOptions & { task: Task }, hooks: RecoveryHooks = NO_HOOKS): RecoveryActor {
  return startRecovery(options.task, options, hooks).actor;
}

/**
 * {@link createRecovery} with the task apart from the options (`recover` passes the caller's
 * options object as it is), and where the passing attempt's return value is kept.
 */
function startRecovery(task: Task, options: RecoveryOptions, hooks: RecoveryHooks): { actor: RecoveryActor; value: AttemptValue } {
  const bound = bindRun(task, options, hooks);
  const actor = createActor(sharedLogic(), actorOptions(options, { input: recoveryInput(options) }));
  attachShared(bound, actor);
  if (options.onEvent) forwardHistory(actor, options.onEvent);
  actor.start();
  return { actor, value: bound.run.value };
}

/**
 * Run `task` under the recovery protocol and resolve with its outcome. An escalated run resolves
 * with status `escalated` and is stopped (persist it with a store to decide later: see
 * `recoverPersisted`, whose `runKey` continues the same run). A run that passed carries what the
 * passing attempt's task resolved with as `outcome.value` (typed `T`), in memory only.
 *
 * @example
 * ```ts
 * const outcome = await recover(async () => (await fetch(url)).json() as Promise<Release>);
 * if (outcome.status === 'succeeded' || outcome.status === 'recovered') use(outcome.value!); // a Release
 * ```
 */
export function recover<T = unknown>(task: Task<T>, options: RecoveryOptions = {}): Promise<Outcome<T>> {
  // Not `createRecovery({ ...options, task })`: on this V8 (Node 20) a spread that adds a key
  // gives every copy a hidden class of its own, ~2 KB allocated and one more map kept per run.
  // Not an async function: its frame and the promises between it and the wait were ~500 B held
  // by every run in flight; the wait is one object (resting.ts). A throw while starting (a bad
  // policy) still rejects rather than throws, as the async function did.
  try {
    const { actor, value } = startRecovery(task, options, NO_HOOKS);
    return outcomeWhenResting<T>(actor, value);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Call `onEvent` once for every history event, in order, as snapshots record them; events up to
 * `shownThrough` (a `seq`; default 0) are not repeated — a resumed run restores them.
 */
export function forwardHistory(actor: RecoveryActor, onEvent: NonNullable<RecoveryOptions['onEvent']>, shownThrough = 0): void {
  let seen = shownThrough;
  actor.subscribe((snapshot) => {
    const history = snapshot.context.history;
    const last = history[history.length - 1]?.seq ?? 0;
    // History is append-only with increasing `seq`: the new events are a tail, found from the end
    // (a snapshot adds one or two), not by scanning the whole history on every snapshot.
    let from = history.length;
    while (from > 0 && history[from - 1]!.seq > seen) from--;
    for (let i = from; i < history.length; i++) onEvent(history[i]!);
    seen = last;
  });
}
