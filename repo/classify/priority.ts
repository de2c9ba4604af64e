import type { FailureType } from '../taxonomy/index.js';

/**
 * Priority tiers (higher wins when several rules match), as DESIGN.md orders them: fatal and
 * security first, then seed 001's order (broken build, verification failed, context exhausted),
 * then the rest; UNKNOWN is what is left. Gaps leave room for user rules in between.
 */
export const RULE_PRIORITY = {
  /** A typed `type` field naming a taxonomy type: the thrower already knows. */
  typed: 2000,
  security: 1000,
  /** A person asked to stop; that outranks whatever else went wrong. */
  abort: 960,
  /** Billing beats the 429 it comes with. */
  quota: 950,
  /** An expired credential is the specific case of a rejected one. */
  authExpired: 920,
  /** A limit named beside the refusal it caused (GitHub's 403 "API rate limit exceeded"): wait, no person needed. */
  limitExplainsRefusal: 910,
  fatal: 900,
  /** Exit codes and signals say what ended a process, which outranks what it printed on the way. */
  processEnd: 850,
  /** A message naming why a process aborted (heap exhausted → SIGABRT) explains its exit code. */
  processEndCause: 860,
  /** A refinement of a broken-build marker, e.g. `SyntaxError … in JSON` is a JSON parse error. */
  refinement: 810,
  build: 800,
  /** A test runner's timeout: the cause of the failed test it reports. */
  testTimeout: 710,
  verification: 700,
  context: 600,
  /** CIRCULAR_FIX from the approach history, after seed 001's three message types. */
  history: 550,
  rest: 500,
  /**
   * A project file refused (project-file.ts): a generic refusal whose subject is the project's
   * source or configuration is BROKEN_BUILD. Just above the error responses it retypes, below
   * every specific cause.
   */
  projectFile: 497,
  /** Uncaught-exception markers: any more specific cause printed alongside wins. */
  crash: 480,
  /** Output checks of seed 002: only when nothing in the failure's own words matched. */
  emptyOutput: 130,
  missingSections: 125,
  formatValidation: 120,
  /** Single generic words ("expected", "status code"): evidence only when nothing better matched. */
  weak: 100,
  /**
   * The catch-all: a failed process's own error-marked line that nothing above read is its
   * refusal, ERROR_RESPONSE (catch-all.ts). Below every rule, so it never outranks one.
   */
  catchAll: 50,
  unknown: 0,
} as const;

/**
 * The default priority of a rule of each type. Within "the rest", small offsets fix one order:
 * the most specific transient causes first, the catch-all ERROR_RESPONSE last.
 */
export const TYPE_PRIORITY: Readonly<Record<FailureType, number>> = {
  SECURITY_VIOLATION: RULE_PRIORITY.security,
  // Just below security: a tampered download is reported as the security matter it may be.
  DATA_CORRUPTION: RULE_PRIORITY.security - 10,
  USER_ABORT: RULE_PRIORITY.abort,
  QUOTA_EXCEEDED: RULE_PRIORITY.quota,
  AUTH_EXPIRED: RULE_PRIORITY.authExpired,
  AUTH_REQUIRED: RULE_PRIORITY.fatal,
  CLI_NOT_FOUND: RULE_PRIORITY.fatal,
  CERTIFICATE_ERROR: RULE_PRIORITY.fatal,
  JSON_PARSE_ERROR: RULE_PRIORITY.refinement,
  BROKEN_BUILD: RULE_PRIORITY.build,
  VERIFICATION_FAILED: RULE_PRIORITY.verification,
  CONTEXT_EXHAUSTED: RULE_PRIORITY.context,
  CIRCULAR_FIX: RULE_PRIORITY.history,
  REPEATED_FIX: RULE_PRIORITY.history,
  NON_DETERMINISTIC: RULE_PRIORITY.history,
  RESOURCE_EXHAUSTION: RULE_PRIORITY.rest + 40,
  SERVER_OVERLOADED: RULE_PRIORITY.rest + 30,
  RATE_LIMIT_TIMED: RULE_PRIORITY.rest + 26,
  RATE_LIMIT: RULE_PRIORITY.rest + 25,
  // A held lock often ends in a "lock timeout": the lock is the specific cause.
  RESOURCE_BUSY: RULE_PRIORITY.rest + 24,
  TIMEOUT: RULE_PRIORITY.rest + 20,
  NETWORK: RULE_PRIORITY.rest + 15,
  SERVER_ERROR: RULE_PRIORITY.rest + 10,
  // Specific kinds of timeout: above TIMEOUT, whose "timed out" they usually also print.
  HEARTBEAT_TIMEOUT: RULE_PRIORITY.rest + 22,
  PROGRESS_STALL: RULE_PRIORITY.rest + 22,
  DEPENDENCY_FAILURE: RULE_PRIORITY.rest + 8,
  QUALITY_GATE_FAIL: RULE_PRIORITY.rest + 5,
  DIFF_PARSE_ERROR: RULE_PRIORITY.rest + 5,
  CONTEXT_ERROR: RULE_PRIORITY.rest + 5,
  MISSING_SECTIONS: RULE_PRIORITY.rest + 2,
  FORMAT_VALIDATION: RULE_PRIORITY.rest,
  EMPTY_OUTPUT: RULE_PRIORITY.rest,
  ERROR_RESPONSE: RULE_PRIORITY.rest - 10,
  CLI_CRASH: RULE_PRIORITY.crash,
  UNKNOWN: RULE_PRIORITY.unknown,
};

