/**
 * A runner: one long-lived child actor that does a machine's requests one at a time, so a run
 * that makes many attempts starts one child, not one per attempt (a promise child per attempt
 * cost 27–36 µs of actor construction, start and stop each; a request to a live child, 9–12).
 *
 * The protocol, all plain events:
 *   parent → runner   `runner.run` (with the request's input) · `runner.cancel`
 *   runner → parent   `runner.done` (output) · `runner.error` (error)
 * A request runs until it settles, is cancelled, or another request replaces it; the answer of a
 * cancelled or replaced request is dropped, and stopping the runner aborts the request running.
 *
 * Self-contained across a restore: the request waiting for its answer is the runner's own state
 * (`request` in its snapshot, JSON, persisted with the parent's snapshot), set when a request
 * arrives and cleared in the same step that answers it. A runner restored with a request runs it
 * again when it starts (at-least-once), and answers as if it had never stopped: no parent state
 * and no embedder has to ask again. Written against XState's public `ActorLogic` interface; the
 * answers reach the parent through a `fromCallback`'s `sendBack`, the public way a child talks
 * to its parent.
 */
import { fromCallback, type ActorLogic, type AnyActorRef, type CallbackSnapshot } from 'xstate';

/** What a parent sends its runner: run a request (replacing any still running), or cancel the running one. */
export type RunnerRequest<TInput> = { type: 'runner.run'; input: TInput } | { type: 'runner.cancel' };

/** What a runner sends its parent: a request's output or error. */
export type RunnerAnswer<TOutput> = { type: 'runner.done'; output: TOutput } | { type: 'runner.error'; error: unknown };

/**
 * A runner's snapshot: `request` is the input of the request waiting for its answer (null when
 * none is). JSON when the input is: it is what a persisted runner keeps. The rest is the snapshot
 * of the `fromCallback` the runner is built on (its `input` is always undefined), so the
 * callback's own start and stop take the runner's snapshot as it is.
 */
export type RunnerSnapshot<TInput> = CallbackSnapshot<undefined> & { request: TInput | null };

/** What a runner tells itself when a request's work settles (never sent by anyone else). */
interface Settled<TInput> {
  type: 'runner.settled';
  request: Request<TInput>;
  answer: RunnerAnswer<unknown>;
}

/** The events a runner takes: its parent's requests, and its own word that one settled. */
export type RunnerEvent<TInput> = RunnerRequest<TInput> | Settled<TInput>;

/** The actor logic of a runner whose requests take `TInput`. */
export type RunnerLogic<TInput> = ActorLogic<RunnerSnapshot<TInput>, RunnerEvent<TInput>, undefined>;

/**
 * What a runner does for one request, told the request's input, a signal that aborts when the
 * request is cancelled or the runner stops, and the actor system it runs in. A `fromPromise`
 * creator of the same types is one.
 */
export type RunnerWork<TOutput, TInput> = (args: { input: TInput; signal: AbortSignal; system: object }) => Promise<TOutput>;

/**
 * One request, as its work sees it. Its AbortController is made when the work first reads
 * `signal` (most attempts never do), already aborted if the request was cancelled before. A
 * class, not a literal: a literal with a getter cost ~1 µs to build, this ~20 ns.
 */
class Request<TInput> {
  #controller: AbortController | undefined;
  #aborted = false;

  constructor(readonly input: TInput, readonly system: object) {}

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  /**
   * True once the request was cancelled, replaced or stopped: what `signal.aborted` says, read
   * without making the AbortController (a check before work starts need not make one).
   */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** Cancelled, replaced or stopped: abort the work (if it listens) and drop its answer. */
  abort(): void {
    this.#aborted = true;
    this.#controller?.abort();
  }
}

