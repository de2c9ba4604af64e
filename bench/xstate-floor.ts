/**
 * The floor under any recovery engine built on XState: the smallest machine that runs the same
 * attempts as the bench's contenders — one promise child per attempt, each failure classified,
 * retried unless fatal (at most 4 attempts) — with none of the protocol (no phases, history,
 * policy, redaction or checkpoints). `bench:engine` prints it beside the engine, so what the
 * engine adds and what XState itself costs are told apart.
 */
import { assign, createActor, fromPromise, setup, toPromise } from 'xstate';
import { classify } from '../src/classify/index.js';

const floorMachine = setup({
  types: { context: {} as { attempt: number; run: () => unknown }, input: {} as { run: () => unknown } },
  actors: { attempt: fromPromise<unknown, { run: () => unknown }>(async ({ input }) => input.run()) },
  guards: {
    retryable: ({ context, event }) => context.attempt < 4 && classify({ error: (event as { error?: unknown }).error }).category !== 'fatal',
  },
}).createMachine({
  context: ({ input }) => ({ attempt: 0, run: input.run }),
  initial: 'executing',
  states: {
    executing: {
      entry: assign({ attempt: ({ context }) => context.attempt + 1 }),
      invoke: {
        src: 'attempt',
        input: ({ context }) => ({ run: context.run }),
        onDone: 'done',
        onError: [{ guard: 'retryable', target: 'executing', reenter: true }, { target: 'failed' }],
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
