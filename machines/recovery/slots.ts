/**
 * The recovery machine's id and its I/O slots: the one table that names each slot with its kind
 * and types. `setup({ actors })` (setup.ts), the exported slot names and a runtime's `provide()`
 * derive from it.
 */
import { actorNames, runnerSlotType, slotType } from '../shared.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, RollbackInput, RollbackOutput, SleepInput, SleepOutput } from './actor-io.js';

/** The machine id stored in every checkpoint envelope. */
export const RECOVERY_MACHINE_ID = 'recovery';

/** The I/O slots a runtime must provide, with their output and input types: the one definition of their names. */
export const RECOVERY_SLOTS = {
  // One runner per run does every attempt (and the flake probe): see machines/runner.ts.
  runTask: runnerSlotType<AttemptOutcome, AttemptInput>(),
  diagnose: slotType<DiagnoseOutput, DiagnoseInput>(),
  adapt: slotType<AdaptOutput, AdaptInput>(),
  rollback: slotType<RollbackOutput, RollbackInput>(),
  sleepUntil: slotType<SleepOutput, SleepInput>(),
};
/** The recovery machine's slot table (a runtime derives the work it provides from it). */
export type RecoverySlots = typeof RECOVERY_SLOTS;
/** The names of the I/O slots a runtime must provide: `runTask`, `diagnose`, `adapt`, `rollback`, `sleepUntil`. */
export const RECOVERY_ACTOR_SLOTS = actorNames(RECOVERY_SLOTS);

