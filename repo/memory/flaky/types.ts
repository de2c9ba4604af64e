/**
 * Flaky-test memory: which tests of which command flip between passing and failing, over the
 * last runs of that command. The input is one small typed value per ended run ({@link RunTests},
 * read by `runTestsOf`); the memory keeps, per (command, test), one mark per run over a bounded
 * window; everything people see ({@link FlakyTest}) is derived from the marks.
 */

/** One test's status in one attempt. */
export interface TestStatus {
  /** The test's id as its runner names it, e.g. `test/math.test.ts > math > adds`. */
  id: string;
  /** `skipped`: the attempt ran the test's file but not the test; it says nothing about flakiness. */
  status: 'passed' | 'failed' | 'skipped';
}

/** What one attempt of a run says about its tests. */
export interface AttemptTests {
  attempt: number;
  /**
   * True when nothing was changed since the previous attempt (no fix, rollback or decision): a
   * flake probe or a plain retry. A status change between two unchanged attempts is a flip; one
   * across a fix is the fix working (or breaking), not flakiness.
   */
  unchanged: boolean;
  /** The tests the attempt names with their status. */
  tests: TestStatus[];
  /**
   * True when every test the attempt ran and does not name passed (the whole command ran and its
   * failures are all named); false when a test not named was not seen (e.g. only failed tests re-ran).
   */
  othersPassed: boolean;
}

/** One ended run's test results: the memory's input. JSON only. */
export interface RunTests {
  runId: string;
  /** The command's identity: its stored (sealed, redacted) command line, e.g. `npx vitest run`. */
  command: string;
  /** When the run last ended, epoch ms. */
  at: number;
  /** The attempts whose test results are known, in order. */
  attempts: AttemptTests[];
}

/** What one run said about one test: a mark in the test's window. */
export interface RunMark {
  /** The run's id: a run counted again (resumed, decided) replaces its mark. */
  run: string;
  /** When the run ended, epoch ms. */
  at: number;
  /** Attempts in which the test passed. */
  passed: number;
  /** Attempts in which the test failed. */
  failed: number;
  /** Status changes between unchanged attempts of this run (flips within the run). */
  flips: number;
  /** The test's status in the run's first attempt that knew it (compared with the previous run's). */
  first: 'passed' | 'failed';
}

/** One remembered test of one command, as the memory keeps it. */
export interface FlakyEntry {
  command: string;
  test: string;
  /** The last runs' marks, oldest first, at most the window's length. */
  runs: RunMark[];
}

/**
 * A {@link RunMark} as the lowdb file keeps it, a tuple: `[run, at, passed, failed, flips,
 * firstFailed (1 or 0)]` (half the bytes of an object: the file is read and written whole).
 */
export type MarkTuple = [run: string, at: number, passed: number, failed: number, flips: number, firstFailed: 0 | 1];

/** The contents of a lowdb flaky memory file (`flaky-tests.json`). */
export interface FlakyMemoryData {
  version: 1;
  entries: { command: string; test: string; runs: MarkTuple[] }[];
}

/** One remembered test as `recover flaky` shows it: totals over its window. */
export interface FlakyTest {
  command: string;
  test: string;
  /** Runs in the window that knew the test. */
  runs: number;
  /** Attempts that passed / failed, over the window. */
  passed: number;
  failed: number;
  /** Flips within runs (between unchanged attempts) plus flips between consecutive runs. */
  flips: number;
  /** Epoch ms of the newest run with a flip, or null. */
  lastFlipAt: number | null;
  /** Epoch ms of the newest run that knew the test. */
  lastSeenAt: number;
  /** Runs with a flip ÷ runs, 0..1. */
  flakeRate: number;
}

/** Where flaky-test memory is kept (a lowdb file, a PostgreSQL table): one contract for both. */
export interface FlakyMemory {
  /** Counts `run`'s results, replacing what the same run counted before (a run may end twice). */
  record(run: RunTests): Promise<void>;
  /** Every remembered test (of `command` only, when given), newest flip first, then newest seen. */
  list(command?: string): Promise<FlakyTest[]>;
}

/** How many runs of a command each test's window holds by default. */
export const FLAKY_WINDOW_RUNS = 50;
/**
 * Most (command, test) entries kept; the least recently seen go first. With full windows the
 * lowdb file is then at most ~5 MB (see `npm run bench:flaky`).
 */
export const MAX_FLAKY_ENTRIES = 2_000;
