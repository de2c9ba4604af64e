/**
 * What a run adds around the machine when asked to: OpenTelemetry spans and metrics
 * (`src/telemetry/`) and fix memory (`src/memory/`). Both observe the run from the runtime — the
 * I/O slots' work and the actor's snapshots — and leave the machine as it is. A run with neither
 * gets {@link NO_EXTENSIONS}: no wrapper, no subscription, nothing allocated.
 */
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import { runMemory } from '../memory/run-memory.js';
import { runTelemetry, type Slots } from '../telemetry/run-telemetry.js';
import type { Clock } from './clock.js';
import type { Adapter, Diagnoser, RecoveryOptions, Rollback } from './options.js';
import { isResting, statusOf } from './outcome.js';

/** One run's extensions. */
export interface RunExtensions {
  /** The user's programs as the slots call them (the adapter wrapped by fix memory). */
  hooks(options: RecoveryOptions): { diagnose?: Diagnoser; adapt?: Adapter; rollback?: Rollback };
  /** The slots' work as the machine runs it (each under its span). */
  wrap(work: Slots): Slots;
  /** Watch the actor; call before `start`. */
  attach(actor: ActorRefFrom<RecoveryMachine>): void;
  /** The run span's `traceparent`, when traced. */
  traceparent: string | undefined;
}

/** The extensions of a run that asked for none. */
export const NO_EXTENSIONS: RunExtensions = {
  hooks: (options) => options,
  wrap: (work) => work,
  attach: () => undefined,
  traceparent: undefined,
};

/** Fix-memory writes still under way, by actor: a run is not over until they are. */
const pendingWrites = new WeakMap<AnyActorRef, () => Promise<void>>();

/** The extensions `options` ask for (telemetry when a provider is registered; fix memory with `fixMemory` and an adapter). */
export function runExtensions(options: RecoveryOptions, clock: Clock, redact: readonly RegExp[]): RunExtensions {
  const telemetry = runTelemetry(options.telemetry, {
    name: options.name ?? 'task',
    now: () => clock.now(),
    restingStatus: (snapshot) => (isResting(snapshot) ? statusOf(snapshot) : 'running'),
    redact,
  });
  const memory = options.fixMemory && options.adapt ? runMemory({
    memory: options.fixMemory,
    reuse: options.reuseFixes === true,
    redact,
    now: () => clock.now(),
    onError: (options as { onNotice?: (message: string) => void }).onNotice ?? (() => undefined),
  }) : null;
  if (!telemetry && !memory) return NO_EXTENSIONS;
  return {
    hooks: (o) => (memory ? { ...o, adapt: memory.adapt(o.adapt!) as Adapter } : o),
    wrap: (work) => (telemetry ? telemetry.wrap(work) : work),
    attach: (actor) => {
      telemetry?.attach(actor);
      if (memory) {
        memory.attach(actor);
        pendingWrites.set(actor, memory.idle);
      }
    },
    traceparent: telemetry?.traceparent,
  };
}

/** Resolves once what the run's extensions still write (fix memory) is written. */
export function extensionsSettled(actor: AnyActorRef | undefined): Promise<void> {
  return (actor && extensionsPending(actor)) ?? Promise.resolve();
}

/** What the run's extensions still write (fix memory), or null when they write nothing (no promise made). */
export function extensionsPending(actor: AnyActorRef): Promise<void> | null {
  return pendingWrites.get(actor)?.() ?? null;
}
