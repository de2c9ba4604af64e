/**
 * Replays a supervisor model path against a real actor: agents are small stub machines that
 * forward what the test tells them to the supervisor (`sendParent`) and can crash; the rollback
 * slot is a promise the test settles; the watch sleeps on XState's `SimulatedClock`; every
 * microstep's transitions are collected for coverage.
 */
import {
  createActor, fromPromise, sendParent, setup, SimulatedClock, type AnyActorRef, type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { microstepRecorder } from '../coverage.js';
import { supervisorMachine, type SupervisorMachine } from '../../../machines/supervisor.machine.js';
import { childIdOf } from '../../../machines/supervisor/context.js';
import type { AgentCommand, SupervisorInput } from '../../../machines/supervisor/types.js';
import { sleepUntil } from '../../../src/runtime/clock.js';

/** What every stub agent was told by the supervisor, by systemId. */
export type Commands = Map<string, AgentCommand[]>;

/** A stand-in agent: `EMIT` sends an event to the supervisor, `CRASH` makes the actor fail. */
function stubAgent(commands: Commands) {
  return setup({
    types: { input: {} as { systemId: string }, context: {} as { systemId: string } },
    actors: { boom: fromPromise<never>(() => Promise.reject(new Error('agent process died'))) },
  }).createMachine({
    context: ({ input }) => ({ systemId: input.systemId }),
    initial: 'working',
    on: {
      EMIT: { actions: sendParent(({ event }) => (event as unknown as { event: AnyEventObject }).event as never) },
      PAUSE: { actions: ({ context, event }) => void record(commands, context.systemId, event as AgentCommand) },
      RESUME: { actions: ({ context, event }) => void record(commands, context.systemId, event as AgentCommand) },
      CRASH: '.crashing',
    },
    states: { working: {}, crashing: { invoke: { id: 'boom', src: 'boom' } } },
  });
}

function record(commands: Commands, systemId: string, command: AgentCommand): void {
  commands.set(systemId, [...(commands.get(systemId) ?? []), command]);
}

/** Let promise reactions and the events they send run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A started supervisor for one path, plus what it saw. */
export async function startDriven(input: SupervisorInput) {
  const clock = new SimulatedClock();
  clock.set(input.now);
  const commands: Commands = new Map();
  const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const logic = supervisorMachine.provide({
    actors: {
      agent: stubAgent(commands) as never,
      rollback: fromPromise<any, any>(({ self }) => new Promise((resolve, reject) => void pending.set(self.id, { resolve, reject }))),
      sleepUntil: fromPromise<any, any>(({ input: sleep, signal }) => sleepUntil(clock, sleep.until, signal)),
    },
  });
  const { taken, visited, inspect } = microstepRecorder();
  const actor = createActor(logic, { input, clock, inspect });
  actor.start();
  await flush();
  return { actor, logic, clock, commands, pending, taken, visited };
}

/** A driven supervisor. */
export type Driven = Awaited<ReturnType<typeof startDriven>>;

/** The live child of an agent's current attempt, found by its systemId. */
export function agentChild(driven: Driven, agentId: string): AnyActorRef {
  const agent = driven.actor.getSnapshot().context.agents[agentId]!;
  const child = driven.actor.system.get(childIdOf(agentId, agent.attempt)) as AnyActorRef | undefined;
  if (!child) throw new Error(`no child actor with systemId ${childIdOf(agentId, agent.attempt)}`);
  return child;
}

/** Deliver one model event the way it would really arrive. */
export async function deliver(driven: Driven, event: AnyEventObject): Promise<SnapshotFrom<SupervisorMachine>> {
  const { actor, pending, clock } = driven;
  if (event.type === 'xstate.done.actor.watchTimer') {
    clock.set((event.output as { at: number }).at);
  } else if (/^xstate\.(done|error)\.actor\.rollback$/.test(event.type)) {
    const waiting = pending.get('rollback');
    if (!waiting) throw new Error('no pending rollback');
    pending.delete('rollback');
    if (event.type.startsWith('xstate.done')) waiting.resolve(event.output);
    else waiting.reject(event.error);
  } else if (event.type.startsWith('xstate.error.actor.agent:')) {
    const agentId = event.type.slice('xstate.error.actor.agent:'.length).split('#')[0]!;
    agentChild(driven, agentId).send({ type: 'CRASH' });
  } else if (typeof event.agentId === 'string' && event.type !== 'DECIDE') {
    // What an agent reports reaches the supervisor from the agent's own actor.
    agentChild(driven, event.agentId).send({ type: 'EMIT', event });
  } else {
    actor.send(event as never);
  }
  await flush();
  await flush();
  return actor.getSnapshot();
}
