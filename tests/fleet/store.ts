/** A PostgreSQL store of the test file's own (tests/helpers/postgres.ts), emptied before each test. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { postgresStore, type PostgresStore } from '../../src/store/postgres/store.js';
import { testDatabase } from '../helpers/postgres.js';

/** Registers the file's hooks; the returned function gives the store (from `beforeAll` on). */
export function useFleetStore(): () => PostgresStore {
  let store: PostgresStore | undefined;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const db = await testDatabase();
    drop = db.drop;
    store = postgresStore(db.url);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await drop();
  });
  beforeEach(async () => {
    await store!.ready();
    await store!.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
  });
  return () => store!;
}
