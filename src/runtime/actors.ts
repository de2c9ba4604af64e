import type { ActorRefFrom } from 'xstate';
import { RECOVERY_SLOTS, recoveryMachine, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RunnerWork } from '../../machines/runner.js';
import { slotActors, type SlotWork as SlotWorkOf } from '../../machines/shared.js';
import type { AdaptOutput, AttemptInput } from '../../machines/recovery/types.js';
import { classifyObservation } from '../../machines/recovery/failure.js';
import { compileRedactPatterns, redactDeep, redactSecrets } from '../report/redact.js';
import { realClock, sleepUntil, type Clock } from './clock.js';
import { observationFrom } from './observe.js';
import { runExtensions } from './run-extensions.js';
import type { Adapter, Diagnoser, RecoveryOptions, Rollback, Task, TaskContext } from './options.js';

/** What the actor bindings need from the running recovery. */
export interface Binding {
  clock: Clock;
  redact: RegExp[];
  /** The run's own classification rules: a failure is classified before it is redacted. */
  rules: readonly unknown[];
  /**
   * Text that was redacted on its way into the run (a decision's guidance), back to what the
   * user gave, for the programs this process starts; never recorded. Default: as is.
   */
  reveal(text: string | null): string | null;
  /** Send HEARTBEAT / PROGRESS to the running actor. */
  send(event: { type: 'HEARTBEAT' | 'PROGRESS'; at: number; progress?: number }): void;
  /**
   * Write-ahead: resolves once the checkpoint naming the program about to start (the attempt,
   * or the user's diagnoser, adapter or rollback) is durable, so a crash right after the spawn
   * leaves a checkpoint that knows what was running.
   */
  writeAhead(): Promise<void>;
}

/** The work behind each of the machine's I/O slots, for one run (derived from the machine's slot table). */
export type SlotWork = SlotWorkOf<typeof RECOVERY_SLOTS>;

/**
 * The real work of the machine's I/O slots: the task (timed, redacted, never rejecting), the
 * user's diagnoser/adapter/rollback, and deadline sleeps on the clock.
 *
 * This is where what a task and the user's programs saw enters the run: a failure is classified
 * on its raw observation (`'/etc/passwd': Operation not permitted` must stay a security failure),
 * then the observation and the classification's evidence are redacted, so nothing downstream
 * (context, history, checkpoints, reports, traces, the inspector) holds a secret.
 */
export function slotWork(task: Task, hooks: { diagnose?: Diagnoser; adapt?: Adapter; rollback?: Rollback }, binding: Binding): SlotWork {
  const { clock } = binding;
  const clean = <T>(value: T): T => redactDeep(value, binding.redact) as T;
  return {
    runTask: async (run) => {
      const { input } = run;
      await binding.writeAhead();
      const startedAt = clock.now();
      const outcome = await runAttempt(task, { ...input, guidance: binding.reveal(input.guidance) }, run, binding);
      const at = clock.now();
      if (outcome.ok) return { ok: true, at, durationMs: at - startedAt };
      // The raw observation (a secret-shaped path must still read as a security failure), on the run's clock.
      const classification = classifyObservation(outcome.observation, binding.rules, at);
      return { ok: false, at, durationMs: at - startedAt, observation: clean(outcome.observation), classification: clean(classification) };
    },
    sleepUntil: ({ input, signal }) => sleepUntil(clock, input.until, signal),
    diagnose: async ({ input }) => {
      await binding.writeAhead();
      const output = await hooks.diagnose!(input);
      return { ...clean(output), at: clock.now() };
    },
    adapt: async ({ input }) => {
      await binding.writeAhead();
      const output = await hooks.adapt!({ ...input, guidance: binding.reveal(input.guidance) });
      if (output === undefined || output === null) return null;
      return typeof output === 'object' ? { ...clean(output), at: clock.now() } : (output as AdaptOutput);
    },
    rollback: async ({ input }) => {
      await binding.writeAhead();
      const answer = await hooks.rollback!(input);
      const report = typeof answer === 'object' && answer !== null ? answer : { restored: answer !== false };
      const message = report.message ? clean(report.message) : undefined;
      return { restored: report.restored, at: clock.now(), ...(message ? { message } : {}) };
    },
  };
}

