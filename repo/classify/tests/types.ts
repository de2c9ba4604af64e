import type { FailedTest } from '../types.js';

export type { FailedTest } from '../types.js';

/** How one test case ended in a report: `skipped` also covers a case a name filter left out. */
export type CaseStatus = 'passed' | 'failed' | 'skipped';

/**
 * One test case of a report, listed when the reader is asked for every case (`{ cases: true }`).
 * `titles` are its names below its file as the runner's own name filter (`-t`,
 * `--test-name-pattern`) matches them: vitest's `describe > test` split, jest's ancestor titles
 * and title, node's suites and test; kept for failed cases only (what a re-run of the failures needs).
 */
export interface TestCase {
  /** The same id a failure of it carries (`FailedTest.name`): stable across attempts. */
  id: string;
  status: CaseStatus;
  titles?: string[];
}

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
