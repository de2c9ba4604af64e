/**
 * The store's fix memory as the CLI opens it: with a PostgreSQL store the table every process on
 * the database shares (fleet-wide), otherwise `fixes.json` in the store directory.
 */
import type { FixMemory } from '../memory/types.js';
import type { PostgresStore } from '../store/postgres/store.js';
import type { Store } from '../store/types.js';
import { cliStoreDir, isFleetStore } from './store-option.js';
import type { CliIO } from './verb.js';

/** The fix memory of `store`, opened from `--store DIR|URL` (`storeOption`, else `$RECOVERY_STORE`) by `openCliStore`. */
export async function cliFixMemory(io: CliIO, storeOption: string | undefined, store: Store): Promise<FixMemory> {
  if (isFleetStore(io, storeOption)) {
    const { postgresFixMemory } = await import('../memory/postgres-fix-memory.js');
    return postgresFixMemory(store as PostgresStore);
  }
  const { lowdbFixMemory } = await import('../memory/lowdb-fix-memory.js');
  return lowdbFixMemory(await cliStoreDir(io, storeOption));
}
