/**
 * Every machine of the project, by name: the diagrams, the inspector and the model-based tests
 * iterate this map.
 */
import type { AnyStateMachine } from 'xstate';
import { recoveryMachine } from './recovery.machine.js';

export * from './recovery.machine.js';
export type * from './recovery/types.js';
export { initialContext } from './recovery/context.js';

/** All machines, keyed by the name used for `visualizations/<name>.*`. */
export const machines = { recovery: recoveryMachine } satisfies Record<string, AnyStateMachine>;
