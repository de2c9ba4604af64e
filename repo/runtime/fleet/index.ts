/** Fleet mode: workers on many machines sharing one PostgreSQL store, and submitting runs to them. */
export { createWorker, type Worker, type WorkerEvent, type WorkerOptions } from './worker.js';
export type { FleetTask, FleetTaskContext } from './task.js';
export { submit, type SubmitOptions, type Submission } from './submit.js';
export { COMMAND_TASK, runCommandTask, type CommandInput } from './command-task.js';
export { claimedStore } from './claimed-store.js';
