/**
 * recovery-protocol: the public API.
 *
 * - `recover(task, options)` runs a task under the protocol; `createRecovery` returns the actor.
 * - `recoverPersisted` / `resume` checkpoint every phase in a store (`openStore`, `memoryStore`).
 * - `classify(observation)` names a failure; `resolvePolicy(config)` validates a policy.
 * - `recoveryMachine` (and every machine in `machines`) is exported for embedding.
 * @packageDocumentation
 */
export * from './taxonomy/index.js';
export * from './classify/index.js';
export * from './policy/index.js';
export * from './runtime/index.js';
export * from './store/index.js';
export * from './report/index.js';
export * from './diagram/index.js';
export * from './inspect/index.js';
export * from '../machines/index.js';
export { postgresStore, PostgresStore, type PostgresStoreOptions } from './store/postgres/store.js';
export * from './runtime/fleet/index.js';
