/**
 * Every machine of the project, by name: the diagrams, the inspector and the model-based tests
 * iterate this map.
 */
import type { AnyStateMachine } from 'xstate';
import { pipelineMachine } from './pipeline.machine.js';
import { recoveryMachine } from './recovery.machine.js';
import { supervisorMachine } from './supervisor.machine.js';

export {
  recoveryMachine, recoveryMigrations, RECOVERY_ACTOR_SLOTS, RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION,
  type RecoveryMachine, type RecoverySlots,
} from './recovery.machine.js';
export * from './supervisor.machine.js';
export * from './pipeline.machine.js';
export type * from './recovery/types.js';
export { initialContext } from './recovery/context.js';
export { decide } from './recovery/decide.js';
// What fills the `runTask` slot: `recoveryMachine.provide({ actors: { runTask: runner(work) } })`.
export { runner, type RunnerAnswer, type RunnerInput, type RunnerLogic, type RunnerRequest, type RunnerWork } from './runner.js';

/** All machines, keyed by the name used for `visualizations/<name>.*`. */
export const machines = { recovery: recoveryMachine, supervisor: supervisorMachine, pipeline: pipelineMachine } satisfies Record<string, AnyStateMachine>;
export type { RecoveryOutput } from './recovery/output.js';
