/**
 * One attempt of the task: its context (input, signal, heartbeat, progress), its timeout on the
 * run's clock, and a throw turned into an observation. The `runTask` slot's work calls it.
 */
import type { AttemptInput } from '../../machines/recovery/types.js';
import type { Clock } from './clock.js';
import { observationFrom } from './observe.js';
import type { Task, TaskContext } from './options.js';

/** How long a timed-out task may take to stop and report before it is abandoned. */
export const TIMEOUT_GRACE_MS = 5_000;

/**
 * What an attempt came to, before the runtime classifies and redacts it. A pass carries what the
 * task resolved with: the runtime keeps it in memory for the outcome and never hands it to the
 * machine (its context is checkpointed; the value may not be JSON, or may hold a secret).
 */
export type RawOutcome = { ok: true; value: unknown } | { ok: false; observation: ReturnType<typeof observationFrom> };

/** What an attempt needs from the running recovery (see `Binding` in actors.ts). */
export interface AttemptBinding {
  clock: Clock;
  /**
   * Text that was redacted on its way into the run (a decision's guidance), back to what the
   * user gave, for the programs this process starts; never recorded. Default: as is.
   */
  reveal(text: string | null): string | null;
  /**
   * The task's `heartbeat` and `progress` (see `TaskContext`): HEARTBEAT / PROGRESS to the running
   * actor. The binding's own functions, made once per run ({@link attemptBeats}), not two closures
   * per attempt: every attempt's context hands out the same pair.
   */
  readonly heartbeat: () => void;
  readonly progress: (value?: number) => void;
}

/** What a task's `heartbeat` and `progress` send to the running actor. */
export type BeatEvent = { type: 'HEARTBEAT' | 'PROGRESS'; at: number; progress?: number };

/**
 * A binding's `heartbeat` and `progress`: HEARTBEAT / PROGRESS sent to `target` at `clock`'s
 * time. Made once per run by whoever binds attempts to it.
 */
export function attemptBeats(target: { send(event: BeatEvent): void }, clock: Clock): Pick<AttemptBinding, 'heartbeat' | 'progress'> {
  return {
    heartbeat: () => target.send({ type: 'HEARTBEAT', at: clock.now() }),
    progress: (value) => target.send({ type: 'PROGRESS', at: clock.now(), ...(value !== undefined ? { progress: value } : {}) }),
  };
}

/**
 * What the caller makes of an attempt's raw outcome, called in the handler that receives the
 * task's result, with the time (on the binding's clock) the attempt started.
 */
export type SettleAttempt<T> = (outcome: RawOutcome, startedAt: number) => T;

// Most tasks resolve with nothing: those passes share one frozen outcome, allocated once.
const PASSED: RawOutcome = Object.freeze({ ok: true, value: undefined });
const passed = (value: unknown): RawOutcome => (value === undefined ? PASSED : { ok: true, value });
const failed = (thrown: unknown): RawOutcome => ({ ok: false, observation: observationFrom(thrown) });

/** A timed-out attempt: keep what the task reported (its output tails), but it is a TIMEOUT. */
function timeoutOutcome(input: AttemptInput, reported: RawOutcome | null): RawOutcome {
  const own = reported && !reported.ok ? reported.observation : {};
  if (own.exitCode === 124) return { ok: false, observation: own };
  return {
    ok: false,
    observation: { ...own, exitCode: 124, error: { name: 'TimeoutError', code: 'ETIMEDOUT', message: `attempt ${input.attempt} timed out after ${input.timeoutMs} ms` } },
  };
}

/** The request an attempt runs for (the runner's): its signal, and whether it was aborted already. */
export interface AttemptRun {
  readonly input: AttemptInput;
  readonly signal: AbortSignal;
  /** What `signal.aborted` says, without making the signal (the runner's requests have it). */
  readonly aborted?: boolean;
}

/**
 * One attempt's abort: its signal aborts with the first of the run stopping (or the request being
 * cancelled) and the attempt timing out. Its AbortController is made when the task first reads
 * `signal` (most tasks never do), and only then is the run's signal read and followed; until
 * then `aborted` answers from the request and the timeout, so an attempt whose task never reads
 * `signal` makes no AbortController at all (a check before the task starts, as a persisted run
 * makes, made two). Follows the run's signal as an EventListener object: no closure per attempt.
 */
