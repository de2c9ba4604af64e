/** The failure taxonomy: data shared by every other module. */
export * from './categories.js';
export * from './types.js';
export * from './lookup.js';
export * from './history.js';
export * from './run-status.js';
