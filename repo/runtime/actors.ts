/**
 * Binds the recovery machine's I/O slots to a run's work (slot-work.ts): the shared machine that
 * `recover`, `createRecovery`, `recoverPersisted` and `resume` run on, which finds each run's
 * work through the actor system it runs in, and the per-run binding `provideRecovery` uses.
 */
import type { ActorRefFrom } from 'xstate';
import { RECOVERY_SLOTS, recoveryMachine, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RunnerWork } from '../../machines/runner.js';
import { slotActors, type SlotWork as SlotWorkOf } from '../../machines/shared.js';
import { compileRedaction } from '../redact/index.js';
import { realClock } from './clock.js';
import { HOOK_TIMEOUT_MS, hookTimeoutProblem } from './hook-context.js';
import { NO_EXTENSIONS, runExtensions, type RunExtensions } from './run-extensions.js';
import type { RecoveryOptions, Task } from './options.js';
import { RunWork, type RunHooks } from './slot-work.js';
import { measuredFixes } from './measured-fixes.js';

/** The work behind each of the machine's I/O slots, for one run (derived from the machine's slot table). */
export type SlotWork = SlotWorkOf<typeof RECOVERY_SLOTS>;

/**
 * The real work of the machine's I/O slots for one run (see {@link RunWork}), as the slot table
 * types it: one function per slot, each calling the run's own object.
 */
export function slotWork(work: RunWork): SlotWork {
  return {
    runTask: (args) => work.runTask(args),
    sleepUntil: (args) => work.sleepUntil(args),
    diagnose: (args) => work.diagnose(args),
    adapt: (args) => work.adapt(args),
    rollback: (args) => work.rollback(args),
  };
}

/** The slots' work as actor logic for `machine.provide({ actors })`. */
export function actorsOf(work: SlotWork) {
  return slotActors(RECOVERY_SLOTS, work);
}

/**
 * The per-run work behind the I/O slots ({@link attachRun} tells it which actor it drives). Its
 * `run.seal(text)` redacts text the user sends into the run (a decision's guidance) and remembers
 * the original in memory only, so this process's programs still receive it as given. `work` is the run's
 * own object when nothing wraps its slots (no telemetry, no fix memory): the shared machine
 * calls its methods; otherwise the slot functions the extensions wrap.
 */
export function bindRun(task: Task, options: RecoveryOptions, hooks: RunHooks) {
  const clock = options.clock ?? realClock;
  const hookTimeoutMs = options.hookTimeoutMs ?? HOOK_TIMEOUT_MS;
  const problem = hookTimeoutProblem(hookTimeoutMs);
  if (problem !== null) throw new RangeError(problem);
  // Strings are compiled (a bad one throws naming it); RegExps keep their flags; a list compiled
  // once already (a persisted run's context) is read as it is.
  const redact = compileRedaction(options.redact);
  // Telemetry and fix memory, when asked for: they wrap the slots' work and watch the actor.
  const extensions = runExtensions(options, clock, redact);
  const run = new RunWork(task, measuredFixes(extensions.hooks(options), options), { clock, redact, rules: options.rules ?? NO_RULES, hookTimeoutMs, hooks });
  const work: SlotWork | RunWork = extensions === NO_EXTENSIONS ? run : extensions.wrap(slotWork(run));
  return { run, work, extensions, traceparent: extensions.traceparent };
}

/** A run's work bound by {@link bindRun}. */
export interface BoundRun {
  run: RunWork;
  work: SlotWork | RunWork;
  extensions: RunExtensions;
}

/** Tell a bound run (its work, its extensions) which actor it drives. */
export function attachRun(bound: BoundRun, actor: ActorRefFrom<RecoveryMachine>): void {
  bound.run.target = actor;
  bound.extensions.attach(actor);
}

/**
 * The rules of a run given none: one frozen empty list shared by every such run (its work, and
 * its machine input: the actor keeps that all run, and the context its rules), not a new list
 * per run in flight, held and promoted with it. Frozen, as it is shared: rules are read, never
 * pushed to.
 */
export const NO_RULES: unknown[] = [];
Object.freeze(NO_RULES);

/**
 * Every recovery that `createRecovery`, `recover`, `recoverPersisted` and `resume` start runs on
 * one shared machine whose slots look up the work of the run that invoked them by the actor
 * system they run in (each of those runs is a root actor, so it has a system of its own):
 * `machine.provide()` rebuilds the whole state tree and its transition tables, which cost more
 * than the run itself. (`provideRecovery` still provides a machine of its own: embedded in
 * another chart, the recovery actor is not ours to register.)
 */
const workOf = new WeakMap<object, SlotWork | RunWork>();

/** The work of `slot` for the run whose actor system the slot's actor runs in (called as its method). */
const dispatch = (slot: keyof SlotWork): RunnerWork<unknown, unknown> => (args) => {
  const work = workOf.get(args.system) as Record<keyof SlotWork, RunnerWork<unknown, unknown>> | undefined;
  if (!work) return Promise.reject(new Error(`recovery machine: no work is bound for the "${slot}" actor of this run`));
  return work[slot](args);
};

/**
 * Unbind the work of a run whose actor was stopped by its owner (`recover()`): no slot of it will
 * start again. Left to the collector, the entry kept the run's work (its task, and the actor it
 * drives, snapshots and all) alive through every young-generation GC until a full one, so runs
 * were promoted to the old generation before they could die: measured one run at a time, the old
 * generation grew 1.9–8.8 KB a run (varying between processes), 2.0–2.3 KB with this (the XState
 * floor's own ~2.2 KB), and the run cost ~7–12 % less CPU.
 */
export function releaseRun(actor: ActorRefFrom<RecoveryMachine>): void {
  workOf.delete(actor.system);
}

/** True while a run's work is bound to the actor system of `actor` (for tests). @internal */
export const isBound = (actor: ActorRefFrom<RecoveryMachine>): boolean => workOf.has(actor.system);

let sharedMachine: RecoveryMachine | undefined;
/** The machine every run that `sharedRun` and `attachShared` bind runs on (see {@link workOf}). */
export function sharedLogic(): RecoveryMachine {
  if (sharedMachine) return sharedMachine;
  const dispatched = Object.fromEntries(Object.keys(RECOVERY_SLOTS).map((name) => [name, dispatch(name as keyof SlotWork)])) as SlotWork;
  return (sharedMachine = recoveryMachine.provide({ actors: slotActors(RECOVERY_SLOTS, dispatched) }));
}

/**
 * The shared machine, and `attach(actor)` that binds this run's work to the actor made from it:
 * call it before `actor.start()` (a restored snapshot's slots start with the actor).
 */
export function sharedRun(task: Task, options: RecoveryOptions, hooks: RunHooks = {}) {
  const bound = bindRun(task, options, hooks);
  return {
    logic: sharedLogic(),
    seal: (text: string) => bound.run.seal(text),
    traceparent: bound.traceparent,
    /** The passing attempt's return value, for the outcome (see `AttemptValue`). */
    value: bound.run.value,
    attach: (actor: ActorRefFrom<RecoveryMachine>) => attachShared(bound, actor),
  };
}

/**
 * Bind a run's work (from {@link bindRun}) to `actor`, made from {@link sharedLogic}: call it
 * before `actor.start()`. What `sharedRun`'s `attach` does, for a caller that needs neither its
 * `seal` nor its closures (`recover()`: four functions and an object fewer per run).
 */
export function attachShared(bound: BoundRun, actor: ActorRefFrom<RecoveryMachine>): void {
  workOf.set(actor.system, bound.work);
  attachRun(bound, actor);
}
