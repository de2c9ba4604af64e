/**
 * vitest globalSetup: makes sure PostgreSQL is installed (`scripts/postgres.sh install`, apt-get
 * when missing) and provides the directory of this test run's throwaway cluster. The cluster
 * itself starts lazily, on the first test file that asks for a database (tests/helpers/postgres.ts),
 * so a run without PostgreSQL tests never pays for initdb; the teardown stops it if it started.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this test run's PostgreSQL cluster lives (started on first use). */
    postgresDir: string;
  }
}

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'postgres.sh');

/** Installs PostgreSQL when missing and provides `postgresDir`; returns the teardown. */
export default function setup(project: TestProject): () => void {
  execFileSync(SCRIPT, ['install'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'recovery-pg-'));
  project.provide('postgresDir', dir);
  return () => {
    execFileSync(SCRIPT, ['stop', dir], { stdio: 'inherit' });
  };
}