/** Confidence by kind of evidence (UC-AP-004 BR-003 thresholds: 0.85 proceed, 0.70 caution). */
export const EVIDENCE_CONFIDENCE = {
  typed: 0.99,
  exitCode: 0.95,
  signal: 0.95,
  code: 0.95,
  tests: 0.95,
  status: 0.9,
  history: 0.9,
  validation: 0.9,
  text: 0.8,
  /** Ordinary output is weaker evidence than a failure's own words. */
  stdout: 0.7,
  /** The catch-all: the program's own error line was read, but no concept read it (above UNKNOWN, below a word's). */
  catchAll: 0.6,
  /** A project file named as a generic refusal's subject (project-file.ts): inferred from its name, below a word's. */
  fileRole: 0.7,
  /** Nothing matched: exactly 0.5, so the strict "< 0.50 escalates" rule does not fire. */
  unknown: 0.5,
  /** Added per extra piece of evidence for the same type, up to `max`. */
  corroboration: 0.05,
  max: 0.99,
} as const;

/** A tier of DESIGN's order: every priority from `from` up to the next tier's. */
export interface PriorityTier {
  /** Its name in the precedence table. */
  name: string;
  /** The lowest priority in the tier. */
  from: number;
}

/**
 * The tiers of DESIGN's order, highest first (issue 30): each named level of
 * {@link RULE_PRIORITY} is one, so every order DESIGN states (security first, an expired
 * credential before a rejected one, a refinement before its marker, a cause before the exit
 * code it explains…) holds whoever wrote the rules. Between rules of two tiers, the higher tier
 * wins; within one tier, the more exact layer (a tool's rule, then a registry's code, then a
 * lexicon word: see layers.ts), then the higher priority. So a standard code or a word never
 * overrides what a rule written for the tool says about the same kind of thing: "the rest"
 * (resources, limits, the network, servers) is one tier, whose small offsets are a preference,
 * not an order. Error responses, the catch-all, are a tier below it: a tool's generic refusal is
 * no more exact than a registry's timeout.
 */
export const PRIORITY_TIERS: readonly PriorityTier[] = [
  { name: 'a typed `type` field', from: RULE_PRIORITY.typed },
  { name: 'security', from: RULE_PRIORITY.security },
  { name: 'a person stopped the run', from: RULE_PRIORITY.abort },
  { name: 'billing quota', from: RULE_PRIORITY.quota },
  { name: 'expired credentials', from: RULE_PRIORITY.authExpired },
  { name: 'a limit that explains a refusal', from: RULE_PRIORITY.limitExplainsRefusal },
  { name: 'fatal: credentials, a missing command, trust', from: RULE_PRIORITY.fatal },
  { name: 'why a process aborted', from: RULE_PRIORITY.processEndCause },
  { name: 'how the process ended (exit code, signal)', from: RULE_PRIORITY.processEnd },
  { name: 'a refinement of a broken build (JSON parse errors)', from: RULE_PRIORITY.refinement },
  { name: 'broken build (seed 001)', from: RULE_PRIORITY.build },
  { name: "a test's own timeout", from: RULE_PRIORITY.testTimeout },
  { name: 'verification failed (seed 001)', from: RULE_PRIORITY.verification },
  { name: 'context exhausted (seed 001)', from: RULE_PRIORITY.context },
  { name: 'circular fix (history)', from: RULE_PRIORITY.history },
  { name: 'the rest: resources, limits, the network, servers, pipelines', from: RULE_PRIORITY.rest },
  { name: "a project file refused (`file-roles.project-file`): a generic refusal's subject is the project's source or configuration", from: RULE_PRIORITY.projectFile },
  { name: 'error responses (the catch-all)', from: TYPE_PRIORITY.ERROR_RESPONSE },
  { name: 'crashes and other generic verdicts', from: RULE_PRIORITY.emptyOutput + 1 },
  { name: 'output checks (seed 002)', from: RULE_PRIORITY.formatValidation },
  { name: 'weak single words', from: RULE_PRIORITY.weak },
  { name: "the catch-all: a failed process's own error-marked line that no rule read is its refusal (ERROR_RESPONSE)", from: RULE_PRIORITY.catchAll },
  { name: 'nothing matched: UNKNOWN', from: -Infinity },
];

/** The index in {@link PRIORITY_TIERS} of the tier a priority falls in (0 is the highest). */
export function tierOf(priority: number): number {
  let i = 0;
  while (priority < PRIORITY_TIERS[i]!.from) i++;
  return i;
}
