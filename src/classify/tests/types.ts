import type { FailedTest } from '../types.js';

export type { FailedTest } from '../types.js';

/** What one test run printed about itself, read from its terminal output. */
export interface TestRun {
  /** Which reader understood it, e.g. `vitest`, `node-tap`. */
  runner: string;
  /** Tests reported passed (0 when the runner does not print it). */
  passed: number;
  /** Tests reported failed: the runner's own count, else the failures read. */
  failed: number;
  /** The failing tests read, in the order printed, each once. */
  failures: FailedTest[];
}

/**
 * One runner's reader. `looksLike` is cheap (a few regular expressions over the text) and
 * decides; `read` does the work and answers null when the text held no test results after all.
 */
export interface TestReader {
  runner: string;
  looksLike: (text: string) => boolean;
  read: (lines: readonly string[]) => TestRun | null;
}
