/**
 * Replays a model path against a real actor: the machine's I/O slots are provided with
 * controllable promises, time is an XState `SimulatedClock`, and every microstep's transitions
 * are collected for coverage.
 */
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type AnyTransitionDefinition, type SnapshotFrom } from 'xstate';
import { recoveryMachine, type RecoveryInput, type RecoveryMachine } from '../../../machines/index.js';

interface Pending { resolve(value: unknown): void; reject(error: unknown): void }

/** A recovery machine whose actors wait for the test to settle them, by invoke id. */
export function controllableMachine() {
  const pending = new Map<string, Pending>();
  const started: string[] = [];
  const controlled = () =>
    fromPromise<any, any>(({ self }) => new Promise((resolve, reject) => {
      started.push(self.id);
      pending.set(self.id, { resolve, reject });
    }));
  const logic = recoveryMachine.provide({
    actors: { runTask: controlled(), diagnose: controlled(), adapt: controlled(), rollback: controlled(), sleepUntil: controlled() },
  });
  return { logic, pending, started };
}

/** Let promise reactions and the done events they send run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A started actor for one path, plus what it saw. */
export async function startDriven(input: RecoveryInput) {
  const { logic, pending, started } = controllableMachine();
  const clock = new SimulatedClock();
  clock.set(input.now);
  const taken = new Set<AnyTransitionDefinition>();
  const actor = createActor(logic, {
    input,
    clock,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') for (const t of (event as { _transitions: AnyTransitionDefinition[] })._transitions) taken.add(t);
    },
  });
  actor.start();
  await flush();
  return { actor, logic, pending, started, clock, taken };
}

/** Deliver one model event the way it would really arrive: settle an actor, pass time, or send. */
export async function deliver(
  driven: Awaited<ReturnType<typeof startDriven>>,
  event: AnyEventObject,
): Promise<SnapshotFrom<RecoveryMachine>> {
  const { actor, pending, clock } = driven;
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (match) {
    const [, kind, id] = match;
    const waiting = pending.get(id!);
    if (!waiting) throw new Error(`no pending actor "${id}" for ${event.type}`);
    pending.delete(id!);
    if (kind === 'done') waiting.resolve(event.output);
    else waiting.reject(event.error);
  } else if (event.type.startsWith('xstate.after.')) {
    const policy = actor.getSnapshot().context.policy;
    clock.increment(event.type.includes('heartbeat') ? policy.heartbeatTimeoutMs : policy.stallTimeoutMs);
  } else {
    actor.send(event as never);
  }
  await flush();
  return actor.getSnapshot();
}
