/**
 * recovery-protocol: the public API.
 * @packageDocumentation
 */
export * from './taxonomy/index.js';
export type * from './classify/types.js';
export * from './policy/index.js';
