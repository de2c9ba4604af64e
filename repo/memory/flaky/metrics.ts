/** The flaky-test memory's figures for `recover stats`. */
import type { FlakyTest } from './types.js';

/** What `recover stats` shows of the flaky-test memory. */
export interface FlakyTestMetrics {
  /** (command, test) pairs remembered: tests that failed at least once in their window. */
  remembered: number;
  /** Of those, the ones with at least one flip. */
  flaky: number;
  /** Flips counted, over every window. */
  flips: number;
  /** The test flake rate: runs in which a remembered test flipped ÷ runs that knew it, 0..1 (0 with none). */
  flakeRate: number;
}

/** The figures of the memory's tests (as `FlakyMemory.list` gives them). */
export function flakyTestMetrics(tests: readonly FlakyTest[]): FlakyTestMetrics {
  const runs = tests.reduce((sum, t) => sum + t.runs, 0);
  const flipped = tests.reduce((sum, t) => sum + t.flakeRate * t.runs, 0);
  return {
    remembered: tests.length,
    flaky: tests.filter((t) => t.flips > 0).length,
    flips: tests.reduce((sum, t) => sum + t.flips, 0),
    flakeRate: runs === 0 ? 0 : Math.round(flipped) / runs,
  };
}
