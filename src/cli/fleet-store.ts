/** The PostgreSQL store the fleet verbs (worker, submit, wait, decide in the fleet) need. */
import { UsageError } from './errors.js';
import { isPostgresUrl } from '../store/location.js';
import type { CliIO } from './main.js';
import type { PostgresStore } from '../store/postgres/store.js';

/** `--store URL`, else `$RECOVERY_STORE`; a usage error when neither is a PostgreSQL URL. */
export async function openFleetStore(io: CliIO, store: string | undefined, verb: string): Promise<PostgresStore> {
  const location = (store ?? io.env.RECOVERY_STORE ?? '').trim();
  if (!isPostgresUrl(location)) {
    throw new UsageError(`recover ${verb} needs a PostgreSQL store: --store postgres://USER@HOST:PORT/DB or RECOVERY_STORE=postgres://…`);
  }
  const { postgresStore } = await import('../store/postgres/store.js');
  return postgresStore(location);
}

/** Whether the verb's store is a PostgreSQL URL (`--store`, else `$RECOVERY_STORE`). */
export function isFleetStore(io: CliIO, store: string | undefined): boolean {
  return isPostgresUrl(store ?? io.env.RECOVERY_STORE ?? '');
}
