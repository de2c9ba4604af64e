import type { Action, Category, Severity } from './categories.js';

/** One failure type: the most specific name the classifier gives a failure. */
export interface FailureTypeInfo {
  /** The category that decides routing. */
  readonly category: Category;
  /** How bad it is; `immediate` stops the run at once (a person's cancellation), `critical` halts everything. */
  readonly severity: Severity;
  /** What the protocol does by default. */
  readonly action: Action;
  /** Which seed system the type comes from (see ../shared/seeds). */
  readonly seed: string;
  /** What it means, in one line. */
  readonly description: string;
  /** A message exactly as a real tool prints it. */
  readonly example: string;
}

/**
 * Every failure type of DESIGN.md's taxonomy. `satisfies` keeps the keys literal so that
 * {@link FailureType} is derived from the data, not written twice.
 */
export const FAILURE_TYPES = {
  // transient: retry the same approach after backoff
  RATE_LIMIT: { category: 'transient', severity: 'medium', action: 'retry', seed: '000 LLMErrorType', description: 'The provider throttled the request (HTTP 429) without saying for how long.', example: 'Error: 429 Too Many Requests: rate limit exceeded' },
  RATE_LIMIT_TIMED: { category: 'transient', severity: 'medium', action: 'retry', seed: '000 LLMErrorType', description: 'A rate limit with a retry-after hint; the hint becomes retryAfterMs.', example: 'Rate limit reached for gpt-4o. Please try again in 6s.' },
  SERVER_OVERLOADED: { category: 'transient', severity: 'medium', action: 'retry', seed: '000 LLMErrorType', description: 'The server is overloaded (HTTP 529 or 503).', example: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' },
  SERVER_ERROR: { category: 'transient', severity: 'medium', action: 'retry', seed: '000 LLMErrorType', description: 'A 5xx answer from a server.', example: 'HTTP 502 Bad Gateway' },
  TIMEOUT: { category: 'transient', severity: 'medium', action: 'retry', seed: '000, 002', description: 'The attempt ran out of time (exit 124, ETIMEDOUT); the next attempt gets timeout × 1.5.', example: 'Error: connect ETIMEDOUT 10.0.0.1:443' },
  NETWORK: { category: 'transient', severity: 'medium', action: 'retry', seed: 'DESIGN', description: 'The network failed (ECONNRESET, ECONNREFUSED, ENOTFOUND, EAI_AGAIN, socket hang up).', example: 'Error: connect ECONNREFUSED 127.0.0.1:5432' },
  HEARTBEAT_TIMEOUT: { category: 'transient', severity: 'high', action: 'retry', seed: '004', description: 'No heartbeat within the heartbeat timeout (default 30 s); restart at once.', example: 'No heartbeat received for 45 seconds' },
  PROGRESS_STALL: { category: 'transient', severity: 'medium', action: 'retry', seed: '004', description: 'No progress within the stall timeout (default 5 min); retry with a context refresh.', example: 'No progress reported for 300 seconds' },
  RESOURCE_BUSY: { category: 'transient', severity: 'medium', action: 'retry', seed: 'DESIGN', description: 'A lock is held, a resource is busy or a server is still loading (EBUSY, SQLITE_BUSY, SQLSTATE 55P03, Redis LOADING): it frees itself; retry after a short backoff.', example: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234 (apt-get)' },
  DEPENDENCY_FAILURE: { category: 'transient', severity: 'high', action: 'retry', seed: '004', description: 'A required input is missing; wait for the dependency.', example: 'Dependency "schema" not ready: required input missing' },
  // systematic: adapt a different approach
  BROKEN_BUILD: { category: 'systematic', severity: 'high', action: 'rollback', seed: '001', description: 'The code does not compile, import or parse; roll back to the last known good state, then fix.', example: "Error: Cannot find module './utils' from 'src/index.js'" },
  VERIFICATION_FAILED: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '001, 003', description: 'The code runs but fails tests or validation.', example: 'AssertionError: Expected 200 but got 404' },
  QUALITY_GATE_FAIL: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '004', description: 'A lint, coverage or other quality gate failed; fix and retry (budget 2).', example: 'ESLint found 3 errors. Quality gate failed.' },
  CLI_CRASH: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '000 LLMErrorType', description: 'A tool crashed (uncaught exception, segfault, abort).', example: 'Segmentation fault (core dumped)' },
  JSON_PARSE_ERROR: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '000 LLMErrorType', description: 'Output that should be JSON is not.', example: 'SyntaxError: Unexpected token < in JSON at position 0' },
  EMPTY_OUTPUT: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '002', description: 'The step printed nothing; ask explicitly for output.', example: '(no output)' },
  FORMAT_VALIDATION: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '002', description: 'Output failed format validation.', example: 'Validation failed: output is not a unified diff' },
  MISSING_SECTIONS: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '002', description: 'Output lacks required sections; the next attempt names them.', example: 'Missing section: # Tests' },
  DIFF_PARSE_ERROR: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '002', description: 'A patch could not be parsed or applied.', example: 'error: corrupt patch at line 12' },
  CONTEXT_ERROR: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '002', description: 'A prompt template lacked a placeholder or key.', example: "KeyError: 'task_description'" },
  ERROR_RESPONSE: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '004', description: 'An agent answered with an error (HTTP 400/404/409 and the like).', example: 'HTTP 400 Bad Request: invalid_request_error' },
  UNKNOWN: { category: 'systematic', severity: 'medium', action: 'adapt', seed: '001', description: 'Nothing matched; one iteration, then escalate.', example: 'Something went wrong' },
  // resource: hand off to a fresh context
  CONTEXT_EXHAUSTED: { category: 'resource', severity: 'high', action: 'handoff', seed: '001', description: 'The context window ran out mid-task; checkpoint and continue fresh.', example: 'Error: Maximum context length (128k tokens) exceeded' },
  RESOURCE_EXHAUSTION: { category: 'resource', severity: 'high', action: 'handoff', seed: '004', description: 'Memory, disk or another resource ran out (ENOSPC, heap out of memory, exit 137).', example: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory' },
  // fatal: escalate at once, no retry
  AUTH_REQUIRED: { category: 'fatal', severity: 'high', action: 'escalate', seed: '000 LLMErrorType', description: 'Credentials are missing or rejected (HTTP 401).', example: 'Error: 401 Unauthorized: invalid x-api-key' },
  AUTH_EXPIRED: { category: 'fatal', severity: 'high', action: 'escalate', seed: '000 LLMErrorType', description: 'Credentials expired; a human must log in again.', example: 'OAuth token has expired. Please run /login' },
  CLI_NOT_FOUND: { category: 'fatal', severity: 'high', action: 'escalate', seed: '000 LLMErrorType', description: 'The command does not exist (exit 127, ENOENT on spawn).', example: 'bash: claude: command not found' },
  QUOTA_EXCEEDED: { category: 'fatal', severity: 'high', action: 'escalate', seed: 'DESIGN', description: 'Billing quota spent: not a rate limit, waiting does not help.', example: 'You exceeded your current quota, please check your plan and billing details.' },
  CERTIFICATE_ERROR: { category: 'fatal', severity: 'high', action: 'escalate', seed: 'DESIGN', description: 'A TLS certificate is not trusted, expired or does not match: a person must fix trust; re-running cannot.', example: 'fatal: unable to access \'https://git.example.com/repo.git/\': SSL certificate problem: self signed certificate in certificate chain' },
  USER_ABORT: { category: 'fatal', severity: 'immediate', action: 'abort', seed: '004', description: 'A person stopped the run (SIGINT, exit 130).', example: 'Interrupted (SIGINT)' },
  SECURITY_VIOLATION: { category: 'fatal', severity: 'critical', action: 'halt', seed: '003 Exc-2, 004', description: 'Sensitive path, privilege escalation or data-loss risk: halt everything, no retry.', example: "EACCES: permission denied, open '/etc/shadow'" },
  DATA_CORRUPTION: { category: 'fatal', severity: 'critical', action: 'halt', seed: '004', description: 'Stored data fails its integrity check (checksum mismatch, corrupt database page or git object): halt, roll back what the run changed, investigate; never retried.', example: 'Error: database disk image is malformed' },
  // circular: detected from history
  CIRCULAR_FIX: { category: 'circular', severity: 'high', action: 'escalate', seed: '001', description: 'The fix is similar (Jaccard > 0.3) to 2 of the last 3 approaches.', example: 'Using async await pattern' },
  REPEATED_FIX: { category: 'circular', severity: 'high', action: 'escalate', seed: '003 Exc-4', description: 'The fix equals an earlier one after normalisation.', example: 'Add null check before accessing payload.exp' },
  // nondeterministic: detected by the flake probe
  NON_DETERMINISTIC: { category: 'nondeterministic', severity: 'medium', action: 'escalate', seed: '003 Alt-3', description: 'The failure passed on an unchanged re-run.', example: 'Test passed on retry without code change' },
} as const satisfies Record<string, FailureTypeInfo>;

/** A failure type name, e.g. `RATE_LIMIT`. */
export type FailureType = keyof typeof FAILURE_TYPES;

/** Every failure type name, in table order. */
export const FAILURE_TYPE_NAMES = Object.keys(FAILURE_TYPES) as FailureType[];
