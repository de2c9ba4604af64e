/**
 * A real PostgreSQL for a test file: the test run's throwaway cluster (started on first use by
 * scripts/postgres.sh, shared by every file) and a database of the file's own, so files running
 * in parallel never see each other's rows. A file that restarts or breaks its server takes a
 * cluster of its own ({@link ownCluster}): the shared one must stay up for the other files.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { postgresStore, type PostgresStore, type PostgresStoreOptions } from '../../src/store/postgres/store.js';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'postgres.sh');

/** The cluster's admin URL (database `postgres`), starting the cluster when it is not running. */
export async function clusterUrl(): Promise<string> {
  const { stdout } = await promisify(execFile)(SCRIPT, ['start', inject('postgresDir')], { timeout: 120_000 });
  return stdout.trim();
}

/** A fresh, empty database on the test cluster: its URL and a function that drops it. */
export async function testDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = await clusterUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** What {@link useTestDatabase} gives a test file. */
export interface TestDatabaseUse {
  /** The database's URL, from the file's `beforeAll` hooks on (those registered after the call). */
  readonly url: string;
}

/**
 * For a test file on PostgreSQL: a database of the file's own on the shared cluster, made before
 * its tests and dropped after them (after the hooks registered later have closed what used it).
 * Call it at the file's (or describe's) top, before the hooks that need the database.
 */
export function useTestDatabase(): TestDatabaseUse {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  beforeAll(async () => { database = await testDatabase(); }, 120_000);
  afterAll(async () => { await database?.drop(); });
  return {
    get url() {
      if (!database) throw new Error('the test database is made in beforeAll: read its url from a hook or a test');
      return database.url;
    },
  };
}

/**
 * For a test file on PostgreSQL: a database of the file's own ({@link useTestDatabase}) and a
 * function that opens a store on it, every store closed after the file's tests. Call it at the
 * file's top level.
 */
export function postgresStoresOnTestDatabase(): (options?: PostgresStoreOptions) => PostgresStore {
  const database = useTestDatabase();
  const opened: PostgresStore[] = [];
  afterAll(async () => { await Promise.all(opened.map((store) => store.close())); });
  return (options) => {
    const store = postgresStore(database.url, options);
    opened.push(store);
    return store;
  };
}

/**
 * For a test file that runs its tests on PostgreSQL too: stores on a database of the file's own
 * (see {@link postgresStoresOnTestDatabase}), each opened with no runs (each test starts from none).
 */
export function emptyPostgresStores(): () => Promise<PostgresStore> {
  const open = postgresStoresOnTestDatabase();
  return async () => {
    const store = open();
    await store.ready();
    await store.pool.query('TRUNCATE recovery_runs CASCADE');
    return store;
  };
}

/** Runs `use` with a client of its own on `url`, closed afterwards. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL cluster that one test file owns: it may restart it at will. */
export interface OwnCluster {
  /** The admin URL (database `postgres`); the port stays the same across restarts. */
  url: string;
  /** `pg_ctl restart -m MODE`: resolves once the server accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** The first half of a restart: `pg_ctl stop -m MODE`, the cluster kept for {@link OwnCluster.up}. */
  down(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again after {@link OwnCluster.down}, on the same port: resolves once it accepts connections. */
  up(): Promise<void>;
  /** Stops it (immediate) and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Starts a throwaway cluster of the caller's own (scripts/postgres.sh, in a fresh directory, on
 * a free port), for tests that restart the server; {@link testDatabase} is for everything else.
 *
 * Unlike the shared cluster it keeps what it acknowledged (POSTGRES_FSYNC=on: fsync and
 * synchronous_commit on), as a production server does: `restart -m immediate` is a crash, and
 * with synchronous_commit off a crash forgets the last commits a client was told had succeeded
 * (the chaos test saw an escalation's checkpoint vanish that way and the run then re-executed).
 */
export async function ownCluster(): Promise<OwnCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'recovery-pg-own-'));
  const env = { ...process.env, POSTGRES_FSYNC: 'on' };
  const script = (...args: string[]) => promisify(execFile)(SCRIPT, args, { timeout: 180_000, env });
  const { stdout } = await script('start', dir);
  return {
    url: stdout.trim(),
    restart: async (mode) => void await script('restart', dir, mode),
    down: async (mode) => void await script('down', dir, mode),
    up: async () => void await script('up', dir),
    stop: async () => void await script('stop', dir),
  };
}