/**
 * Fill the machine's I/O slots with real work (see {@link slotWork}), as actor logic for
 * `machine.provide({ actors })`.
 */
export function bindActors(task: Task, hooks: { diagnose?: Diagnoser; adapt?: Adapter; rollback?: Rollback }, binding: Binding) {
  return actorsOf(slotWork(task, hooks, binding));
}

/** The slots' work as actor logic for `machine.provide({ actors })`. */
export function actorsOf(work: SlotWork) {
  return slotActors(RECOVERY_SLOTS, work);
}

/** The hooks a persistence layer plugs into a run (`RecoveryHooks` in recovery.ts). */
export interface RunHooks {
  /** Write-ahead: resolves once the checkpoint of the program about to start is durable. */
  writeAhead?(actor: ActorRefFrom<RecoveryMachine>): Promise<void>;
}

/**
 * The per-run work behind the I/O slots, and how it learns which actor it drives. `seal(text)`
 * redacts text the user sends into the run (a decision's guidance) and remembers the original
 * in memory only, so this process's programs still receive it as given.
 */
export function bindRun(task: Task, options: RecoveryOptions, hooks: RunHooks) {
  const clock = options.clock ?? realClock;
  let target: ActorRefFrom<RecoveryMachine> | undefined;
  const originals = new Map<string, string>();
  const redact = redactPatternsOf(options.redact);
  const binding: Binding = {
    clock,
    // Strings are compiled (a bad one throws naming it); RegExps keep their flags.
    redact,
    rules: options.rules ?? [],
    reveal: (text) => (text === null ? null : originals.get(text) ?? text),
    send: (event) => target?.send(event),
    writeAhead: () => (target && hooks.writeAhead ? hooks.writeAhead(target) : Promise.resolve()),
  };
  const seal = (text: string): string => {
    const redacted = redactSecrets(text, redact);
    if (redacted !== text) originals.set(redacted, text);
    return redacted;
  };
  // Telemetry and fix memory, when asked for: they wrap the slots' work and watch the actor.
  const extensions = runExtensions(options, clock, redact);
  const work = extensions.wrap(slotWork(task, extensions.hooks(options), binding));
  const attach = (actor: ActorRefFrom<RecoveryMachine>) => {
    target = actor;
    extensions.attach(actor);
  };
  return { binding, seal, work, attach, traceparent: extensions.traceparent };
}

const NO_PATTERNS: RegExp[] = [];

/** The user's extra secret patterns, compiled (a bad string throws naming it); RegExps keep their flags. */
export function redactPatternsOf(patterns: RecoveryOptions['redact']): RegExp[] {
  if (!patterns || patterns.length === 0) return NO_PATTERNS;
  return [...compileRedactPatterns(patterns.filter((p): p is string => typeof p === 'string')), ...patterns.filter((p): p is RegExp => p instanceof RegExp)];
}

/**
 * Every recovery that `createRecovery`, `recover`, `recoverPersisted` and `resume` start runs on
 * one shared machine whose slots look up the work of the run that invoked them by the actor
 * system they run in (each of those runs is a root actor, so it has a system of its own):
 * `machine.provide()` rebuilds the whole state tree and its transition tables, which cost more
 * than the run itself. (`provideRecovery` still provides a machine of its own: embedded in
 * another chart, the recovery actor is not ours to register.)
 */
const workOf = new WeakMap<object, SlotWork>();

/** The work of `slot` for the run whose actor system the slot's actor runs in. */
const dispatch = (slot: keyof SlotWork): RunnerWork<unknown, unknown> => (args) => {
  const work = workOf.get(args.system);
  if (!work) return Promise.reject(new Error(`recovery machine: no work is bound for the "${slot}" actor of this run`));
  return (work[slot] as RunnerWork<unknown, unknown>)(args);
};

let sharedMachine: RecoveryMachine | undefined;
function sharedLogic(): RecoveryMachine {
  if (sharedMachine) return sharedMachine;
  const dispatched = Object.fromEntries(Object.keys(RECOVERY_SLOTS).map((name) => [name, dispatch(name as keyof SlotWork)])) as SlotWork;
  return (sharedMachine = recoveryMachine.provide({ actors: slotActors(RECOVERY_SLOTS, dispatched) }));
}

