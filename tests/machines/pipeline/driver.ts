/**
 * Replays a pipeline model path against a real actor: `prepareStep` and `saveStep` are promises
 * the test settles; `runStep` is a stub of the recovery machine that finishes with an output,
 * rests in `escalated`, or crashes when told; every microstep's transitions are collected.
 */
import {
  assign, createActor, fromPromise, setup, type AnyActorRef, type AnyEventObject, type SnapshotFrom,
} from 'xstate';
import { microstepRecorder } from '../coverage.js';
import { pipelineMachine, type PipelineMachine } from '../../../machines/pipeline.machine.js';
import type { PipelineInput } from '../../../machines/pipeline/types.js';

/** A stand-in for the recovery machine with the same observable surface: output, escalated, errors. */
const stubRecovery = setup({
  types: { context: {} as { output: unknown; escalation: unknown } },
  actors: { boom: fromPromise<never>(() => Promise.reject(new Error('step failed'))) },
}).createMachine({
  context: { output: null, escalation: null },
  initial: 'executing',
  states: {
    executing: {
      on: {
        FINISH: { target: 'finished', actions: assign({ output: ({ event }) => (event as { output?: unknown }).output }) },
        ESCALATE: { target: "escalated", actions: assign(({ event }) => (event as unknown as { context: Record<string, unknown> }).context as never) },
        CRASH: 'crashing',
      },
    },
    escalated: { initial: 'awaiting', states: { awaiting: {} } },
    crashing: { invoke: { id: 'boom', src: 'boom' } },
    finished: { type: 'final', output: ({ context }) => context.output },
  },
  output: ({ event }) => (event as { output?: unknown }).output,
});

/** Let promise reactions and the events they send run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A started pipeline for one path, plus what it saw. */
export async function startDriven(input: PipelineInput) {
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const controlled = () => fromPromise<any, any>(({ self }) => new Promise((resolve, reject) => void pending.set(self.id, { resolve, reject })));
  const logic = pipelineMachine.provide({ actors: { prepareStep: controlled(), saveStep: controlled(), runStep: stubRecovery as never } });
  const { taken, visited, inspect } = microstepRecorder();
  const actor = createActor(logic, { input, inspect });
  actor.start();
  await flush();
  return { actor, logic, pending, taken, visited };
}

type Driven = Awaited<ReturnType<typeof startDriven>>;

/** Deliver one model event the way it would really arrive. */
export async function deliver(driven: Driven, event: AnyEventObject): Promise<SnapshotFrom<PipelineMachine>> {
  const { actor, pending } = driven;
  const step = () => actor.getSnapshot().children.step as AnyActorRef;
  const io = /^xstate\.(done|error)\.actor\.(prepareStep|saveStep)$/.exec(event.type);
  if (io) {
    const waiting = pending.get(io[2]!);
    if (!waiting) throw new Error(`no pending ${io[2]}`);
    pending.delete(io[2]!);
    if (io[1] === 'done') waiting.resolve(event.output);
    else waiting.reject(event.error);
  } else if (event.type === 'xstate.done.actor.step') step().send({ type: 'FINISH', output: event.output });
  else if (event.type === 'xstate.snapshot.step') step().send({ type: 'ESCALATE', context: (event.snapshot as { context: unknown }).context });
  else if (event.type === 'xstate.error.actor.step') step().send({ type: 'CRASH' });
  else actor.send(event as never);
  await flush();
  await flush();
  return actor.getSnapshot();
}
