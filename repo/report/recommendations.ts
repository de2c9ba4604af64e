/**
 * What to tell the human, as data: one table by reason (why the run stopped) and one by failure
 * type (what kind of failure it was). Reports combine the two; tests and docs can read the tables.
 */
import type { FailureType, Reason } from '../taxonomy/index.js';

/** Advice by reason, most important line first. */
export const REASON_RECOMMENDATIONS: Readonly<Record<Reason, readonly string[]>> = {
  critical_security_violation: [
    'Execution was halted at once and nothing was retried: the task touched a sensitive path, asked for elevated privileges or risked data loss.',
    'Review the security policy and the task specification; do not grant access just to get past this.',
  ],
  data_corruption: [
    'Execution was halted at once and nothing was retried: stored data failed its integrity check.',
    'Investigate before anything runs again (disk, interrupted writes, a tampered download); the Rollbacks section says what the run changed and how to get it back.',
  ],
  approval_required: [
    'The fix changed more than the approval thresholds allow (files, share of the tree, public API or cost): review it in the work tree.',
    'Approve with `retry-fresh` (the retry runs on the fix), or undo it with `rollback`.',
  ],
  fatal_error: ['Retrying cannot fix this failure. Fix the environment first, then choose `retry-fresh`.'],
  user_abort: ['A person stopped the run. Resume or retry when ready.'],
  circular_fix: [
    'The fixes keep circling around similar approaches: the diagnosis is probably wrong.',
    'Human review needed to break the loop: give a different approach with `retry-with --guidance`.',
  ],
  infinite_loop: [
    'The same fix was proposed again: the agent is not learning from failed attempts.',
    'Human review needed to break the loop: give a different approach with `retry-with --guidance`.',
  ],
  max_attempts: [
    'Manual review needed: every recovery iteration of the budget failed.',
    'Check that the diagnosis is right and that the expectations (tests, checks) match the task\'s intent.',
  ],
  time_budget: ['The total time budget ran out. Raise it, or find out why attempts are slow.'],
  low_confidence: [
    'The diagnosis was too uncertain to act on (confidence below the escalate threshold).',
    'A human diagnosis is needed: pass it with `retry-with --guidance`.',
  ],
  flake_probe: ['The failure repeats on an unchanged re-run: it is not flaky. Look at the code, not the environment.'],
  uncertain_diagnosis: ['The diagnosis was uncertain; review the applied fix before relying on it.'],
  non_deterministic_failure: [
    'Non-deterministic failure: it passed on an unchanged re-run, so no fix was attempted.',
    'Investigate race conditions or timing dependencies, and stabilise the test before retrying.',
  ],
  no_alternative: ['The adapter had no alternative approach left. Give guidance with `retry-with --guidance`, or fix it manually.'],
  adapter_failed: ['The adapter failed or answered malformed output: its own message is under Current State. Check that program (or agent: its credentials, its endpoint) and what it prints.'],
  agent_budget: ["The agent spent more than the run's limit (--agent-budget-usd). Raise the limit, or fix it by hand."],
  diagnoser_failed: ['The diagnoser failed (its message is under Current State); the built-in diagnosis was used. Check that program.'],
  rollback_failed: [
    'Rollback could not restore the last known good state.',
    'Inspect the working tree before anything else; uncommitted work may need recovering by hand.',
  ],
  regression: ['The last fix made the original failure pass but broke other checks. Review its side effects.'],
  interrupted: ['The process stopped mid-attempt. `recover resume` re-runs the interrupted attempt.'],
  decision_timeout: ['Nobody decided in time, so the default choice was taken. Review the run.'],
};

