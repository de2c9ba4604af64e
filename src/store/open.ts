/**
 * One way to open any store from where it lives: a `postgres://` or `postgresql://` URL opens
 * the PostgreSQL store (loaded only then, so a directory store never loads the driver), anything
 * else is a directory for the lowdb store.
 */
import { resolve } from 'node:path';
import { openStore } from './lowdb-store.js';
import type { Store } from './types.js';

/** A store and how to let go of it (closes the PostgreSQL pool; nothing to do for a directory). */
export interface OpenedStore {
  store: Store;
  /** `postgres` or `lowdb`. */
  kind: 'postgres' | 'lowdb';
  close(): Promise<void>;
}

/** True when `location` names a PostgreSQL database rather than a directory. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location.trim());
}

/**
 * Opens the store at `location`: a PostgreSQL URL (`postgres://user@host:5432/db`) or a
 * directory (resolved against `cwd`, default the current one).
 */
export async function openStoreAt(location: string, cwd: string = process.cwd()): Promise<OpenedStore> {
  if (isPostgresUrl(location)) {
    const { postgresStore } = await import('./postgres/store.js');
    const store = postgresStore(location.trim());
    return { store, kind: 'postgres', close: () => store.close() };
  }
  return { store: openStore(resolve(cwd, location)), kind: 'lowdb', close: async () => undefined };
}
