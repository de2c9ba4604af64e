/**
 * Where the lowdb store keeps each file of a run (the layout is drawn in lowdb-store.ts), the
 * directory created private on first write, and the two disk helpers every operation shares.
 */
import { mkdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { StoreWriteError } from './errors.js';
import { writeFileAtomic } from './safe-json-file.js';

/** The paths of one store directory; `makeDirs` creates it once per store object. */
export class StoreFiles {
  /** The store directory (absolute). */
  readonly dir: string;
  /** `<dir>/runs`: heads and event logs. */
  readonly runs: string;
  /** `<dir>/locks`: lock and fence files. */
  readonly locks: string;
  #ready = false;

  constructor(dir: string) {
    this.dir = dir;
    this.runs = join(dir, 'runs');
    this.locks = join(dir, 'locks');
  }

  /** `runs/<runId>.json`: the run's head. */
  headPath(runId: string): string {
    return join(this.runs, `${runId}.json`);
  }

  /** `runs/<runId>.events.ndjson`: the run's event log. */
  logPath(runId: string): string {
    return join(this.runs, `${runId}.events.ndjson`);
  }

  /** `locks/<runId>.lock`: who owns the run, with its fence. */
  lockPath(runId: string): string {
    return join(this.locks, `${runId}.lock`);
  }

  /** `locks/<runId>.fence`: the highest fence ever handed out for the run. */
  fencePath(runId: string): string {
    return join(this.locks, `${runId}.fence`);
  }

  /** Creates the store private (0700) with a `.gitignore` of `*`, once per store object. */
  makeDirs(): void {
    if (this.#ready) return;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    mkdirSync(this.runs, { recursive: true, mode: 0o700 });
    mkdirSync(this.locks, { recursive: true, mode: 0o700 });
    try {
      writeFileAtomic(join(this.dir, '.gitignore'), '# recovery-protocol store: never commit it\n*\n');
    } catch {
      // Only a convenience: a store we can write runs into must not fail over it.
    }
    this.#ready = true;
  }
}

/** Removes `path`; a file already gone is no error. */
export function removeIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A system error from the disk becomes a `StoreWriteError` naming the file; store errors pass. */
export function writeError(error: unknown, path: string, runId: string | null): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  return new StoreWriteError((error as NodeJS.ErrnoException).path ?? path, runId, code, error);
}
