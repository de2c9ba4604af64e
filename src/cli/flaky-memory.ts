/**
 * The store's flaky-test memory as the CLI opens it: with a PostgreSQL store the table every
 * process on the database shares (fleet-wide), otherwise `flaky-tests.json` in the store directory.
 */
import type { FlakyMemory } from '../memory/flaky/types.js';
import type { PostgresStore } from '../store/postgres/store.js';
import type { Store } from '../store/types.js';
import { cliStoreDir, isFleetStore } from './store-option.js';
import type { CliIO } from './verb.js';

/** The flaky memory of `store`, opened from `--store DIR|URL` (`storeOption`, else `$RECOVERY_STORE`) by `openCliStore`. */
export async function cliFlakyMemory(io: CliIO, storeOption: string | undefined, store: Store): Promise<FlakyMemory> {
  if (isFleetStore(io, storeOption)) {
    const { postgresFlakyMemory } = await import('../memory/flaky/postgres.js');
    return postgresFlakyMemory(store as PostgresStore);
  }
  const { lowdbFlakyMemory } = await import('../memory/flaky/lowdb.js');
  return lowdbFlakyMemory(await cliStoreDir(io, storeOption));
}