class AttemptAbort {
  #controller: AbortController | undefined;
  #stop: AbortSignal | undefined;
  #timedOut: { reason: unknown } | undefined;

  constructor(private readonly run: AttemptRun) {}

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      const stop = (this.#stop = this.run.signal);
      if (stop.aborted) this.#controller.abort(stop.reason);
      else if (this.#timedOut) this.#controller.abort(this.#timedOut.reason);
      else stop.addEventListener('abort', this, { once: true });
    }
    return this.#controller.signal;
  }

  /** `signal.aborted`, read without making the signal. */
  get aborted(): boolean {
    if (this.#controller) return this.#controller.signal.aborted;
    return this.#timedOut !== undefined || (this.run.aborted ?? this.run.signal.aborted);
  }

  /** The run's signal aborted (this is its 'abort' listener). */
  handleEvent(): void {
    this.#controller!.abort(this.#stop!.reason);
  }

  /** The attempt's timeout fired. */
  timeOut(): void {
    this.#timedOut = { reason: new Error('attempt timed out') };
    this.#controller?.abort(this.#timedOut.reason);
  }

  /** The attempt ended: stop following the run's signal. */
  ended(): void {
    this.#stop?.removeEventListener('abort', this);
  }
}

/**
 * What a task is called with. A class, not an object literal: a literal with a `signal` getter
 * cost ~1 µs to build, and ~8 µs with the input spread into it, on every attempt; this, ~20 ns.
 * `signal` is an accessor on the prototype (made on first read), so `{ ...context }` does not
 * copy it: pass `signal: context.signal` along explicitly.
 *
 * Also the attempt's own state while its task runs (one object per attempt, besides the
 * promises): the request, the abort (made only once the task reads `signal` or a timeout is
 * set), when it started and how its outcome is settled — the outcome's handlers close over the
 * context alone, not over a settle step, an abort and a start time of their own.
 */
class AttemptContext implements TaskContext {
  readonly runId: string;
  readonly attempt: number;
  readonly iteration: number;
  readonly approach: string | null;
  readonly hint: string | null;
  readonly guidance: string | null;
  readonly refreshContext: boolean;
  readonly timeoutMs: number | null;
  readonly probe: boolean;
  readonly heartbeat: () => void;
  readonly progress: (value?: number) => void;

  readonly #run: AttemptRun;
  #abort: AttemptAbort | undefined;
  readonly #settle: SettleAttempt<unknown>;
  readonly #startedAt: number;

  constructor(run: AttemptRun, binding: AttemptBinding, abort: AttemptAbort | undefined, settle: SettleAttempt<unknown>) {
    const input = run.input;
    this.#run = run;
    this.#abort = abort;
    this.#settle = settle;
    this.#startedAt = binding.clock.now();
    this.runId = input.runId;
    this.attempt = input.attempt;
    this.iteration = input.iteration;
    this.approach = input.approach;
    this.hint = input.hint;
    this.guidance = binding.reveal(input.guidance);
    this.refreshContext = input.refreshContext;
    this.timeoutMs = input.timeoutMs;
    this.probe = input.probe;
    // The run's own functions: tasks destructure them (`({ heartbeat }) => …`), so they are own fields.
    this.heartbeat = binding.heartbeat;
    this.progress = binding.progress;
  }

