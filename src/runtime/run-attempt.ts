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

  readonly #signalOf: () => AbortSignal;

  constructor(input: AttemptInput, binding: AttemptBinding, signalOf: () => AbortSignal) {
    this.#signalOf = signalOf;
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
    return this.#signalOf();
  }
}

/**
 * Run one attempt: enforce its timeout on the clock, wire heartbeats, turn a throw into an
 * observation. `run.signal` aborts when the run stops or the attempt is cancelled.
 *
 * The task starts in a microtask of its own, never inside the caller's stack: an error it throws
 * then carries its own frames (V8 keeps `Error.stackTraceLimit`, 10, of them) rather than the
 * runtime's and XState's beneath it, which told a reader of the stack nothing and cost ~12 µs to
 * format when the stack was first read (now ~3 µs).
 */
export function runAttempt(task: Task, run: { readonly input: AttemptInput; readonly signal: AbortSignal }, binding: AttemptBinding): Promise<RawOutcome> {
  const { clock } = binding;
  const { input } = run;
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
  const done = (outcome: RawOutcome) => {
    if (timer !== undefined && !fired) clock.clearTimeout(timer);
    stop?.removeEventListener('abort', abort);
    return outcome;
  };
  const context = new AttemptContext(input, binding, () => {
    if (!controller) {
      controller = new AbortController();
      stop = run.signal;
      if (stop.aborted) controller.abort(stop.reason);
      else if (timedOut) controller.abort(timedOut.reason);
      else stop.addEventListener('abort', abort, { once: true });
    }
    return controller.signal;
  });
  const returned = Promise.resolve(context).then(task);
  if (timeout === null) return returned.then((value) => done(passed(value)), (thrown: unknown) => done(failed(thrown)));
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
