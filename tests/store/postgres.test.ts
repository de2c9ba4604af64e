/** The PostgreSQL store: the shared contract on a real database, plus what only it can show. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore, type PostgresStore } from '../../src/store/postgres/store.js';
import { testDatabase } from '../helpers/postgres.js';
import { describeStoreContract } from './contract.js';

let url: string;
let drop: () => Promise<void>;
const opened: PostgresStore[] = [];
beforeAll(async () => ({ url, drop } = await testDatabase()), 120_000);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await drop();
});

describeStoreContract('postgres', async () => {
  // A schema per test would need DDL per test; a database per test file and distinct run ids
  // would leak rows between tests. So each test truncates what the previous one left.
  const store = postgresStore(url);
  opened.push(store);
  await store.ready();
  await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
  return { store };
});