/** `work` for one request, a synchronous throw turned into a rejection. */
function settle<TOutput, TInput>(work: RunnerWork<TOutput, TInput>, args: Parameters<RunnerWork<TOutput, TInput>>[0]): Promise<TOutput> {
  try {
    return Promise.resolve(work(args));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** One live runner: the request it is working on, and how it answers its parent. */
class Worker<TOutput, TInput> {
  /** The request running: its answer counts only while it is current. */
  #current: Request<TInput> | undefined;
  /** The answer `flush` sends: set by the step that answers, sent once that step's snapshot is the runner's. */
  #answer: RunnerAnswer<TOutput> | undefined;

  constructor(
    private readonly work: RunnerWork<TOutput, TInput>,
    private readonly self: AnyActorRef,
    private readonly system: object,
    /** The parent's mailbox (fromCallback's `sendBack`). */
    private readonly sendBack: (answer: RunnerAnswer<TOutput>) => void,
  ) {}

  /**
   * What the runner defers after a request arrives or one is answered, run once that step's
   * snapshot is the runner's: send the answer the step took (see `answer`), or else begin the
   * request the snapshot now holds. One function per runner for both, not a closure per request
   * nor one per purpose (10,000 runs in flight hold each one made).
   */
  readonly flush = (): void => {
    const answer = this.#answer;
    if (answer) {
      this.#answer = undefined;
      this.sendBack(answer);
      return;
    }
    const asked = (this.self.getSnapshot() as RunnerSnapshot<TInput>).request;
    if (asked !== null) this.begin(asked);
  };

  /** Start the work of a request, replacing the one running. */
  begin(input: TInput): void {
    this.#current?.abort();
    const request = new Request(input, this.system);
    this.#current = request;
    settle(this.work, request).then(
      (output) => this.settled(request, { type: 'runner.done', output }),
      (error: unknown) => this.settled(request, { type: 'runner.error', error }),
    );
  }

  /**
   * `request` settled with `answer`: when it is still the current request, it no longer is, and
   * `flush` will send the answer to the parent (for the runner to run once its own snapshot
   * says so): true. False for the answer of a request cancelled or replaced since.
   */
  answer(request: Request<TInput>, answer: RunnerAnswer<TOutput>): boolean {
    if (this.#current !== request) return false;
    this.#current = undefined;
    this.#answer = answer;
    return true;
  }

  /** Stop the running request (cancelled, or the runner stops): its answer is dropped. */
  drop(): void {
    this.#current?.abort();
    this.#current = undefined;
  }

  /** The work settled: the runner clears its request and answers, in one step of its own. */
  private settled(request: Request<TInput>, answer: RunnerAnswer<TOutput>): void {
    if (this.#current === request) this.self.send({ type: 'runner.settled', request, answer } satisfies Settled<TInput>);
  }
}

/** A runner with no request (its snapshots are never mutated, so every fresh runner shares it). */
const IDLE: RunnerSnapshot<never> = { status: 'active', output: undefined, error: undefined, input: undefined, request: null };

/**
 * `snapshot` with `request` set: one literal of the snapshot's fixed shape (a spread built a new
 * object shape each time); an active runner with no request is `IDLE` itself, not a copy of it.
 */
function withRequest<TInput>(snapshot: RunnerSnapshot<TInput>, request: TInput | null): RunnerSnapshot<TInput> {
  if (request === null && snapshot.status === 'active') return IDLE;
  return { status: snapshot.status, output: snapshot.output, error: snapshot.error, input: undefined, request } as RunnerSnapshot<TInput>;
}

/**
 * A runner doing `work` for each `runner.run` it receives. Invoke it once, where the requests
 * are made from (the recovery machine invokes its `runTask` runner at the root), and send it
 * requests with `sendTo`.
 */
export function runner<TOutput, TInput>(work: RunnerWork<TOutput, TInput>): RunnerLogic<TInput> {
  const workers = new WeakMap<AnyActorRef, Worker<TOutput, TInput>>();
  // Gives each runner its parent's `sendBack`. No cleanup function: the stop is handled where
  // it arrives, in `transition` (a closure and its scope per runner, held all run, saved).
  const callback = fromCallback<RunnerEvent<TInput>, undefined>(({ self, system, sendBack }) => {
    workers.set(self, new Worker<TOutput, TInput>(work, self, system, sendBack));
  });
  return {
    config: work,
    getInitialSnapshot: () => IDLE,
    start: (snapshot, scope) => {
      callback.start!(snapshot, scope);
      // Restored with a request waiting for its answer: run it again, as the run was asking for it.
      if (snapshot.request !== null) workers.get(scope.self)!.begin(snapshot.request);
    },
    transition: (snapshot, event, scope) => {
      const worker = workers.get(scope.self);
      switch (event.type) {
        // The work starts once the snapshot holding its request is the runner's (deferred): work
        // that checkpoints the run before it starts (write-ahead) must save the request with it.
        case 'runner.run':
          if (worker) scope.defer(worker.flush);
          return withRequest(snapshot, event.input);
        case 'runner.cancel':
          if (worker) scope.defer(() => worker.drop());
          return snapshot.request === null ? snapshot : withRequest(snapshot, null);
        case 'runner.settled': {
          if (!worker?.answer(event.request, event.answer as RunnerAnswer<TOutput>)) return snapshot;
          // Sent once this snapshot is the runner's: a parent that saves on the answer saves a runner with no request.
          scope.defer(worker.flush);
          return withRequest(snapshot, null);
        }
        default: {
          // XState's own events: its stop ends the callback; the runner then aborts its request
          // and leaves the map. Out of the map at once: a WeakMap entry left to the collector
          // keeps the worker (and, through its parent's mailbox, the whole run) alive through
          // every young-generation GC until a full one, so each run was promoted to the old
          // generation before it could die.
          const next = callback.transition(snapshot, event, scope);
          if (next.status === 'stopped' && worker) {
            worker.drop();
            workers.delete(scope.self);
          }
          return { ...next, request: snapshot.request };
        }
      }
    },
    getPersistedSnapshot: (snapshot) => snapshot,
    // A runner persisted before requests were kept (no `request`) holds none.
    restoreSnapshot: (persisted) => ({ ...(persisted as RunnerSnapshot<TInput>), input: undefined, request: (persisted as Partial<RunnerSnapshot<TInput>>).request ?? null }),
  };
}
