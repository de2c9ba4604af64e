/**
 * One way to open any store from where it lives: a `postgres://` or `postgresql://` URL opens
 * the PostgreSQL store (loaded only then, so a directory store never loads the driver), anything
 * else is a directory for the lowdb store.
 */
import { resolve } from 'node:path';
import { openStore } from './lowdb-store.js';
import { isPostgresUrl } from './location.js';
import type { Store } from './types.js';

/** A store and how to let go of it (closes the PostgreSQL pool; nothing to do for a directory). */
export interface OpenedStore {
  store: Store;
  /** `postgres` or `lowdb`. */
  kind: 'postgres' | 'lowdb';
  close(): Promise<void>;
}

export { isPostgresUrl } from './location.js';

/**
 * Opens the store at `location`: a PostgreSQL URL (`postgres://user@host:5432/db`) or a
 * directory (resolved against `cwd`, default the current one). `options.leaseMs`: the lease of
 * `acquire` on a PostgreSQL store (default 15,000; a directory's lease lasts while its holder lives).
 */
export async function openStoreAt(location: string, cwd: string = process.cwd(), options: { leaseMs?: number } = {}): Promise<OpenedStore> {
  if (isPostgresUrl(location)) {
    const { postgresStore } = await import('./postgres/store.js');
    const store = postgresStore(location.trim(), options);
    return { store, kind: 'postgres', close: () => store.close() };
  }
  return { store: openStore(resolve(cwd, location)), kind: 'lowdb', close: async () => undefined };
}
