/**
 * The PostgreSQL store's schema and its migrations. Each migration runs once, in order, recorded
 * in `recovery_migrations`; `migrate` takes a transaction-scoped advisory lock first, so any
 * number of processes starting at once apply each migration exactly once and none of them sees a
 * half-made schema. Tables are prefixed `recovery_` so they can live in an application's database.
 *
 * - `recovery_runs`: one row per run: the compact head (JSON, replaced by every commit) and its
 *   summary columns, the event count the head commits, the ownership lease (owner, fence, deadline
 *   by the database clock), and in fleet mode the registered task and its input.
 * - `recovery_run_events`: the event log, primary key (run_id, seq): no gap, no duplicate.
 * - `recovery_decisions`: decisions recorded by `recover decide` on any machine (and who made
 *   them), taken by a worker.
 * - `recovery_workers`: the workers that have run, with their last sign of life.
 * - `recovery_fixes`, `recovery_fix_stats` (version 4): the fix memory and its lookup counters.
 * - `recovery_test_runs` (version 5): the flaky-test memory, one row per (command, test, run).
 *
 * Heads and events are `json`, not `jsonb`: a command's output can hold a NUL character, which
 * `jsonb` refuses, and the text is stored as written (no re-encoding on every commit).
 */
import type { PgQueryable } from './pg-driver.js';

/** An arbitrary constant naming the migration lock among the database's advisory locks ("rcvr"). */
export const MIGRATION_LOCK = 0x72637672;

/** The migrations, in order: `MIGRATIONS[i]` takes the schema from version i to i + 1. Never edit one that shipped. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE recovery_runs (
     run_id      text PRIMARY KEY,
     head        json,
     status      text,
     updated_at  double precision,
     final       boolean NOT NULL DEFAULT false,
     events      integer NOT NULL DEFAULT 0,
     head_fence  bigint NOT NULL DEFAULT 0,
     fence       bigint NOT NULL DEFAULT 0,
     owner       json,
     lease_until timestamptz,
     last_owner  json,
     task_name   text,
     input       json,
     queued_at   timestamptz
   );
   CREATE INDEX recovery_runs_updated ON recovery_runs (updated_at DESC) WHERE head IS NOT NULL;
   CREATE INDEX recovery_runs_claimable ON recovery_runs (queued_at) WHERE task_name IS NOT NULL AND NOT final;
   CREATE TABLE recovery_run_events (
     run_id text NOT NULL REFERENCES recovery_runs ON DELETE CASCADE,
     seq    integer NOT NULL CHECK (seq >= 1),
     event  json NOT NULL,
     PRIMARY KEY (run_id, seq)
   );
   CREATE TABLE recovery_decisions (
     id          bigserial PRIMARY KEY,
     run_id      text NOT NULL REFERENCES recovery_runs ON DELETE CASCADE,
     choice      text NOT NULL,
     guidance    text,
     decided_at  timestamptz NOT NULL DEFAULT now(),
     taken_at    timestamptz,
     taken_fence bigint
   );
   CREATE INDEX recovery_decisions_pending ON recovery_decisions (run_id) WHERE taken_at IS NULL;
   CREATE TABLE recovery_workers (
     worker_id  text PRIMARY KEY,
     host       text NOT NULL,
     pid        integer NOT NULL,
     started_at timestamptz NOT NULL DEFAULT now(),
     seen_at    timestamptz NOT NULL DEFAULT now(),
     stopped_at timestamptz
   );`,
  // Who took a decision (`recover decide --as`, `recover ui`), kept with it.
  `ALTER TABLE recovery_decisions ADD COLUMN decided_by text;`,
  // The owner's lease length, so that a commit under its fence renews the lease as well.
  `ALTER TABLE recovery_runs ADD COLUMN lease_ms integer;`,
  // 4: the fix memory (src/memory/postgres-fix-memory.ts), shared by every process on the database.
  `CREATE TABLE recovery_fixes (
     signature text NOT NULL,
     fix       text NOT NULL,
     type      text NOT NULL,
     worked    integer NOT NULL DEFAULT 0 CHECK (worked >= 0),
     failed    integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
     last_used double precision NOT NULL,
     PRIMARY KEY (signature, fix)
   );
   CREATE INDEX recovery_fixes_last_used ON recovery_fixes (last_used DESC);
   CREATE TABLE recovery_fix_stats (
     one     boolean PRIMARY KEY DEFAULT true CHECK (one),
     lookups bigint NOT NULL DEFAULT 0,
     hits    bigint NOT NULL DEFAULT 0,
     reused  bigint NOT NULL DEFAULT 0
   );
   INSERT INTO recovery_fix_stats DEFAULT VALUES;`,
  // 5: the flaky-test memory (src/memory/flaky/postgres.ts): what each run said about each test of a command.
  `CREATE TABLE recovery_test_runs (
     command      text NOT NULL,
     test         text NOT NULL,
     run_id       text NOT NULL,
     at           double precision NOT NULL,
     passed       integer NOT NULL CHECK (passed >= 0),
     failed       integer NOT NULL CHECK (failed >= 0),
     flips        integer NOT NULL CHECK (flips >= 0),
     first_failed boolean NOT NULL,
     PRIMARY KEY (command, test, run_id)
   );
   CREATE INDEX recovery_test_runs_at ON recovery_test_runs (at DESC);`,
];

/**
 * Brings the schema to the latest version; idempotent and safe when many processes call it at
 * once (they queue on the advisory lock, and the later ones find nothing left to do).
 * Returns the versions this call applied.
 */
export async function migrate(client: PgQueryable): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS recovery_migrations (
      version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM recovery_migrations');
    for (let version = (rows[0]?.v ?? 0) + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1]!);
      await client.query('INSERT INTO recovery_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return applied;
}
