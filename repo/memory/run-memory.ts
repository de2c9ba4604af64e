/**
 * Fix memory in one run, from the runtime's adapt slot (the machine is not changed): the user's
 * adapter is wrapped so that it receives `knownFixes` for the failure's signature, and, with
 * `reuse`, the best remembered fix that this run has not tried yet is answered without calling
 * it. The actor's history then tells how the fix did: the retry after it passed (remembered as
 * `worked`) or failed (a remembered fix is demoted; the next adaptation asks the adapter, since
 * the failed fix is among `fixesTried`).
 */
import type { ActorRefFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { failureMessage } from '../../machines/recovery/history.js';
import type { AdaptInput, AdaptOutput } from '../../machines/recovery/types.js';
import { redactSecrets } from '../redact/index.js';
import { fixScore, knownFixesOf, reusableFix } from './rank.js';
import { failureSignature } from './signature.js';
import type { FixEntry, FixMemory, KnownFix } from './types.js';

/** What an adapter receives when a fix memory is configured: the machine's input and the remembered fixes. */
export type AdaptInputWithMemory = AdaptInput & { knownFixes?: KnownFix[] };
/** The runtime's `HookContext`, by shape: memory/ does not import runtime/ (dependencies point one way). */
type HookContext = { readonly signal: AbortSignal; readonly timeoutMs: number };
type UserAdapter = (input: AdaptInputWithMemory, context?: HookContext) => AdaptOutput | undefined | void | Promise<AdaptOutput | undefined | void>;

/** How a run uses a fix memory. */
export interface RunMemoryOptions {
  memory: FixMemory;
  /** Try the best remembered fix before asking the adapter. */
  reuse: boolean;
  /** The run's extra redaction patterns (the built-in ones always apply). */
  redact: readonly RegExp[];
  now: () => number;
  /** Told when the memory cannot be read or written; the run goes on without it. */
  onError: (message: string) => void;
}

/** One run's fix memory: the wrapped adapter, the actor watch, and the writes still under way. */
export interface RunMemory {
  adapt(user: UserAdapter): UserAdapter;
  attach(actor: ActorRefFrom<RecoveryMachine>): void;
  /** Resolves once every write this run started has ended. */
  idle(): Promise<void>;
}

/** See the module comment. */
export function runMemory(options: RunMemoryOptions): RunMemory {
  const { memory } = options;
  // The fix the last adaptation answered, waiting for the retry's verdict.
  let pending: { signature: string; type: string; fix: string } | null = null;
  let writes: Promise<void> = Promise.resolve();
  const write = (what: string, work: () => Promise<void>) => {
    writes = writes.then(work).catch((error: unknown) => options.onError(`fix memory: could not ${what}: ${(error as Error).message}`));
  };
  const clean = (text: string) => redactSecrets(text, options.redact);
  return {
    adapt: (user) => async (input, context) => {
      pending = null;
      const type = input.failure.classification.type;
      const signature = failureSignature(type, clean(failureMessage({ failure: input.failure }) ?? ''));
      let known: FixEntry[] = [];
      try {
        await writes; // a verdict still being written counts for this lookup
        known = await memory.known(signature);
      } catch (error) {
        options.onError(`fix memory: could not read it: ${(error as Error).message}`);
      }
      const reused = options.reuse ? reusableFix(known, input.fixesTried) : null;
      write('count a lookup', () => memory.noteLookup(known.length > 0, reused !== null));
      if (reused) {
        pending = { signature, type, fix: reused.fix };
        return { fix: reused.fix, confidence: fixScore(reused) };
      }
      // The slot's signal and deadline reach the user's adapter (the lookup above counts against them too).
      const answer = await user({ ...input, knownFixes: knownFixesOf(known) }, context);
      if (answer && typeof answer === 'object' && typeof answer.fix === 'string' && answer.fix.trim()) {
        pending = { signature, type, fix: clean(answer.fix) };
      }
      return answer;
    },
    attach: (actor) => {
      let seen = actor.getSnapshot().context.history.at(-1)?.seq ?? 0;
      actor.subscribe((snapshot) => {
        const history = snapshot.context.history;
        // History only grows (by one or two events a snapshot): the new events are a tail.
        let from = history.length;
        while (from > 0 && history[from - 1]!.seq > seen) from--;
        for (const event of history.slice(from)) {
          if (!pending) break;
          if (event.phase === 'ADAPT' && event.result === 'failure') pending = null; // the machine refused the fix
          else if (event.phase === 'RETRY' && (event.result === 'success' || event.result === 'failure')) {
            const tried = pending;
            pending = null;
            const outcome = event.result === 'success' ? 'worked' : 'failed';
            write(`record the fix's ${outcome === 'worked' ? 'success' : 'failure'}`, () => memory.record(tried, outcome, Date.parse(event.timestamp) || options.now()));
          }
        }
        seen = history.at(-1)?.seq ?? seen;
      });
    },
    idle: () => writes,
  };
}
