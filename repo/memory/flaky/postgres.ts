/**
 * The flaky memory of a PostgreSQL store: the table `recovery_test_runs` (schema version 5), one
 * row per (command, test, run): a run's mark. Every process and fleet worker on the database
 * shares it. An update reads the command's rows, counts the run with the same pure function as
 * the file (`applyRunTests`), and writes the difference, in one transaction that holds an
 * advisory lock on the command: concurrent runs of one command are counted one after the other.
 */
import type { PostgresStore } from '../../store/postgres/store.js';
import { applyRunTests, flakyTests } from './apply.js';
import { FLAKY_WINDOW_RUNS, MAX_FLAKY_ENTRIES, type FlakyEntry, type FlakyMemory, type RunMark } from './types.js';

/** Names this memory's advisory locks among the database's ("flky"); the second key is the command's hash. */
const FLAKY_LOCK = 0x666c6b79;

type Row = { command: string; test: string; run_id: string; at: number; passed: number; failed: number; flips: number; first_failed: boolean };
const COLUMNS = 'command, test, run_id, at, passed, failed, flips, first_failed';
/** The JSON record layout of a row, for `json_to_recordset`. */
const RECORD = 'r(test text, run_id text, at double precision, passed integer, failed integer, flips integer, first_failed boolean)';

const markOf = (row: Row): RunMark => ({ run: row.run_id, at: row.at, passed: row.passed, failed: row.failed, flips: row.flips, first: row.first_failed ? 'failed' : 'passed' });
const rowOf = (entry: FlakyEntry, mark: RunMark) => ({ test: entry.test, run_id: mark.run, at: mark.at, passed: mark.passed, failed: mark.failed, flips: mark.flips, first_failed: mark.first === 'failed' });
const keyOf = (test: string, run: string) => JSON.stringify([test, run]);

/** The rows as entries, each test's marks oldest first. */
function entriesOf(rows: readonly Row[]): FlakyEntry[] {
  const byKey = new Map<string, FlakyEntry>();
  for (const row of [...rows].sort((a, b) => a.at - b.at)) {
    const key = JSON.stringify([row.command, row.test]);
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, entry = { command: row.command, test: row.test, runs: [] });
    entry.runs.push(markOf(row));
  }
  return [...byKey.values()];
}

/** The flaky memory kept in `store`'s database; `window`: runs per test (default {@link FLAKY_WINDOW_RUNS}). */
export function postgresFlakyMemory(store: Pick<PostgresStore, 'pool' | 'ready'>, window = FLAKY_WINDOW_RUNS): FlakyMemory {
  return {
    record: async (run) => {
      await store.ready();
      const client = await store.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [FLAKY_LOCK, run.command]);
        const before = entriesOf((await client.query<Row>(`SELECT ${COLUMNS} FROM recovery_test_runs WHERE command = $1`, [run.command])).rows);
        const after = applyRunTests(before, run, window);
        const old = new Map(before.flatMap((e) => e.runs.map((m) => [keyOf(e.test, m.run), JSON.stringify(rowOf(e, m))] as const)));
        const kept = new Set<string>();
        const upserts = [];
        for (const entry of after) {
          for (const mark of entry.runs) {
            const key = keyOf(entry.test, mark.run);
            kept.add(key);
            const row = rowOf(entry, mark);
            if (old.get(key) !== JSON.stringify(row)) upserts.push(row);
          }
        }
        const gone = [...old.keys()].filter((key) => !kept.has(key)).map((key) => {
          const [test, runId] = JSON.parse(key) as [string, string];
          return { test, run_id: runId };
        });
        if (gone.length > 0) {
          await client.query(`DELETE FROM recovery_test_runs t USING json_to_recordset($2) AS r(test text, run_id text)
            WHERE t.command = $1 AND t.test = r.test AND t.run_id = r.run_id`, [run.command, JSON.stringify(gone)]);
        }
        if (upserts.length > 0) {
          await client.query(`INSERT INTO recovery_test_runs (${COLUMNS}) SELECT $1, r.* FROM json_to_recordset($2) AS ${RECORD}
            ON CONFLICT (command, test, run_id) DO UPDATE SET at = EXCLUDED.at, passed = EXCLUDED.passed, failed = EXCLUDED.failed,
              flips = EXCLUDED.flips, first_failed = EXCLUDED.first_failed`, [run.command, JSON.stringify(upserts)]);
          // New tests may take the memory over its bound: the least recently seen go, as in the file.
          await client.query(`DELETE FROM recovery_test_runs WHERE (command, test) IN
            (SELECT command, test FROM recovery_test_runs GROUP BY command, test ORDER BY max(at) DESC, command, test OFFSET $1)`, [MAX_FLAKY_ENTRIES]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    list: async (command) => {
      await store.ready();
      const { rows } = command === undefined
        ? await store.pool.query<Row>(`SELECT ${COLUMNS} FROM recovery_test_runs`)
        : await store.pool.query<Row>(`SELECT ${COLUMNS} FROM recovery_test_runs WHERE command = $1`, [command]);
      return flakyTests(entriesOf(rows), command);
    },
  };
}
