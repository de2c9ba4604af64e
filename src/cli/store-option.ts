/**
 * `--store DIR|URL`: where the runs are. Declared once for every verb that reads or writes the
 * store, and resolved and opened here: a directory (lowdb, the default) or a `postgres://` URL
 * (the fleet's PostgreSQL store, which the fleet verbs require).
 */
import { join, resolve as resolvePath } from 'node:path';
import { isPostgresUrl } from '../store/location.js';
import type { PostgresStore } from '../store/postgres/store.js';
import { UsageError } from './errors.js';
import { findUpward, projectRoot } from './project.js';
import type { CliIO, OptionDecls } from './verb.js';

/** `--store DIR`, shared by every verb that reads the store. */
export const STORE_OPTION = {
  store: { type: 'string', value: 'DIR|URL', description: 'run store: a directory, or postgres://USER@HOST:PORT/DB (fleet mode)\n(default: $RECOVERY_STORE, else .recovery/ at the project root)' },
} as const satisfies OptionDecls;

/**
 * The store directory: `--store DIR`, else `$RECOVERY_STORE`, else the nearest `.recovery/` from
 * the cwd up to the project root, else `.recovery/` at the project root (see project.ts).
 */
export async function cliStoreDir(io: CliIO, dir: string | undefined): Promise<string> {
  if (dir !== undefined) return resolvePath(io.cwd, dir);
  const { defaultStoreDir } = await import('../store/index.js');
  if (io.env.RECOVERY_STORE !== undefined && io.env.RECOVERY_STORE.trim() !== '') return defaultStoreDir(io.env, io.cwd);
  return findUpward(io.cwd, ['.recovery']) ?? join(projectRoot(io.cwd), '.recovery');
}

/**
 * Opens the store at `--store DIR|URL`, else `$RECOVERY_STORE`, else `./.recovery`. A
 * `postgres://` URL opens the PostgreSQL store (fleet mode); its pool lets the process exit once idle.
 */
export async function openCliStore(io: CliIO, dir: string | undefined, options: { leaseMs?: number } = {}) {
  const location = dir ?? io.env.RECOVERY_STORE;
  const { openStoreAt } = await import('../store/open.js');
  if (location !== undefined && isPostgresUrl(location)) return (await openStoreAt(location, io.cwd, options)).store;
  const { openStore } = await import('../store/index.js');
  return openStore(await cliStoreDir(io, dir));
}

/** Whether the verb's store is a PostgreSQL URL (`--store`, else `$RECOVERY_STORE`). */
export function isFleetStore(io: CliIO, store: string | undefined): boolean {
  return isPostgresUrl(store ?? io.env.RECOVERY_STORE ?? '');
}

/**
 * The PostgreSQL store the fleet verbs (worker, submit, wait, decide in the fleet) need: `--store
 * URL`, else `$RECOVERY_STORE`; a usage error naming `verb` when neither is a PostgreSQL URL.
 */
export async function openFleetStore(io: CliIO, store: string | undefined, verb: string): Promise<PostgresStore> {
  const location = (store ?? io.env.RECOVERY_STORE ?? '').trim();
  if (!isPostgresUrl(location)) {
    throw new UsageError(`recover ${verb} needs a PostgreSQL store: --store postgres://USER@HOST:PORT/DB or RECOVERY_STORE=postgres://…`);
  }
  const { postgresStore } = await import('../store/postgres/store.js');
  return postgresStore(location);
}
