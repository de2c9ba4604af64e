import type { Action, Category, FailureType, Severity } from '../taxonomy/index.js';

/** Where in an observation a piece of evidence was found. */
export type EvidenceSource =
  | 'error' | 'message' | 'stderr' | 'stdout' | 'exitCode' | 'signal'
  | 'validationErrors' | 'tests' | 'status' | 'headers' | 'history' | 'default';

/**
 * What was seen when a task failed. Every field is optional; `classify` reads whatever is there.
 * Strings may be huge or binary: the classifier bounds its own work.
 */
export interface Observation {
  /** Any thrown value: read for `name`, `message`, `code`, `status`, a typed `type`, and its `cause` chain. */
  error?: unknown;
  /** A free-text failure message. */
  message?: string;
  /** Process exit code (124 timeout, 127 not found, 130 SIGINT, 137 SIGKILL …). */
  exitCode?: number | null;
  /** Signal that ended the process, e.g. `SIGKILL`. */
  signal?: string | null;
  /** Standard output (ordinary output: auth/rate-limit words here do not count). */
  stdout?: string;
  /** Standard error. */
  stderr?: string;
  /** Validation messages of the output (seed 002), e.g. `Missing section: # Tests`. */
  validationErrors?: string[];
  /**
   * Test results, when known: counts, the failing tests' names (compared between attempts to see
   * a regression) and, where the output said, each failing test's message and location.
   */
  tests?: {
    passed: number; failed: number; failing: string[]; failures?: FailedTest[];
    /**
     * Tests failing now that passed in an earlier attempt, after a fix (UC-AP-004 Alt-4), as the
     * run's test ledger found them (`recover run --tests`); with `fixed`, the ones that failed
     * before and pass now. Absent: the machine compares `failing` with the first failure's.
     */
    broken?: string[];
    fixed?: string[];
    /** Tests found flaky in this run: they failed, then passed unchanged on the flake probe (AC-007). */
    flaky?: string[];
  };
  /** HTTP status of a failed request. */
  status?: number;
  /** HTTP response headers (case-insensitive names), e.g. `retry-after`. */
  headers?: Record<string, string | string[] | undefined>;
}

/** One failing test as its runner printed it. */
export interface FailedTest {
  /** The test's name with its file and suites, e.g. `test/math.test.js > math > adds`: stable across attempts. */
  name: string;
  /** The first line of its error, e.g. `AssertionError: expected 2 to be 3`. */
  message?: string;
  /** Where it failed, as printed: `file:line[:col]`. */
  location?: string;
  /** In how many attempts of the run it failed, when the run's test ledger knows (`recover run --tests`). */
  failedAttempts?: number;
}

/** One reason behind a classification. */
export interface Evidence {
  /** The id of the rule that matched, e.g. `network.econnrefused`. */
  rule: string;
  /** The observation field it was found in. */
  source: EvidenceSource;
  /** The matched text (bounded). */
  match: string;
}

/** The classifier's verdict on one observation. */
export interface Classification {
  type: FailureType;
  category: Category;
  severity: Severity;
  action: Action;
  /** How sure the classifier is, 0..1. */
  confidence: number;
  /** A retry-after hint in milliseconds, when the failure carried one. */
  retryAfterMs?: number;
  /** Why: the rules that matched, best first. */
  evidence: Evidence[];
}
