/**
 * Seed 003 (UC-AP-004), its rules: the non-functional requirements, the business rules BR-001…3,
 * the data requirements of §13, the acceptance criteria AC-001…8 and the open issue that was built.
 */
import { F } from './files.js';
import { at, type Requirement } from './types.js';

const BUDGET_SPENT = at(F.recover, 'escalates a transient failure once the budget is spent: 3 iterations, no 4th');
const PATHS = at(F.model, 'drives every simple path (${config.name})');

/** The rows of UC-AP-004's rules and criteria. */
export const SEED_003_CRITERIA: readonly Requirement[] = [
  {
    id: 'UC-AP-004 NFR-AP-01', requirement: 'a recovery cycle takes under 2 minutes per iteration', status: '◐',
    where: ['src/runtime/command-process.ts', 'src/runtime/hook-context.ts', 'src/policy/layers.ts'],
    tests: [at(F.command, 'kills the whole process group on timeout and reports exit 124'), at('tests/runtime/hook-context.test.ts', 'a diagnoser that hangs is cut off at the default 10 minutes and the built-in diagnosis stands')],
    gap: 'no 2-minute bound by default: `--timeout`, the hook deadline (10 min) and `totalBudgetMs` bound it when set',
  },
  {
    id: 'UC-AP-004 NFR-AP-02 / BR-002', requirement: 'at most 3 recovery iterations', status: '✓',
    where: ['src/policy/layers.ts', 'machines/recovery/routing.ts'],
    tests: [BUDGET_SPENT, at(F.defaults, 'has the global defaults of DESIGN.md')],
  },
  {
    id: 'UC-AP-004 NFR-AP-03', requirement: 'the person is notified within 30 seconds of the escalation', status: '✓',
    where: ['src/cli/verbs/run.ts'],
    tests: [at(F.run, 'a fatal command (401) escalates: exit 3, report written, list shows escalated, summary appended')],
  },
  {
    id: 'UC-AP-004 NFR-AP-04', requirement: 'privilege escalation (sudo, su, pkexec…) escalates at once', status: '✓',
    where: ['src/classify/packs/security.ts'],
    tests: [at(F.priority, 'security first, over anything'), at(F.table, 'real-world messages, exactly as printed')],
  },
  {
    id: 'UC-AP-004 NFR-AP-05', requirement: 'sensitive file access escalates at once, after one execution', status: '✓',
    where: ['src/classify/packs/security.ts', 'machines/recovery/routing.ts'],
    tests: [at(F.security, '$name'), at(F.boundaries, 'a path keeps its boundaries: /root is not /home/x/root or /rooted')],
  },
  {
    id: 'UC-AP-004 NFR-AP-06', requirement: 'the escalation carries the full diagnostic context', status: '✓',
    where: ['src/report/escalation.ts', 'src/report/escalation-sections.ts'],
    tests: [at(F.escalation, 'any history and reason give a report with every section exactly once')],
  },
  {
    id: 'UC-AP-004 NFR-AP-07', requirement: 'the complete iteration history is kept', status: '✓',
    where: ['machines/recovery/history.ts', 'src/store/event-log.ts'],
    tests: [at(F.history, 'writes a top-level list of events with the contract fields, oldest first'), at('tests/runtime/persisted-writes.test.ts', 'resumes a handed-off or interrupted run with its history rebuilt from the log and its policy from its config')],
  },
  {
    id: 'UC-AP-004 BR-001 order', requirement: 'PAUSE first, then DIAGNOSE → ADAPT → RETRY, ESCALATE: every run follows the protocol graph', status: '✓',
    where: ['machines/recovery.machine.ts'],
    tests: [PATHS, at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt')],
  },
  {
    id: 'UC-AP-004 BR-001 DIAGNOSE', requirement: 'a diagnosis is hypotheses with a confidence in 0.0–1.0', status: '✓',
    where: ['src/runtime/program-hooks.ts', 'machines/recovery/failure.ts'],
    tests: [at('tests/runtime/program-hooks.test.ts', 'rejects a non-zero exit, an empty list and a bad confidence, naming what was wrong')],
  },
  {
    id: 'UC-AP-004 BR-001 ADAPT', requirement: 'a fix is a single, focused change', status: '◐',
    where: ['machines/recovery/pass-steps.ts', 'machines/recovery/answers.ts', 'machines/recovery/halt.ts', 'src/policy/approval.ts', 'src/runtime/measured-fixes.ts'],
    tests: [at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt'), at('tests/runtime/halt-approval.test.ts', 'a fix beyond maxChangedFiles escalates approval_required before its retry; one within goes on')],
    gap: 'a fix’s size is measured against the last known good state and bounded only when the policy sets `approval` (with `--rollback git`): off by default, since 10 % of a small repository is a single file',
  },
  {
    id: 'UC-AP-004 BR-001 RETRY', requirement: 'a retry re-runs the whole validation, not a part', status: '✓',
    where: ['src/runtime/command.ts', 'machines/recovery/states/executing.ts'],
    tests: [at(F.regression, 'sees a fix that breaks two passing tests as a regression and tells the adapter which')],
  },
  {
    id: 'UC-AP-004 BR-002 critical', requirement: 'security and permission errors escalate at once', status: '✓',
    where: ['src/classify/packs/security.ts', 'machines/recovery/routing.ts'],
    tests: [at(F.recover, 'escalates fatal and security failures without a single retry'), at(F.security, '$name')],
  },
  {
    id: 'UC-AP-004 BR-002 data loss', requirement: 'a data-loss risk escalates at once (critical)', status: '✓',
    where: ['src/classify/data-loss.ts', 'src/runtime/command.ts', 'src/classify/packs/security.ts'],
    tests: [at('tests/cli/halt-rollback.test.ts', 'is never started: it escalates as a critical security violation without a single run'), at(F.table, 'real-world messages, exactly as printed')],
  },
  {
    id: 'UC-AP-004 BR-003 ≥ 0.85', requirement: 'high confidence (≥ 0.85) proceeds with the fix', status: '✓',
    where: ['src/policy/confidence.ts', 'machines/recovery/routing.ts'],
    tests: [at(F.confidence, '%s → %s'), at(F.rounds, '0.30 in round 1, 0.90 in round 2: asks again, then adapts and recovers')],
  },
  {
    id: 'UC-AP-004 BR-003 0.70–0.84', requirement: 'medium confidence proceeds and logs the uncertainty', status: '✓',
    where: ['src/policy/confidence.ts', 'machines/recovery/pass-steps.ts'],
    tests: [
      at(F.uncertain, '%s: one diagnosis round, DIAGNOSE marked uncertain_diagnosis, then adapts and recovers'),
      at(F.uncertain, '0.85 proceeds without the mark: only the middle band records uncertainty'),
      at(F.confidence, '%s → %s'),
    ],
  },
  {
    id: 'UC-AP-004 BR-003 < 0.70', requirement: 'low confidence gathers more evidence before adapting', status: '✓',
    where: ['machines/recovery/routing.ts'],
    tests: [at(F.rounds, '0.30 in round 1, 0.90 in round 2: asks again, then adapts and recovers')],
  },
  {
    id: 'UC-AP-004 BR-003 < 0.50', requirement: 'very low confidence (strictly below 0.50) escalates for a human diagnosis', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/policy/confidence.ts'],
    tests: [at(F.rounds, 'below 0.50 after the last round: escalates low_confidence, having asked diagnoseRounds times'), at(F.confidence, '%s → %s')],
  },
  {
    id: 'UC-AP-004 §13 stack', requirement: 'the stack trace is part of the error everywhere it is shown', status: '✓',
    where: ['src/runtime/observe.ts', 'machines/recovery/failure.ts', 'src/report/stack.ts', 'src/runtime/outcome.ts', 'src/report/escalation-sections.ts'],
    tests: [
      at(F.observeStack, 'in the observation, bounded (the runtime path and the machine fallback alike)'),
      at(F.observeStack, 'is in recover()’s outcome: the message line and the top frames, redacted'),
      at(F.observeStack, 'is under the report’s Original Error: the escalation report and a stored run’s report'),
      at(F.observeStack, 'of a command is the first stack its output shows, message line first'),
      at(F.run, 'a test that keeps failing: the report and the step summary count the original run, the flake probe and the iterations, and show the stack'),
    ],
  },
  {
    id: 'UC-AP-004 §13 event fields', requirement: 'each event has an ISO-8601 timestamp, a phase and a result', status: '✓',
    where: ['src/taxonomy/history.ts', 'src/report/history.ts'],
    tests: [at(F.history, 'normalises timestamps to ISO-8601 and an empty history to an empty list'), at(F.history, 'writes a top-level list of events with the contract fields, oldest first')],
  },
  {
    id: 'UC-AP-004 §13 iteration 1–3', requirement: 'each event’s iteration number is 1–3', status: '✓',
    where: ['machines/recovery/passes.ts', 'machines/recovery/history.ts', 'src/report/attempts.ts'],
    tests: [
      at(F.recover, 'numbers iterations 1…budget: the probe is marked within iteration 1, and the spent budget adds no iteration 4'),
      at(F.attempts, 'marks the flake probe by its flake_probe reason, within the iteration it diagnoses'),
      at(F.attempts, 'reads stored histories written before issue #33 (probe at iteration 0, PAUSE at budget + 1) as before'),
    ],
  },
  {
    id: 'UC-AP-004 §13 report counts', requirement: 'the report’s counts cannot be misread', status: '✓',
    where: ['src/report/counts.ts', 'src/report/escalation.ts', 'src/report/escalation-outcome.ts'],
    tests: [
      at(F.escalation, 'counts executions so they add up: the original run, the flake probe and the recovery iterations'),
      at(F.escalation, 'has the Exc-1 heading, facts and sections in order'),
      at(F.run, 'a test that keeps failing: the report and the step summary count the original run, the flake probe and the iterations, and show the stack'),
    ],
  },
  {
    id: 'UC-AP-004 §13 outputs', requirement: 'event log (YAML) kept 90 days, escalation report (Markdown), success metrics (JSON)', status: '✓',
    where: ['src/cli/verbs/history.ts', 'src/cli/verbs/prune.ts', 'src/report/metrics.ts', 'src/cli/verbs/stats.ts'],
    tests: [
      at(F.storeContract, 'removes runs not updated within the window, keeps the rest'),
      at(F.run, 'report md/json/html, stats --json, list shows a damaged file, repair moves it aside'),
      at('tests/report/metrics.test.ts', 'counts a crafted set of runs exactly'),
    ],
  },
  {
    id: 'UC-AP-004 AC-001', requirement: 'PAUSE: no further change, full context captured (message, stack, test), DIAGNOSE next (same step)', status: '✓',
    where: ['machines/recovery/states/executing.ts', 'machines/recovery/states/diagnose.ts', 'src/runtime/observe.ts', 'src/hooks/claude/rules.ts'],
    tests: [PATHS, at(F.observeStack, 'reaches the diagnoser and the adapter of a recover() run, naming where it was thrown'), at(F.hookAgent, '(a) build fails, the model edits, the build passes: a recovered run in the store')],
  },
  {
    id: 'UC-AP-004 AC-002', requirement: 'a confident fix is applied, the task re-run in full, the success logged (size and time: BR-001 ADAPT, NFR-AP-01)', status: '✓',
    where: ['machines/recovery/states/recovery.ts', 'machines/recovery/pass-steps.ts', 'machines/recovery/attempt-steps.ts'],
    tests: [at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt')],
  },
  {
    id: 'UC-AP-004 AC-003', requirement: 'the iteration count rises, the new diagnosis sees the earlier failures, the fix differs, up to 3', status: '✓',
    where: ['machines/recovery/pass-steps.ts', 'src/runtime/agent/prompt.ts', 'src/classify/circular.ts'],
    tests: [
      at(F.prompt, 'asks for hypotheses without changes, with the tried fixes from the history, the format last'),
      at(F.hookRules, 'refuses a repeated fix, escalates after the third failed iteration, then denies edits, commands and Stop'),
    ],
  },
  {
    id: 'UC-AP-004 AC-004', requirement: 'no 4th attempt; the report lists all 3 attempts, the current state and a recommendation', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/report/escalation-sections.ts'],
    tests: [BUDGET_SPENT, at(F.escalation, 'lists every attempt with its fix, result and hypothesis'), at(F.escalation, 'shows the current state and the recommendation for the reason and type')],
  },
  {
    id: 'UC-AP-004 AC-005', requirement: 'permission denied: escalated at once as critical_security_violation; nothing runs until a person reviews', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/hooks/claude/engine.ts'],
    tests: [at(F.examples, 'security-violation.mjs: escalated at once without a single retry (exit 3), report names it'), at(F.hookAgent, '(d) a permission failure on a secret path escalates at once; the next edit is denied, Stop is blocked')],
  },
  {
    id: 'UC-AP-004 AC-005 security team', requirement: 'the security team is notified if applicable', status: '◐',
    where: ['src/report/escalation.ts'],
    tests: [at(F.escalation, 'Exc-2: critical security violation halts without attempts, abort offered first')],
    gap: 'no separate security channel: the alert goes where every escalation goes',
  },
  {
    id: 'UC-AP-004 AC-006', requirement: 'an identical fix is flagged as a loop and escalated with the repeated fix and a recommendation', status: '✓',
    where: ['machines/recovery/answers.ts', 'src/report/escalation-sections.ts'],
    tests: [at(F.escalation, 'Exc-4: lists the repeated fix per iteration under Infinite Loop Detected'), at(F.recover, 'escalates an adapter that repeats a fix (A, B, A) as an infinite loop')],
  },
  {
    id: 'UC-AP-004 AC-007', requirement: 'fails, then passes unchanged: flagged flaky, escalated non-deterministic, race recommendation, no more retries', status: '✓',
    where: ['machines/recovery/states/recovery.ts', 'src/report/recommendations.ts', 'src/runtime/test-ledger.ts', 'src/runtime/test-attempt.ts', 'src/runtime/test-runners.ts'],
    tests: [
      at(F.escalation, 'non-deterministic failure: says so, shows the probe, recommends investigating races'),
      at(F.examples, 'flaky-test.mjs: the unchanged re-run passes, so it escalates as non-deterministic (exit 3)'),
      at(F.testsByName, 'passes with --on-flaky pass after the probe re-ran exactly that test'),
      at(F.testsByName, 'without an adapter the real failure escalates even with --on-flaky pass; the report lists each test with its attempts'),
      at(F.testLedger, 'flaky by name: only the tests that pass unchanged on the probe'),
    ],
  },
  {
    id: 'UC-AP-004 AC-008', requirement: 'every event logged with phase, iteration, timestamp, result, confidence, hypotheses; kept 90 days', status: '✓',
    where: ['machines/recovery/history.ts', 'src/report/history.ts', 'src/cli/verbs/prune.ts'],
    tests: [at(F.history, 'writes a top-level list of events with the contract fields, oldest first'), at(F.storeContract, 'removes runs not updated within the window, keeps the rest')],
  },
  {
    id: 'UC-AP-004 §14 Issue 003', requirement: 'learn from successful recoveries: the fix that worked is offered next time', status: '✓',
    where: ['src/memory/run-memory.ts', 'src/memory/signature.ts'],
    tests: [at(F.memory, 'remembers the fix a run recovered with, and offers it to the next run that fails the same way')],
  },
];
