/**
 * The fix memory of a PostgreSQL store: the table `recovery_fixes`, one row per (signature, fix),
 * and the one-row `recovery_fix_stats` (schema version 2, created by the store's migration). Every
 * process and every fleet worker on the database shares it: what recovered a failure on one
 * machine is offered on the next. Each update is one statement, so concurrent updates from any
 * number of processes add up (the database serialises them on the row).
 */
import type { PostgresStore } from '../store/postgres/store.js';
import { byLastUsed } from './memory-fix-memory.js';
import { rankFixes } from './rank.js';
import type { FixEntry, FixMemory } from './types.js';
import { MAX_ENTRIES } from './update.js';

type Row = { signature: string; type: string; fix: string; worked: number; failed: number; last_used: number };

const COLUMNS = 'signature, type, fix, worked, failed, last_used';
const entryOf = (row: Row): FixEntry => ({
  signature: row.signature, type: row.type, fix: row.fix, worked: row.worked, failed: row.failed, lastUsed: row.last_used,
});

/** The fix memory kept in `store`'s database (its pool; the schema is migrated on first use). */
export function postgresFixMemory(store: Pick<PostgresStore, 'pool' | 'ready'>): FixMemory {
  const query = async <R extends object>(text: string, values: unknown[] = []) => {
    await store.ready();
    return (await store.pool.query<R>(text, values)).rows;
  };
  return {
    known: async (signature) => rankFixes((await query<Row>(`SELECT ${COLUMNS} FROM recovery_fixes WHERE signature = $1`, [signature])).map(entryOf)),
    record: async (entry, outcome, at) => {
      if (outcome === 'failed') {
        // A failure of a fix never seen to work is not remembered (as in every implementation).
        await query('UPDATE recovery_fixes SET failed = failed + 1, last_used = greatest(last_used, $3) WHERE signature = $1 AND fix = $2', [entry.signature, entry.fix, at]);
        return;
      }
      const [row] = await query<{ inserted: boolean }>(
        `INSERT INTO recovery_fixes (signature, type, fix, worked, failed, last_used) VALUES ($1, $2, $3, 1, 0, $4)
         ON CONFLICT (signature, fix) DO UPDATE SET worked = recovery_fixes.worked + 1, last_used = greatest(recovery_fixes.last_used, EXCLUDED.last_used)
         RETURNING (xmax = 0) AS inserted`, [entry.signature, entry.type, entry.fix, at]);
      // A new row may take the memory over its bound: the least recently used go, as in the file.
      if (row?.inserted) {
        await query(`DELETE FROM recovery_fixes WHERE (signature, fix) IN
          (SELECT signature, fix FROM recovery_fixes ORDER BY last_used DESC, signature, fix OFFSET $1)`, [MAX_ENTRIES]);
      }
    },
    noteLookup: async (hit, reused) => {
      await query('UPDATE recovery_fix_stats SET lookups = lookups + 1, hits = hits + $1, reused = reused + $2', [hit ? 1 : 0, reused ? 1 : 0]);
    },
    list: async () => byLastUsed((await query<Row>(`SELECT ${COLUMNS} FROM recovery_fixes`)).map(entryOf)),
    stats: async () => {
      const [row] = await query<{ lookups: string; hits: string; reused: string }>('SELECT lookups, hits, reused FROM recovery_fix_stats');
      return { lookups: Number(row?.lookups ?? 0), hits: Number(row?.hits ?? 0), reused: Number(row?.reused ?? 0) };
    },
  };
}
