/**
 * A real PostgreSQL for a test file: the test run's throwaway cluster (started on first use by
 * scripts/postgres.sh, shared by every file) and a database of the file's own, so files running
 * in parallel never see each other's rows.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';

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
