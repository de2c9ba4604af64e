/**
 * The store's fix memory as the CLI opens it: with a PostgreSQL store the table every process on
 * the database shares (fleet-wide), otherwise `fixes.json` in the store directory.
 */
import type { FixMemory } from '../memory/types.js';
import type { RunStore } from './store-option.js';

/** The fix memory beside `store`: its PostgreSQL table, else its file in the store's directory. */
export async function cliFixMemory({ store, dir }: RunStore): Promise<FixMemory> {
  if (dir === null) {
    const { postgresFixMemory } = await import('../memory/postgres-fix-memory.js');
    return postgresFixMemory(store);
  }
  const { lowdbFixMemory } = await import('../memory/lowdb-fix-memory.js');
  return lowdbFixMemory(dir);
}
