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
  /** Send HEARTBEAT / PROGRESS to the running actor. */
  send(event: { type: 'HEARTBEAT' | 'PROGRESS'; at: number; progress?: number }): void;
}

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

  /** The attempt ended with `outcome`: stop following the run's signal. */
  ended(outcome: RawOutcome): RawOutcome {
    this.#stop?.removeEventListener('abort', this);
    return outcome;
  }
}

/**
 * What a task is called with. A class, not an object literal: a literal with a `signal` getter
 * cost ~1 µs to build, and ~8 µs with the input spread into it, on every attempt; this, ~20 ns.
 * `signal` is an accessor on the prototype (made on first read), so `{ ...context }` does not
 * copy it: pass `signal: context.signal` along explicitly.
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

  readonly #abort: AttemptAbort;

  constructor(input: AttemptInput, binding: AttemptBinding, abort: AttemptAbort) {
    this.#abort = abort;
    this.runId = input.runId;
    this.attempt = input.attempt;
    this.iteration = input.iteration;
    this.approach = input.approach;
    this.hint = input.hint;
    this.guidance = binding.reveal(input.guidance);
    this.refreshContext = input.refreshContext;
    this.timeoutMs = input.timeoutMs;
    this.probe = input.probe;
    const { clock } = binding;
    // Own closures, not methods: tasks destructure them (`({ heartbeat }) => …`).
    this.heartbeat = () => binding.send({ type: 'HEARTBEAT', at: clock.now() });
    this.progress = (value) => binding.send({ type: 'PROGRESS', at: clock.now(), ...(value !== undefined ? { progress: value } : {}) });
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** `context.signal.aborted`, without making the signal when `context` is an attempt's own. */
  static aborted(context: TaskContext): boolean {
    return #abort in context ? context.#abort.aborted : context.signal.aborted;
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
 * {@link runAttempt}, resolving with `settle(outcome)`: called in the handler that receives the
 * task's result, so the caller's own step costs no promise of its own (a `then` on the outcome
 * was one more promise, reaction and microtask on every attempt).
 */
export function runAttempt<T>(task: Task, run: AttemptRun, binding: AttemptBinding, settle: (outcome: RawOutcome) => T): Promise<T>;
export function runAttempt(task: Task, run: AttemptRun, binding: AttemptBinding, settle: (outcome: RawOutcome) => unknown = asIs): Promise<unknown> {
  const abort = new AttemptAbort(run);
  if (run.input.timeoutMs !== null) return timedAttempt(task, run.input, binding, abort).then(settle);
  // Without a timeout (most attempts), the outcome's two handlers are all an attempt keeps while
  // its task runs: no timer state, no shared `done` (their scope held eight slots per attempt).
  const returned = Promise.resolve(new AttemptContext(run.input, binding, abort)).then(task);
  return returned.then((value) => settle(abort.ended(passed(value))), (thrown: unknown) => settle(abort.ended(failed(thrown))));
}

const asIs = (outcome: RawOutcome): RawOutcome => outcome;

/** {@link runAttempt} with a timeout: the first of the task and the timer (then a grace) decides. */
function timedAttempt(task: Task, input: AttemptInput, binding: AttemptBinding, abort: AttemptAbort): Promise<RawOutcome> {
  const { clock } = binding;
  let timer: unknown;
  let fired = false;
  const timeout = new Promise<void>((resolve) => {
    timer = clock.setTimeout(() => {
      fired = true;
      abort.timeOut();
      resolve();
    }, input.timeoutMs!);
  });
  const done = (outcome: RawOutcome) => {
    if (timer !== undefined && !fired) clock.clearTimeout(timer);
    return abort.ended(outcome);
  };
  const context = new AttemptContext(input, binding, abort);
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
