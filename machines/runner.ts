/**
 * A runner: one long-lived child actor that does a machine's requests one at a time, so a run
 * that makes many attempts starts one child, not one per attempt (a promise child per attempt
 * cost 27–36 µs of actor construction, start and stop each; a request to a live child, 9–12).
 *
 * The protocol, all plain events:
 *   parent → runner   `runner.run` (with the request's input) · `runner.cancel`
 *   runner → parent   `runner.done` (output) · `runner.error` (error) · `runner.restored`
 * A request runs until it settles, is cancelled, or another request replaces it; the answer of a
 * cancelled or replaced request is dropped, and stopping the runner aborts the request running.
 *
 * Self-contained across a restore: a runner restored from a persisted snapshot knows nothing of
 * the request its parent was waiting for, so it starts by sending `runner.restored`, and the
 * parent, still in the state that made the request, sends it again. A fresh runner sends nothing.
 */
import { fromCallback, type CallbackActorLogic } from 'xstate';

/** What a parent sends its runner: run a request (replacing any still running), or cancel the running one. */
export type RunnerRequest<TInput> = { type: 'runner.run'; input: TInput } | { type: 'runner.cancel' };

/** What a runner sends its parent: a request's output or error, or that it was restored and holds no request. */
export type RunnerAnswer<TOutput> =
  | { type: 'runner.done'; output: TOutput }
  | { type: 'runner.error'; error: unknown }
  | { type: 'runner.restored' };

/** A runner's input, kept in its snapshot: `restored` is set on a snapshot restored from a persisted one. */
export interface RunnerInput {
  restored?: boolean;
}

/** The actor logic of a runner whose requests take `TInput` (its answers carry a `TOutput`). */
export type RunnerLogic<TInput> = CallbackActorLogic<RunnerRequest<TInput>, RunnerInput | undefined>;

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

/**
 * A runner doing `work` for each `runner.run` it receives. Invoke it once, where the requests
 * are made from (the recovery machine invokes its `runTask` runner at the root), and send it
 * requests with `sendTo`.
 */
export function runner<TOutput, TInput>(work: RunnerWork<TOutput, TInput>): RunnerLogic<TInput> {
  const logic = fromCallback<RunnerRequest<TInput>, RunnerInput | undefined>(({ input, system, sendBack, receive }) => {
    /** The request running: an answer is sent only while its request is current. */
    let current: Request<TInput> | undefined;
    receive((message) => {
      current?.abort();
      current = undefined;
      if (message.type === 'runner.cancel') return;
      const request = new Request(message.input, system);
      current = request;
      settle(work, request).then(
        (output) => {
          if (current !== request) return;
          current = undefined;
          sendBack({ type: 'runner.done', output } satisfies RunnerAnswer<TOutput>);
        },
        (error: unknown) => {
          if (current !== request) return;
          current = undefined;
          sendBack({ type: 'runner.error', error } satisfies RunnerAnswer<TOutput>);
        },
      );
    });
    if (input?.restored) sendBack({ type: 'runner.restored' } satisfies RunnerAnswer<TOutput>);
    return () => current?.abort();
  });
  // XState restores a persisted child with its logic's restoreSnapshot and then starts it: mark
  // the snapshot so the callback above knows to ask for the pending request.
  const restore = logic.restoreSnapshot!;
  return { ...logic, restoreSnapshot: (snapshot, scope) => ({ ...restore(snapshot, scope), input: { restored: true } }) };
}
