/**
 * `recovery-protocol/machines`: the statecharts alone, without the runtime (no stores, processes
 * or sockets). Every name here is also exported by `recovery-protocol` (the same objects);
 * `tests/index.test.ts` pins the list.
 * @packageDocumentation
 */
import type { AnyStateMachine } from 'xstate';
import { pipelineMachine } from './pipeline.machine.js';
import { recoveryMachine } from './recovery.machine.js';
import { supervisorMachine } from './supervisor.machine.js';

export { pipelineMachine, recoveryMachine, supervisorMachine };
export { decide } from './recovery/decide.js';
// What fills the `runTask` slot: `recoveryMachine.provide({ actors: { runTask: runner(work) } })`.
export { runner } from './runner.js';
// The I/O of the recovery machine's slots, for diagnosers, adapters and rollbacks of your own.
export type {
  AdaptInput, AdaptOutput, AttemptInput, DecideEvent, DiagnoseInput, DiagnoseOutput, RollbackInput,
} from './recovery/types.js';
export type { RecoveryOutput } from './recovery/output.js';
// Seed 004's partial-output policies: keep, discard or restore an agent's files on a restart.
export { decidePartialOutput, PARTIAL_OUTPUT_POLICIES } from './supervisor/partial-output.js';

/** All machines, keyed by the name used for `visualizations/<name>.*`. */
export const machines = { recovery: recoveryMachine, supervisor: supervisorMachine, pipeline: pipelineMachine } satisfies Record<string, AnyStateMachine>;
