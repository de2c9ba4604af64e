/**
 * `--store DIR|URL`: where the runs are. Declared once for every verb that reads or writes the
 * store, and resolved and opened here: a directory (lowdb, the default) or a `postgres://` URL
 * (the fleet's PostgreSQL store, which the fleet verbs require).
 */
import { join, resolve as resolvePath } from 'node:path';
import { isPostgresUrl } from '../store/location.js';
import type { PostgresStore } from '../store/postgres/store.js';
import type { Store } from '../store/types.js';
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
 * The store a verb opened from `--store DIR|URL` (else `$RECOVERY_STORE`, else `.recovery/`), with
 * where it lives, so what the verb does next (the fix and flaky memories, a git rollback that
 * must leave the store alone) reads the location from here instead of resolving the flag again.
 */
export type RunStore =
  /** A PostgreSQL store (fleet mode): no directory. */
  | { readonly store: PostgresStore; readonly dir: null }
  /** A lowdb store and its directory. */
  | { readonly store: Store; readonly dir: string };

/**
 * Opens the store at `--store DIR|URL` (`flag`), else `$RECOVERY_STORE`, else the project's
 * `.recovery/` (see {@link cliStoreDir}). A `postgres://` URL opens the PostgreSQL store (fleet
 * mode; `options.leaseMs` is its runs' lease, default 15 s); its pool lets the process exit once idle.
 */
export async function openRunStore(io: CliIO, flag: string | undefined, options: { leaseMs?: number } = {}): Promise<RunStore> {
  if (isFleetStore(io, flag)) {
    const { postgresStore } = await import('../store/postgres/store.js');
    return { store: postgresStore((flag ?? io.env.RECOVERY_STORE)!.trim(), options), dir: null };
  }
  const dir = await cliStoreDir(io, flag);
  const { openStore } = await import('../store/index.js');
  return { store: openStore(dir), dir };
}

/** The store alone of {@link openRunStore}, for the verbs that only read and write runs. */
export async function openCliStore(io: CliIO, flag: string | undefined, options: { leaseMs?: number } = {}): Promise<Store> {
  return (await openRunStore(io, flag, options)).store;
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
