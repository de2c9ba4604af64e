/**
 * Replays a model path against a real actor: the machine's I/O slots are provided with
 * controllable promises (the attempts' runner with one per request), time is an XState
 * `SimulatedClock`, and every microstep's transitions are collected for coverage.
 */
import { createActor, fromPromise, SimulatedClock, type AnyEventObject, type AnyTransitionDefinition, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { recoveryMachine, type RecoveryMachine } from '../../../machines/recovery.machine.js';
import type { RecoveryInput } from '../../../machines/recovery/types.js';
import { runner } from '../../../machines/runner.js';

interface Pending { resolve(value: unknown): void; reject(error: unknown): void }

/** A recovery machine whose actors wait for the test to settle them, by invoke id (`runTask`: the runner's request). */
export function controllableMachine() {
  const pending = new Map<string, Pending>();
  const wait = (id: string) => new Promise<any>((resolve, reject) => { pending.set(id, { resolve, reject }); });
  const controlled = () => fromPromise<any, any>(({ self }) => wait(self.id));
  const logic = recoveryMachine.provide({
    actors: { runTask: runner<any, any>(() => wait('runTask')), diagnose: controlled(), adapt: controlled(), rollback: controlled(), sleepUntil: controlled() },
  });
  return { logic, pending };
}

/** Let promise reactions and the done events they send run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A started actor for one path, plus what it saw. */
export async function startDriven(input: RecoveryInput) {
  const { logic, pending } = controllableMachine();
  const clock = new SimulatedClock();
  clock.set(input.now);
  const taken = new Set<AnyTransitionDefinition>();
  const options = {
    clock,
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') for (const t of (event as { _transitions: AnyTransitionDefinition[] })._transitions) taken.add(t);
    },
  };
  const actor = createActor(logic, { input, ...options });
  actor.start();
  await flush();
  return { actor, logic, pending, clock, taken, input, inspect: options.inspect };
}

/**
 * Restart the run from its persisted snapshot, as `recover resume` does after a crash: the
 * snapshot goes through JSON, the actor stops (its requests and children with it), and an actor
 * restored from the JSON carries on in its place, with the same clock and inspection.
 */
export async function restore(driven: Awaited<ReturnType<typeof startDriven>>): Promise<SnapshotFrom<RecoveryMachine>> {
  const persisted = JSON.parse(JSON.stringify(driven.actor.getPersistedSnapshot()));
  driven.actor.stop();
  driven.pending.clear();
  driven.actor = createActor(driven.logic, { snapshot: persisted, input: driven.input, clock: driven.clock, inspect: driven.inspect });
  driven.actor.start();
  await flush();
  return driven.actor.getSnapshot();
}

/** Deliver one model event the way it would really arrive: settle an actor, pass time, or send. */
export async function deliver(
  driven: Awaited<ReturnType<typeof startDriven>>,
  event: AnyEventObject,
): Promise<SnapshotFrom<RecoveryMachine>> {
  const { actor, pending, clock } = driven;
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? /^runner\.(done|error)$/.exec(event.type);
  if (match) {
    const [, kind, id = 'runTask'] = match;
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