  get signal(): AbortSignal {
    return (this.#abort ??= new AttemptAbort(this.#run)).signal;
  }

  /** `context.signal.aborted`, without making the signal when `context` is an attempt's own. */
  static aborted(context: TaskContext): boolean {
    if (!(#run in context)) return context.signal.aborted;
    const abort = context.#abort;
    if (abort) return abort.aborted;
    const run = context.#run;
    return run.aborted ?? run.signal.aborted;
  }

  /**
   * `task` run with `context` in a microtask of its own (see {@link runAttempt}), settled by the
   * context's settle step; the task's result is handled by two functions that keep the context alone.
   */
  static run(task: Task, context: AttemptContext): Promise<unknown> {
    return Promise.resolve(context)
      .then(task)
      .then(
        (value) => context.#settled(passed(value)),
        (thrown: unknown) => context.#settled(failed(thrown)),
      );
  }

  /** The attempt ended with `outcome`: stop following the run's signal, and settle. */
  #settled(outcome: RawOutcome): unknown {
    this.#abort?.ended();
    return this.#settle(outcome, this.#startedAt);
  }

  /** {@link AttemptContext.run} for a timed attempt: its outcome decided by `timedAttempt`. */
  static settleTimed(context: AttemptContext, outcome: RawOutcome): unknown {
    return context.#settled(outcome);
  }
}

/**
 * True when the attempt `context` belongs to was aborted (the run stopped, the request was
 * cancelled, or it timed out): `context.signal.aborted`, without making the signal of an
 * attempt's own context. For a wrapper that must not start a task that was stopped already.
 */
export const attemptAborted = (context: TaskContext): boolean => AttemptContext.aborted(context);

/**
 * Run one attempt: enforce its timeout on the clock, wire heartbeats, turn a throw into an
 * observation. `run.signal` aborts when the run stops or the attempt is cancelled.
 *
 * The task starts in a microtask of its own, never inside the caller's stack: an error it throws
 * then carries its own frames (V8 keeps `Error.stackTraceLimit`, 10, of them) rather than the
 * runtime's and XState's beneath it, which told a reader of the stack nothing and cost ~12 µs to
 * format when the stack was first read (now ~3 µs).
 */
export function runAttempt(task: Task, run: AttemptRun, binding: AttemptBinding): Promise<RawOutcome>;
/**
 * {@link runAttempt}, resolving with `settle(outcome, startedAt)`: called in the handler that
 * receives the task's result, so the caller's own step costs no promise of its own (a `then` on
 * the outcome was one more promise, reaction and microtask on every attempt), and no closure to
 * remember when the attempt started.
 */
export function runAttempt<T>(task: Task, run: AttemptRun, binding: AttemptBinding, settle: SettleAttempt<T>): Promise<T>;
export function runAttempt(task: Task, run: AttemptRun, binding: AttemptBinding, settle: SettleAttempt<unknown> = asIs): Promise<unknown> {
  if (run.input.timeoutMs !== null) return timedAttempt(task, run, binding, settle);
  // Without a timeout (most attempts), the context and the outcome's two handlers are all an
  // attempt keeps while its task runs: no timer state, no abort until the task reads its signal.
  return AttemptContext.run(task, new AttemptContext(run, binding, undefined, settle));
}

const asIs = (outcome: RawOutcome): RawOutcome => outcome;

/** {@link runAttempt} with a timeout: the first of the task and the timer (then a grace) decides. */
function timedAttempt(task: Task, run: AttemptRun, binding: AttemptBinding, settle: SettleAttempt<unknown>): Promise<unknown> {
  const { clock } = binding;
  const input = run.input;
  const abort = new AttemptAbort(run);
  let timer: unknown;
  let fired = false;
  const timeout = new Promise<void>((resolve) => {
    timer = clock.setTimeout(() => {
      fired = true;
      abort.timeOut();
      resolve();
    }, input.timeoutMs!);
  });
  const context = new AttemptContext(run, binding, abort, settle);
  const done = (outcome: RawOutcome) => {
    if (timer !== undefined && !fired) clock.clearTimeout(timer);
    return AttemptContext.settleTimed(context, outcome);
  };
  const returned = Promise.resolve(context).then(task);
  const attempt = returned.then(passed, failed);
  return (async () => {
    const first = await Promise.race([attempt, timeout.then(() => null)]);
    // A task that settles because the timeout aborted it (or moved the clock past it) still timed out.
    if (first && !fired) return done(first);
    if (first) return done(timeoutOutcome(input, first));
    // Timed out: give the task a grace to stop and report (a command kills its process group and
    // reports exit 124 with its output tails); past the grace, the attempt counts as timed out anyway.
    let grace: unknown;
    const abandoned = new Promise<null>((resolve) => { grace = clock.setTimeout(() => resolve(null), TIMEOUT_GRACE_MS); });
    const graceful = await Promise.race([attempt, abandoned]);
    clock.clearTimeout(grace);
    return done(timeoutOutcome(input, graceful));
  })();
}