/** Advice by failure type, one line each (types without an entry get none). */
export const TYPE_RECOMMENDATIONS: Readonly<Partial<Record<FailureType, string>>> = {
  RATE_LIMIT: 'Lower the request rate or raise the limit; a longer backoff may help.',
  RATE_LIMIT_TIMED: 'Lower the request rate; the provider said how long to wait.',
  SERVER_OVERLOADED: 'The server was overloaded: retry later or use a fallback endpoint.',
  SERVER_ERROR: 'The server failed: check its status before retrying.',
  TIMEOUT: 'Consider a longer timeout or a smaller task.',
  NETWORK: 'Check connectivity, DNS and that the service is up.',
  HEARTBEAT_TIMEOUT: 'Consider increasing the heartbeat threshold, or check why the agent went silent.',
  PROGRESS_STALL: 'Consider increasing the stall threshold, or split the task into smaller steps.',
  RESOURCE_BUSY: 'A lock or resource was held by another process: if it stays busy, find the holder (another install, an editor, a stale lock file).',
  DEPENDENCY_FAILURE: 'Check the upstream step that should provide the missing input.',
  BROKEN_BUILD: 'The code does not build: compare with the last known good state and check imports and syntax.',
  VERIFICATION_FAILED: 'Test expectations may not match the implementation intent: review the failing tests and the task specification.',
  QUALITY_GATE_FAIL: 'Read the quality gate report (lint, coverage) and fix what it names.',
  CLI_CRASH: 'The tool crashed: check its version and logs.',
  JSON_PARSE_ERROR: 'The output was not valid JSON: check the prompt or the producing program.',
  EMPTY_OUTPUT: 'The step printed nothing: check that it ran and that output is requested explicitly.',
  FORMAT_VALIDATION: 'The output failed format validation: check the expected format.',
  MISSING_SECTIONS: 'The output lacked required sections: check the template and the prompt.',
  DIFF_PARSE_ERROR: 'The patch could not be applied: regenerate it against the current files.',
  CONTEXT_ERROR: 'A template placeholder or key was missing: check the template inputs.',
  ERROR_RESPONSE: 'The agent answered with an error: check the request it was given.',
  UNKNOWN: 'The failure was not recognised: read the output and consider a classification rule for it.',
  CONTEXT_EXHAUSTED: 'The context ran out: split the task or hand off with a summary.',
  RESOURCE_EXHAUSTION: 'Memory or disk ran out: free resources or raise limits, or split the task.',
  AUTH_REQUIRED: 'Provide valid credentials (check the API key or log in).',
  AUTH_EXPIRED: 'Log in again to refresh the credentials.',
  CLI_NOT_FOUND: 'Install the command or fix PATH.',
  QUOTA_EXCEEDED: 'Check the plan and billing: waiting will not help.',
  CERTIFICATE_ERROR: 'Fix trust: install the CA certificate (NODE_EXTRA_CA_CERTS, SSL_CERT_FILE), renew the expired certificate or correct the host name; never disable verification.',
  USER_ABORT: 'Stopped on request; nothing to fix.',
  DATA_CORRUPTION: 'Investigate before anything runs again: find what wrote the corrupt data (disk, an interrupted write, a tampered download), repair it from a backup or a fresh copy; re-running would spread it.',
  SECURITY_VIOLATION: 'A task that reaches for system files or privileges is usually a task specification error: correct the task, not the permissions.',
  CIRCULAR_FIX: 'Break the loop with a different approach.',
  REPEATED_FIX: 'Break the loop with a different approach.',
  NON_DETERMINISTIC: 'Recommend test stabilisation: look for races, shared state and timing.',
};

/**
 * The recommendation lines for a run: the reason's lines, then the type's line when it adds
 * something. With neither, a generic request for review.
 */
export function recommendationsFor(reason: Reason | null, type: FailureType | null): string[] {
  const lines = [...(reason ? REASON_RECOMMENDATIONS[reason] : [])];
  const byType = type ? TYPE_RECOMMENDATIONS[type] : undefined;
  if (byType && !lines.includes(byType)) lines.push(byType);
  return lines.length > 0 ? lines : ['Review the run history and decide how to continue.'];
}