/**
 * The shared machine, and `attach(actor)` that binds this run's work to the actor made from it:
 * call it before `actor.start()` (a restored snapshot's slots start with the actor).
 */
export function sharedRun(task: Task, options: RecoveryOptions, hooks: RunHooks = {}) {
  const { work, attach, seal, traceparent } = bindRun(task, options, hooks);
  return {
    logic: sharedLogic(),
    seal,
    traceparent,
    attach: (actor: ActorRefFrom<RecoveryMachine>) => {
      workOf.set(actor.system, work);
      attach(actor);
    },
  };
}

/** How long a timed-out task may take to stop and report before it is abandoned. */
export const TIMEOUT_GRACE_MS = 5_000;

/** A timed-out attempt: keep what the task reported (its output tails), but it is a TIMEOUT. */
function timeoutOutcome(input: AttemptInput, reported: RawOutcome | null): RawOutcome {
  const own = reported && !reported.ok ? reported.observation : {};
  if (own.exitCode === 124) return { ok: false, observation: own };
  return {
    ok: false,
    observation: { ...own, exitCode: 124, error: { name: 'TimeoutError', code: 'ETIMEDOUT', message: `attempt ${input.attempt} timed out after ${input.timeoutMs} ms` } },
  };
}

type RawOutcome = { ok: true } | { ok: false; observation: ReturnType<typeof observationFrom> };

/**
 * Run one attempt: enforce its timeout on the clock, wire heartbeats, turn a throw into an
 * observation. `run.signal` aborts when the run stops or the attempt is cancelled.
 */
async function runAttempt(task: Task, input: AttemptInput, run: { readonly signal: AbortSignal }, binding: Binding): Promise<RawOutcome> {
  const { clock } = binding;
  // The task's signal aborts with the first of: the run stopping, the attempt timing out. Its
  // AbortController is made when the task first reads `signal` (most tasks never do), and only
  // then is the run's signal read and followed: an attempt whose task never reads it makes no
  // AbortController at all (the runner makes the run's lazily too).
  let controller: AbortController | undefined;
  let stop: AbortSignal | undefined;
  let timedOut: { reason: unknown } | undefined;
  const abort = () => controller!.abort(stop!.reason);
  let timer: unknown;
  let fired = false;
  const timeout = input.timeoutMs === null ? null : new Promise<void>((resolve) => {
    timer = clock.setTimeout(() => {
      fired = true;
      timedOut = { reason: new Error('attempt timed out') };
      controller?.abort(timedOut.reason);
      resolve();
    }, input.timeoutMs!);
  });
  const context: TaskContext = {
    ...input,
    get signal() {
      if (!controller) {
        controller = new AbortController();
        stop = run.signal;
        if (stop.aborted) controller.abort(stop.reason);
        else if (timedOut) controller.abort(timedOut.reason);
        else stop.addEventListener('abort', abort, { once: true });
      }
      return controller.signal;
    },
    heartbeat: () => binding.send({ type: 'HEARTBEAT', at: clock.now() }),
    progress: (value) => binding.send({ type: 'PROGRESS', at: clock.now(), ...(value !== undefined ? { progress: value } : {}) }),
  };
  const attempt = (async (): Promise<RawOutcome> => {
    try {
      await task(context);
      return { ok: true };
    } catch (thrown) {
      return { ok: false, observation: observationFrom(thrown) };
    }
  })();
  try {
    const first = timeout === null ? await attempt : await Promise.race([attempt, timeout.then(() => null)]);
    // A task that settles because the timeout aborted it still timed out.
    if (first && !fired) return first;
    if (first) return timeoutOutcome(input, first);
    // Timed out: give the task a grace to stop and report (a command kills its process group and
    // reports exit 124 with its output tails); past the grace, the attempt counts as timed out anyway.
    let grace: unknown;
    const abandoned = new Promise<null>((resolve) => { grace = clock.setTimeout(() => resolve(null), TIMEOUT_GRACE_MS); });
    const graceful = await Promise.race([attempt, abandoned]);
    clock.clearTimeout(grace);
    return timeoutOutcome(input, graceful);
  } finally {
    if (timer !== undefined && !fired) clock.clearTimeout(timer);
    stop?.removeEventListener('abort', abort);
  }
}
