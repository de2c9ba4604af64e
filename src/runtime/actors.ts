import type { ActorRefFrom } from 'xstate';
import { RECOVERY_SLOTS, recoveryMachine, type RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RunnerWork } from '../../machines/runner.js';
import { slotActors, type SlotWork as SlotWorkOf } from '../../machines/shared.js';
import type { AdaptOutput, AttemptOutcome } from '../../machines/recovery/types.js';
import { classifyObservation } from '../../machines/recovery/failure.js';
import type { Classification, Evidence } from '../classify/types.js';
import { compileRedactPatterns, redactDeep, redactSecrets } from '../redact/index.js';
import { realClock, sleepUntil } from './clock.js';
import { AttemptValue } from './attempt-value.js';
import { callHook, HOOK_TIMEOUT_MS, hookTimeoutProblem } from './hook-context.js';
import { runExtensions } from './run-extensions.js';
import type { Adapter, Diagnoser, RecoveryOptions, Rollback, Task } from './options.js';
import { runAttempt, type AttemptBinding, type RawOutcome } from './run-attempt.js';

/** What the actor bindings need from the running recovery (an attempt's needs, and these). */
export interface Binding extends AttemptBinding {
  redact: RegExp[];
  /** The run's own classification rules: a failure is classified before it is redacted. */
  rules: readonly unknown[];
  /**
   * Write-ahead: resolves once the checkpoint naming the program about to start (the attempt,
   * or the user's diagnoser, adapter or rollback) is durable, so a crash right after the spawn
   * leaves a checkpoint that knows what was running. Null when there is nothing to wait for
   * (no persistence), so a run without a store does not wait on an empty promise.
   */
  writeAhead(): Promise<void> | null;
  /** Where a passing attempt's return value waits for the outcome (never in the machine's context). */
  value: AttemptValue;
  /** How long one diagnoser or adapter call may take, in ms on `clock` (`Infinity`: no deadline). */
  hookTimeoutMs: number;
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
  /** A hook's error reaches history, reports and the terminal: its message is redacted first (an agent's stderr may echo a key). */
  const rethrowClean = (error: unknown): never => {
    const redacted = new Error(clean(error instanceof Error ? error.message : String(error)));
    // The name says what kind of failure it was (the machine reads `AgentBudgetError`).
    if (error instanceof Error) redacted.name = error.name;
    throw redacted;
  };
  /** What the machine is told of an attempt that started at `startedAt` and ended now. */
  const settled = (outcome: RawOutcome, startedAt: number): AttemptOutcome => {
    const at = clock.now();
    if (outcome.ok) {
      binding.value.passed(outcome.value);
      return { ok: true, at, durationMs: at - startedAt };
    }
    // The raw observation (a secret-shaped path must still read as a security failure), on the run's clock.
    const classification = classifyObservation(outcome.observation, binding.rules, at);
    return { ok: false, at, durationMs: at - startedAt, observation: clean(outcome.observation), classification: redactEvidence(classification, binding.redact) };
  };
  return {
    runTask: (run) => {
      const attempt = (): Promise<AttemptOutcome> => {
        binding.value.clear();
        const startedAt = clock.now();
        return runAttempt(task, run, binding).then((outcome) => settled(outcome, startedAt));
      };
      const ahead = binding.writeAhead();
      return ahead ? ahead.then(attempt) : attempt();
    },
    sleepUntil: ({ input, signal }) => sleepUntil(clock, input.until, signal),
    // The user's functions get the slot actor's signal (aborted when the run stops) and a
    // deadline on the run's clock, which starts once the write-ahead checkpoint is durable.
    diagnose: async ({ input, signal }) => {
      await binding.writeAhead();
      const output = await callHook('diagnoser', (context) => hooks.diagnose!(input, context), signal, clock, binding.hookTimeoutMs).catch(rethrowClean);
      return { ...clean(output), at: clock.now() };
    },
    adapt: async ({ input, signal }) => {
      await binding.writeAhead();
      const startedAt = clock.now();
      const revealed = { ...input, guidance: binding.reveal(input.guidance) };
      const output = await callHook('adapter', (context) => hooks.adapt!(revealed, context), signal, clock, binding.hookTimeoutMs).catch(rethrowClean);
      if (output === undefined || output === null) return null;
      // How long the adapter (an agent: minutes) took goes on the ADAPT event.
      const at = clock.now();
      return typeof output === 'object' ? { ...clean(output), at, durationMs: at - startedAt } : (output as AdaptOutput);
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
  // Made on the first sealed text that held a secret: most runs never seal one.
  let originals: Map<string, string> | undefined;
  const redact = redactPatternsOf(options.redact);
  const hookTimeoutMs = options.hookTimeoutMs ?? HOOK_TIMEOUT_MS;
  const problem = hookTimeoutProblem(hookTimeoutMs);
  if (problem !== null) throw new RangeError(problem);
  const binding: Binding = {
    clock,
    // Strings are compiled (a bad one throws naming it); RegExps keep their flags.
    redact,
    rules: options.rules ?? [],
    reveal: (text) => (text === null ? null : originals?.get(text) ?? text),
    send: (event) => target?.send(event),
    writeAhead: () => (target && hooks.writeAhead ? hooks.writeAhead(target) : null),
    value: new AttemptValue(),
    hookTimeoutMs,
  };
  const seal = (text: string): string => {
    const redacted = redactSecrets(text, redact);
    if (redacted !== text) (originals ??= new Map()).set(redacted, text);
    return redacted;
  };
  // Telemetry and fix memory, when asked for: they wrap the slots' work and watch the actor.
  const extensions = runExtensions(options, clock, redact);
  const work = extensions.wrap(slotWork(task, extensions.hooks(options), binding));
  const attach = (actor: ActorRefFrom<RecoveryMachine>) => {
    target = actor;
    extensions.attach(actor);
  };
  return { binding, seal, work, attach, traceparent: extensions.traceparent, value: binding.value };
}

/**
 * A classification with the text it quotes from the failure redacted: its evidence's `match` is
 * the only such field (type, category, severity, action and the rules' ids are the taxonomy's
 * and the rules' own words, and numbers are no secret), so only those are read, not the whole
 * value copied. The same object when nothing needed redacting (most failures).
 */
export function redactEvidence(classification: Classification, patterns: readonly RegExp[]): Classification {
  let evidence: Evidence[] | undefined;
  for (let i = 0; i < classification.evidence.length; i++) {
    const item = classification.evidence[i]!;
    const match = redactSecrets(item.match, patterns);
    if (match === item.match) continue;
    evidence ??= [...classification.evidence];
    evidence[i] = { ...item, match };
  }
  return evidence ? { ...classification, evidence } : classification;
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
  const { work, attach, seal, traceparent, value } = bindRun(task, options, hooks);
  return {
    logic: sharedLogic(),
    seal,
    traceparent,
    /** The passing attempt's return value, for the outcome (see `AttemptValue`). */
    value,
    attach: (actor: ActorRefFrom<RecoveryMachine>) => {
      workOf.set(actor.system, work);
      attach(actor);
    },
  };
}
