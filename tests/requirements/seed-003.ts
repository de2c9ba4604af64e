/**
 * Seed 003 (UC-AP-004, enforce the recovery protocol), its flows: the main scenario, the
 * alternate flows Alt-1…4 and the exception flows Exc-1…4. Its rules and acceptance criteria
 * are in seed-003-criteria.ts.
 */
import { F } from './files.js';
import { at, type Requirement } from './types.js';

/** The rows of UC-AP-004's flows. */
export const SEED_003_FLOWS: readonly Requirement[] = [
  {
    id: 'UC-AP-004 §7 triggers', requirement: 'test failure, syntax error, file operation, API call, validation failure and timeout all start the protocol', status: '✓',
    where: ['src/classify/classify.ts', 'src/classify/packs/index.ts'],
    tests: [at(F.table, 'real-world messages, exactly as printed'), at(F.table, 'the taxonomy examples classify as their own type')],
  },
  {
    id: 'UC-AP-004 §8 PAUSE', requirement: 'stop and capture the failure: type, message, failing tests, stack, current state', status: '✓',
    where: ['src/runtime/observe.ts', 'machines/recovery/failure.ts', 'src/runtime/persisted.ts'],
    tests: [
      at(F.observeStack, 'reaches the diagnoser and the adapter of a recover() run, naming where it was thrown'),
      at(F.failingTests, 'the report has a Failing Tests section with the counts, before the current state'),
    ],
  },
  {
    id: 'UC-AP-004 §8 step 7', requirement: 'the PAUSE event names the failing test', status: '✓',
    where: ['machines/recovery/history.ts', 'src/classify/classify.ts', 'src/classify/observe.ts'],
    tests: [
      at(F.history, 'writes a top-level list of events with the contract fields, oldest first'),
      at(F.testsByName, 'finds the flaky test by name, sends the regression back to ADAPT naming the broken test, and recovers after the whole suite passes'),
    ],
  },
  {
    id: 'UC-AP-004 §8 DIAGNOSE', requirement: 'hypotheses with confidence, logged on the DIAGNOSE event', status: '✓',
    where: ['machines/recovery/pass-steps.ts', 'src/runtime/program-hooks.ts'],
    tests: [
      at('tests/runtime/program-hooks.test.ts', 'returns the hypotheses a program answers, from the input it received'),
      at(F.rounds, '0.30 in round 1, 0.90 in round 2: asks again, then adapts and recovers'),
    ],
  },
  {
    id: 'UC-AP-004 §8 ADAPT', requirement: 'one fix, logged with its description and confidence', status: '✓',
    where: ['machines/recovery/pass-steps.ts'],
    tests: [at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt')],
  },
  {
    id: 'UC-AP-004 §8 RETRY', requirement: 'the task is executed again and the result logged', status: '✓',
    where: ['machines/recovery/states/recovery.ts', 'machines/recovery/states/executing.ts', 'machines/recovery/history.ts'],
    tests: [at(F.recover, 'retries a transient failure after the policy delays (5 s, 10 s) and recovers')],
  },
  {
    id: 'UC-AP-004 §8 completion', requirement: 'a recovered run reports its original error, the fix and the iterations it took', status: '✓',
    where: ['src/report/escalation-outcome.ts', 'src/report/attempts.ts'],
    tests: [at(F.outcome, 'a recovered run keeps its original error and recovery attempts, in Exc-1 order')],
  },
  {
    id: 'UC-AP-004 §8 step 21', requirement: 'the recovery metadata is kept as a YAML history', status: '✓',
    where: ['src/report/history.ts', 'src/cli/verbs/history.ts'],
    tests: [at(F.history, 'YAML round-trips through yaml.parse to the same value as the JSON')],
  },
  {
    id: 'UC-AP-004 Alt-1', requirement: 'still failing after a fix: diagnose again with the new failure and the fixes tried, up to 3 iterations', status: '✓',
    where: ['machines/recovery/states/recovery.ts', 'src/runtime/agent/prompt.ts'],
    tests: [
      at(F.prompt, 'asks for hypotheses without changes, with the tried fixes from the history, the format last'),
      at(F.hookRules, 'refuses a repeated fix, escalates after the third failed iteration, then denies edits, commands and Stop'),
    ],
  },
  {
    id: 'UC-AP-004 Alt-2', requirement: 'confidence below 0.70: gather evidence (diagnose again, bounded), go on once confident', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/policy/confidence.ts'],
    tests: [at(F.rounds, '0.30 in round 1, 0.90 in round 2: asks again, then adapts and recovers')],
  },
  {
    id: 'UC-AP-004 Alt-2 rejected round', requirement: 'the low-confidence round that was set aside is marked so', status: '✓',
    where: ['machines/recovery/pass-steps.ts', 'machines/recovery/states/diagnose.ts'],
    tests: [
      at(F.rounds, '0.30 in round 1, 0.90 in round 2: asks again, then adapts and recovers'),
      at(F.rounds, 'below 0.50 after the last round: escalates low_confidence, having asked diagnoseRounds times'),
    ],
  },
  {
    id: 'UC-AP-004 Alt-3', requirement: 'a failure that passes on an unchanged re-run escalates as non_deterministic_failure', status: '✓',
    where: ['machines/recovery/routing.ts', 'machines/recovery/answers.ts', 'machines/recovery/states/recovery.ts'],
    tests: [
      at(F.recover, 'probes flakiness: a failure that passes unchanged escalates as non-deterministic, or passes as flaky'),
      at(F.examples, 'flaky-test.mjs: the unchanged re-run passes, so it escalates as non-deterministic (exit 3)'),
    ],
  },
  {
    id: 'UC-AP-004 Alt-4', requirement: 'a fix that passes the failing test but breaks others is a regression: next iteration, told what broke', status: '✓',
    where: ['machines/recovery/failure.ts', 'src/runtime/test-report.ts', 'src/runtime/test-ledger.ts', 'src/runtime/test-attempt.ts'],
    tests: [
      at(F.regression, 'sees a fix that breaks two passing tests as a regression and tells the adapter which'),
      at(F.testsByName, 'finds the flaky test by name, sends the regression back to ADAPT naming the broken test, and recovers after the whole suite passes'),
      at(F.testLedger, 'a regression: a test failing after a fix that passed before; never a flaky one, never without a fix'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-1', requirement: 'after 3 failed iterations: escalate (no 4th) with original error, every attempt, current state, recommendation', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/report/escalation.ts', 'src/report/escalation-sections.ts'],
    tests: [
      at(F.recover, 'escalates a transient failure once the budget is spent: 3 iterations, no 4th'),
      at(F.escalation, 'has the Exc-1 heading, facts and sections in order'),
      at(F.escalation, 'lists every attempt with its fix, result and hypothesis'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-1 CLI', requirement: 'channel: the terminal says why and how to decide; the report goes to a file and the CI step summary', status: '✓',
    where: ['src/cli/verbs/run.ts', 'src/cli/progress/reporter.ts'],
    tests: [
      at(F.progress, 'the summary: status, type, attempts, duration, run id; escalated adds how to decide'),
      at(F.run, 'a fatal command (401) escalates: exit 3, report written, list shows escalated, summary appended'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-1 issue comment', requirement: 'channel: the report posted as an issue or pull-request comment', status: '✓',
    where: ['src/notify/github-comment.ts', 'src/cli/publish-report.ts'],
    tests: [
      at(F.notify, 'posts the report on the pull request of the workflow run, redacted, under its marker'),
      at(F.notify, 'updates its own earlier comment, found on a later page, and leaves other comments alone'),
      at(F.runOptions, 'posts the escalation report on the pull request, and says where'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-1 human gate', requirement: 'channel: a person’s gate (recover ui, recover decide; the Claude Code hook blocks until decided)', status: '✓',
    where: ['src/ui/server.ts', 'src/cli/verbs/decide.ts', 'src/hooks/claude/engine.ts'],
    tests: [
      at(F.ui, 'a click on retry-fresh resumes the run; the page then shows it recovered and who decided'),
      at(F.hookAgent, '(c) three failed iterations escalate; the next edit is denied; recover decide retry-with lets the next call through with the guidance'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-1 steps 7–10', requirement: 'state preserved; the agent waits for guidance, then resumes with it', status: '✓',
    where: ['src/runtime/persisted.ts', 'machines/recovery/escalation-steps.ts'],
    tests: [
      at(F.persisted, 'stores an escalation with its report and options, and a decision continues the run'),
      at(F.examples, 'decide retry-with after the cause is gone → 0, the guidance is recorded'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-2', requirement: 'EACCES on /etc/shadow: critical, escalated at once (critical_security_violation), execution stops', status: '✓',
    where: ['src/classify/packs/security.ts', 'machines/recovery/routing.ts'],
    tests: [
      at(F.security, '$name'),
      at(F.examples, 'security-violation.mjs: escalated at once without a single retry (exit 3), report names it'),
      at(F.escalation, 'Exc-2: critical security violation halts without attempts, abort offered first'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-3', requirement: 'protocol not deployed: fall back to plain error handling and tell a person how to deploy it', status: '✓',
    where: ['src/hooks/claude/handle.ts', 'src/hooks/claude/install.ts', 'src/hooks/claude/deployment.ts'],
    tests: [
      at(F.hookAgent, '(e) a malformed payload is allowed, with one warning line'),
      at('tests/hooks/claude-deployment.test.ts', 'recover run inside Claude Code says once that the hooks are not deployed, and is silent once they are'),
      at('tests/hooks/claude-deployment.test.ts', 'hook claude --status: exit 2 with what to run before --install, exit 0 after, each file named'),
    ],
  },
  {
    id: 'UC-AP-004 Exc-4', requirement: 'the same fix again (A, B, A too): infinite loop, escalated with each iteration’s fix', status: '✓',
    where: ['src/classify/circular.ts', 'machines/recovery/answers.ts', 'src/report/escalation-sections.ts'],
    tests: [
      at(F.recover, 'escalates an adapter that repeats a fix (A, B, A) as an infinite loop'),
      at(F.examples, 'always-fails-test.mjs with adapter-same-fix.mjs: the same fix twice is refused (infinite_loop, exit 3)'),
      at(F.escalation, 'Exc-4: lists the repeated fix per iteration under Infinite Loop Detected'),
    ],
  },
];
