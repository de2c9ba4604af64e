/**
 * The PostgreSQL driver (`pg`), an optional peer dependency: loaded when the first PostgreSQL
 * store (or listener) is made, so a library user without fleet mode installs none of it. The
 * part of its API used here is declared below, so the published types do not need `@types/pg`
 * either; tests/store/pg-driver.test.ts checks the real `pg` against it.
 */
import { requireOptional } from '../../optional-package.js';

/** A query's answer. */
export interface PgResult<R> {
  rows: R[];
  rowCount: number | null;
}

/**
 * A named (prepared) statement: each connection parses and plans `text` once, on its first use of
 * `name`, and afterwards sends only the name and the values. For the statements a worker runs for
 * every run (claim, commit, release): planning the commit's CTE cost as much as executing it.
 */
export interface PgNamedQuery {
  /** Unique per text: a connection that prepared `name` runs its first text for it. */
  name: string;
  text: string;
  values?: unknown[];
}

/** `text` as the named statement `name`: call the result with each run's values. */
export function named(name: string, text: string): (values: unknown[]) => PgNamedQuery {
  return (values) => ({ name, text, values });
}

/** Anything that runs a query: a pool, a pooled client, a client. */
export interface PgQueryable {
  /** `R`: the row's shape, which TypeScript cannot know from the SQL. Default: unknown columns. */
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<PgResult<R>>;
  query<R extends object = Record<string, unknown>>(query: PgNamedQuery): Promise<PgResult<R>>;
}

/** A client checked out of a {@link PgPool}; `release` returns it. */
export interface PgPoolClient extends PgQueryable {
  release(error?: Error | boolean): void;
}

/** A connection pool. */
export interface PgPool extends PgQueryable {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** One dedicated connection (LISTEN needs one). */
export interface PgClient extends PgQueryable {
  connect(): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (notification: { channel: string; payload?: string | undefined }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/** What the package exports, as used here. */
export interface PgModule {
  Pool: new (config: { connectionString: string; max?: number; allowExitOnIdle?: boolean }) => PgPool;
  Client: new (config: { connectionString: string }) => PgClient;
  escapeIdentifier(identifier: string): string;
}

/**
 * The `pg` module, required on first call (synchronously: a store is made in a constructor).
 *
 * @throws MissingPackageError (`npm install pg`) when it is not installed.
 */
export function loadPg(): PgModule {
  return requireOptional<PgModule>('pg', 'A PostgreSQL store (postgres://…, fleet mode)');
}
