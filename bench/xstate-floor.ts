/**
 * The floor under any recovery engine built on XState: the smallest machine that runs the same
 * attempts as the bench's contenders — one long-lived child per run that does each attempt on
 * request (as the recovery machine's runner does), each failure classified, retried unless fatal
 * (at most 4 attempts) — with none of the protocol (no phases, history, policy, redaction or
 * checkpoints). `bench:engine` prints it beside the engine, so what the engine adds and what
 * XState itself costs are told apart.
 */
import { assign, createActor, fromCallback, sendTo, setup, toPromise } from 'xstate';
import { classify } from '../src/classify/index.js';

type Answer = { type: 'done' } | { type: 'failed'; error: unknown };

/** The attempts' child: runs `run` for each request, answers done or failed. */
const attempts = fromCallback<{ type: 'attempt' }, { run: () => unknown }>(({ input, receive, sendBack }) => {
  receive(() => {
    Promise.resolve().then(input.run).then(() => sendBack({ type: 'done' } satisfies Answer), (error: unknown) => sendBack({ type: 'failed', error } satisfies Answer));
  });
});

const floorMachine = setup({
  types: { context: {} as { attempt: number; run: () => unknown }, input: {} as { run: () => unknown }, events: {} as Answer },
  actors: { attempts },
  guards: {
    retryable: ({ context, event }) => context.attempt < 4 && event.type === 'failed' && classify({ error: event.error }).category !== 'fatal',
  },
}).createMachine({
  context: ({ input }) => ({ attempt: 0, run: input.run }),
  invoke: { id: 'attempts', src: 'attempts', input: ({ context }) => ({ run: context.run }) },
  initial: 'executing',
  states: {
    executing: {
      entry: [assign({ attempt: ({ context }) => context.attempt + 1 }), sendTo('attempts', { type: 'attempt' })],
      on: {
        done: 'done',
        failed: [{ guard: 'retryable', target: 'executing', reenter: true }, { target: 'failed' }],
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** One run of `run` under the floor machine: resolves when it passed or gave up. */
export function runOnXStateFloor(run: () => unknown): Promise<unknown> {
  return toPromise(createActor(floorMachine, { input: { run } }).start());
}
