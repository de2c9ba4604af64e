/** Fix memory: which fix recovered which failure, offered to the next run that fails the same way. */
export type { FixEntry, FixMemory, FixMemoryStats, KnownFix } from './types.js';
export type { AdaptInputWithMemory } from './run-memory.js';
export { failureSignature, keyTokens } from './signature.js';
export { memoryFixMemory } from './memory-fix-memory.js';
export { lowdbFixMemory, FixMemoryFileError, FIX_MEMORY_FILE } from './lowdb-fix-memory.js';
export { fixScore, rankFixes } from './rank.js';
export { postgresFixMemory } from './postgres-fix-memory.js';
