/** Binds the machines to real work: recover(), createRecovery(), the clock. */
export * from './clock.js';
export * from './task-failure.js';
export * from './observe.js';
export * from './options.js';
export * from './outcome.js';
export * from './recovery.js';
export * from './checkpoint.js';
export * from './persisted.js';
export * from './command.js';
export * from './git-rollback.js';
export * from './program-hooks.js';
export * from './hook-context.js';
export * from './run-key.js';
