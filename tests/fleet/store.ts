/**
 * What a fleet test file sets up before its tests and removes after them: a PostgreSQL database
 * of its own on the shared test cluster (tests/helpers/postgres.ts), a store on it, and for files
 * that start workers, a directory of its own for their journals and logs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PostgresStore } from '../../src/store/postgres/store.js';
import { postgresStoresOnTestDatabase } from '../helpers/postgres.js';

/** What {@link useFleetFiles} gives a test file. */
export interface FleetFiles {
  /** The database's URL, for the worker processes the file starts (they open stores of their own). */
  url: string;
  /** A store on the database, closed after the file's tests. */
  store: PostgresStore;
  /** A directory of the file's own; kept (and its path printed) when `KEEP_CHAOS` is set. */
  dir: string;
}

/** Options of {@link useFleetFiles}. */
export interface FleetFilesOptions {
  /** Empty the runs, events, decisions and workers before each test (default false: the file's tests share them). */
  emptyEachTest?: boolean;
}

/**
 * Registers the file's hooks (call it at the top level, before the file's own `beforeAll`):
 * a database, a store on it and a directory named `prefix…`, all removed after the file's
 * tests. The returned function gives them from the file's `beforeAll` on.
 */
export function useFleetFiles(prefix: string, { emptyEachTest = false }: FleetFilesOptions = {}): () => FleetFiles {
  const store = useStoreOnOwnDatabase(emptyEachTest);
  let dir: string | undefined;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), prefix)); });
  afterAll(async () => {
    if (!dir) return;
    if (process.env.KEEP_CHAOS) console.info(dir);
    else await rm(dir, { recursive: true, force: true });
  });
  return () => ({ url: store().url, store: store(), dir: dir! });
}

/**
 * Registers the file's hooks for a store on a database of the file's own, emptied before each
 * test; the returned function gives the store (from `beforeAll` on).
 */
export function useFleetStore(): () => PostgresStore {
  return useStoreOnOwnDatabase(true);
}

function useStoreOnOwnDatabase(emptyEachTest: boolean): () => PostgresStore {
  const open = postgresStoresOnTestDatabase();
  let store: PostgresStore | undefined;
  beforeAll(() => { store = open(); });
  if (emptyEachTest) {
    beforeEach(async () => {
      await store!.ready();
      await store!.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
    });
  }
  return () => store!;
}
