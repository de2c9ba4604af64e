/** The PostgreSQL fix memory: the FixMemory contract on a real database, plus what only it can show. */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresFixMemory } from '../../src/memory/postgres-fix-memory.js';
import { MIGRATIONS } from '../../src/store/postgres/schema.js';
import { postgresStore } from '../../src/store/postgres/store.js';
import { postgresStoresOnTestDatabase, testDatabase } from '../helpers/postgres.js';
import { MAX_ENTRIES } from '../../src/memory/update.js';
import { fixMemoryContract } from './contract.js';

const open = postgresStoresOnTestDatabase();

fixMemoryContract('postgres', async () => {
  // One database per file: each test starts from an empty memory.
  const store = open();
  await store.ready();
  await store.pool.query('TRUNCATE recovery_fixes; UPDATE recovery_fix_stats SET lookups = 0, hits = 0, reused = 0');
  return postgresFixMemory(store);
});

describe('postgresFixMemory', () => {
  const entry = { signature: 'NETWORK: connect econnrefused num', type: 'NETWORK', fix: 'start the database first' };

  it('is shared: what one store (one machine) records, another sees', async () => {
    const [a, b] = [open(), open()];
    await a.ready();
    await a.pool.query('TRUNCATE recovery_fixes');
    await postgresFixMemory(a).record(entry, 'worked', 1_000);
    await postgresFixMemory(b).record(entry, 'worked', 2_000);
    await postgresFixMemory(b).record(entry, 'failed', 1_500);
    expect(await postgresFixMemory(a).known(entry.signature)).toEqual([{ ...entry, worked: 2, failed: 1, lastUsed: 2_000 }]);
  });

  it('keeps at most MAX_ENTRIES fixes: a new one pushes out the least recently used', async () => {
    const store = open();
    await store.ready();
    await store.pool.query('TRUNCATE recovery_fixes');
    await store.pool.query(`INSERT INTO recovery_fixes (signature, type, fix, worked, failed, last_used)
      SELECT 'T: s' || n, 'T', 'fix', 1, 0, n FROM generate_series(1, $1) AS n`, [MAX_ENTRIES]);
    await postgresFixMemory(store).record(entry, 'worked', MAX_ENTRIES + 1);
    const list = await postgresFixMemory(store).list();
    expect(list).toHaveLength(MAX_ENTRIES);
    expect(list[0]).toMatchObject(entry);
    expect(list.some((e) => e.signature === 'T: s1')).toBe(false);
    expect(list.at(-1)!.signature).toBe('T: s2');
  });

  it('a database at the schema version before the fix memory gains its tables on first use, its runs kept', async () => {
    const { url: oldUrl, drop: dropOld } = await testDatabase();
    const client = new pg.Client(oldUrl);
    await client.connect();
    try {
      // The schema as the previous release left it: every migration before the fix memory's, and a run in it.
      const before = MIGRATIONS.findIndex((m) => m.includes('CREATE TABLE recovery_fixes'));
      expect(before).toBeGreaterThan(0);
      await client.query('CREATE TABLE recovery_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (let version = 1; version <= before; version++) {
        await client.query(MIGRATIONS[version - 1]!);
        await client.query('INSERT INTO recovery_migrations (version) VALUES ($1)', [version]);
      }
      await client.query("INSERT INTO recovery_runs (run_id) VALUES ('kept')");
      const store = postgresStore(oldUrl);
      try {
        const memory = postgresFixMemory(store);
        await memory.record(entry, 'worked', 5);
        expect(await memory.list()).toEqual([{ ...entry, worked: 1, failed: 0, lastUsed: 5 }]);
        expect(await memory.stats()).toEqual({ lookups: 0, hits: 0, reused: 0 });
      } finally {
        await store.close();
      }
      const { rows } = await client.query<{ version: number }>('SELECT version FROM recovery_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
      expect((await client.query("SELECT run_id FROM recovery_runs WHERE run_id = 'kept'")).rowCount).toBe(1);
    } finally {
      await client.end();
      await dropOld();
    }
  }, 60_000);
});
