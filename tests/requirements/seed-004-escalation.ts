/**
 * Seed 004 (error recovery skill), its acting side: rollback triggers and scopes, escalation
 * thresholds and responses, the audit trail and the session report.
 */
import { F } from './files.js';
import { at, type Requirement } from './types.js';

const MODEL = at(F.supervisorModel, 'drives every simple path (${config.name})');
const GROUP_ROLLBACK = at(F.supervisor, 'pauses a running dependent during an upstream group rollback and resumes it after');
/** Issue 33's end-to-end tests (named here, not in files.ts: only these rows cite them). */
const HALT = 'tests/cli/halt-rollback.test.ts';
const APPROVAL = 'tests/cli/approval.test.ts';
const LIB_HALT = 'tests/runtime/halt-approval.test.ts';
const HALTS = at(HALT, '%s: what the command changed is undone before escalating, the escalation says what, and recover restore brings it back');
const WIDE_FIX = at(APPROVAL, 'a fix over 10 % of the files that touches the public API stops before its retry with the numbers and the diff stat; retry-fresh approves it');
const BLOCKED = at(HALT, 'is never started: it escalates as a critical security violation without a single run');

/** The rows of seed 004's rollbacks, escalations and logging. */
export const SEED_004_ESCALATION: readonly Requirement[] = [
  {
    id: '004 rollback after 3 failures', requirement: '3 consecutive failures roll back to the last checkpoint', status: '✓',
    where: ['machines/recovery/routing.ts', 'machines/supervisor/guards.ts', 'machines/supervisor/failures.ts', 'src/policy/layers.ts'],
    tests: [
      at(F.rollbackScopes, 'by default the 3rd failure in a row rolls the agent back to its last checkpoint, then restarts it from there'),
      at(F.rollbackScopes, 'rollbackAfterFailures 0 turns it off: the 3rd failure is retried like the others'),
      at(F.rollbackAfter, 'rollbackAfterFailures 3: the third failure in a row rolls back to the last known good state, then the next fix is tried'),
      at(F.rollbackAfter, 'by default (0) nothing is rolled back however many failures come in a row'),
      at(F.resolve, 'seed 004 as a config: delays 0, 5, 15, 30 s, fresh context from the 3rd, rollback after 3'),
    ],
  },
  {
    id: '004 rollback critical gate', requirement: 'a critical quality gate failure rolls the changes back, then re-attempts', status: '✓',
    where: ['src/policy/types.ts', 'machines/recovery/routing.ts', 'machines/recovery/halt.ts', 'machines/recovery/states/diagnose.ts', 'machines/recovery/states/recovery.ts'],
    tests: [at(HALT, 'a critical quality gate (criticalGate in the config) rolls the gate\'s changes back, then the next fix is tried and passes'), MODEL],
  },
  {
    id: '004 rollback security', requirement: 'a security vulnerability rolls back at once and alerts', status: '✓',
    where: ['machines/recovery/routing.ts', 'machines/recovery/answers.ts', 'machines/recovery/halt.ts', 'src/runtime/git-rollback.ts', 'src/report/rollbacks-section.ts'],
    tests: [HALTS, MODEL],
  },
  {
    id: '004 rollback data corruption', requirement: 'data corruption rolls back, then is investigated', status: '✓',
    where: ['src/taxonomy/types.ts', 'src/classify/packs/integrity.ts', 'machines/recovery/halt.ts', 'src/report/escalation-sections.ts'],
    tests: [HALTS, at(LIB_HALT, 'data corruption: the command\'s writes are rolled back before the escalation, which says what was undone')],
  },
  {
    id: '004 rollback user abort', requirement: 'a user abort rolls back gracefully', status: '◐',
    where: ['machines/recovery/routing.ts', 'machines/recovery/escalation-steps.ts', 'machines/recovery/halt.ts', 'machines/supervisor.machine.ts'],
    tests: [at(F.examples, 'a command that was itself interrupted (exit 130) → 5 (aborted, never retried)'), at(HALT, 'a user abort keeps the partial work and says so (seed 004 ABORT), even with --rollback git')],
    gap: 'by choice nothing is rolled back: the partial work is kept and the run says so, naming the recorded good state (seed 004’s own ABORT response, “save partial work”; README, What `--rollback git` protects); going back is a person’s `recover restore`',
  },
  {
    id: '004 git rollback', requirement: 'a rollback restores the last known good state of the work tree, losing nothing', status: '✓',
    where: ['src/runtime/git-rollback.ts', 'src/runtime/git/restore.ts'],
    tests: [
      at(F.rollback, 'a wrecking fix is rolled back: uncommitted and untracked work survive, the store too'),
      at('tests/runtime/git-rollback.test.ts', 'restores the user\'s uncommitted and untracked work exactly, and keeps the broken state'),
    ],
  },
  {
    id: '004 scope AGENT', requirement: 'an agent rollback reverts that agent to its checkpoint', status: '✓',
    where: ['machines/supervisor/rollback.ts'],
    tests: [at(F.rollbackScopes, 'AGENT: reverts only that agent to its checkpoint; its running dependent pauses and resumes, the rest run on'), MODEL],
  },
  {
    id: '004 scope GROUP', requirement: 'a group rollback reverts every agent of the group', status: '✓',
    where: ['machines/supervisor/rollback.ts'],
    tests: [GROUP_ROLLBACK],
  },
  {
    id: '004 scope SESSION', requirement: 'a session rollback reverts every agent and resets the session', status: '✓',
    where: ['machines/supervisor/rollback.ts'],
    tests: [at(F.rollbackScopes, 'SESSION: reverts every agent that did work to its own checkpoint and restarts them in a cleared context'), MODEL],
  },
  {
    id: '004 rollback procedure', requirement: 'dependents paused, targets reverted and reset, ROLLBACK logged, dependents resumed', status: '✓',
    where: ['machines/supervisor/rollback.ts', 'machines/supervisor/lifecycle.ts'],
    tests: [GROUP_ROLLBACK, MODEL],
  },
  {
    id: '004 supervisor runtime', requirement: 'the supervisor runs real agents and reverts their files', status: '◐',
    where: ['machines/supervisor.machine.ts'],
    tests: [MODEL],
    gap: 'a library machine only: the embedder fills its `agent` and `rollback` slots; no built-in actors, no CLI verb',
  },
  {
    id: '004 escalate retry exhaustion', requirement: 'retries spent: ASK_CONTINUE, with the options', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/report/options.ts'],
    tests: [at(F.recover, 'escalates a transient failure once the budget is spent: 3 iterations, no 4th'), at(F.escalation, 'offers every decision with its exact command')],
  },
  {
    id: '004 escalate breaking change', requirement: 'a breaking change stops for approval (ASK_APPROVE)', status: '✓',
    where: ['src/policy/approval.ts', 'machines/recovery/answers.ts', 'machines/recovery/halt.ts', 'src/runtime/measured-fixes.ts', 'src/runtime/git/diff.ts'],
    tests: [WIDE_FIX, at('tests/policy/approval.test.ts', 'breaking: false lets public API changes through; paths match exactly, by directory, with * and **, and by file name')],
  },
  {
    id: '004 escalate scope deviation', requirement: 'a change of more than 10 % of the spec stops for approval', status: '✓',
    where: ['src/policy/approval.ts', 'machines/recovery/answers.ts', 'machines/recovery/halt.ts', 'src/runtime/measured-fixes.ts', 'src/runtime/git/diff.ts'],
    tests: [WIDE_FIX, at('tests/policy/approval.test.ts', 'once set, default to seed 004: more than 10 % of the files, any public API change, more than $100'), at(LIB_HALT, 'a fix beyond maxChangedFiles escalates approval_required before its retry; one within goes on')],
  },
  {
    id: '004 escalate cost', requirement: 'a cost impact over the limit stops for approval', status: '✓',
    where: ['src/policy/approval.ts', 'src/runtime/agent/hook-program.ts', 'src/runtime/agent/cost.ts', 'machines/recovery/answers.ts', 'machines/recovery/halt.ts'],
    tests: [at(APPROVAL, "an agent's fix that cost more than costUsd (its own total_cost_usd) asks approval, measured or not"), at(APPROVAL, 'an adapter answering plain JSON reports its cost in the answer: held to costUsd the same way, and said on stderr'), at(F.hookFailures, 'a spend over the agent budget escalates with its own reason')],
  },
  {
    id: '004 escalate security', requirement: 'any security concern: ALERT_IMMEDIATE', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/report/escalation-sections.ts'],
    tests: [at(F.examples, 'security-violation.mjs: escalated at once without a single retry (exit 3), report names it')],
  },
  {
    id: '004 escalate data loss', requirement: 'any data-loss risk: BLOCK_AND_ALERT', status: '✓',
    where: ['src/classify/data-loss.ts', 'src/runtime/command.ts', 'src/hooks/claude/rules.ts', 'src/classify/packs/security.ts'],
    tests: [
      BLOCKED, at('tests/classify/data-loss.test.ts', '%j → %s'), at(F.table, 'real-world messages, exactly as printed'),
      at(F.hookRules, 'denies a Bash call that risks data loss before it runs, and lets an ordinary one through (issue 33)'),
    ],
  },
  {
    id: '004 escalation options', requirement: 'the person gets the failure, the attempts and: retry fresh, skip, rollback, abort', status: '✓',
    where: ['src/report/escalation.ts', 'src/report/options.ts'],
    tests: [at(F.escalation, 'offers every decision with its exact command'), at(F.escalation, 'has the Exc-1 heading, facts and sections in order')],
  },
  {
    id: '004 RETRY_FRESH', requirement: 'a person’s “retry fresh” starts the agent again (its context: see 004 context refresh)', status: '✓',
    where: ['machines/recovery/escalation-steps.ts', 'machines/supervisor/lifecycle.ts'],
    tests: [at(F.ui, 'a click on retry-fresh resumes the run; the page then shows it recovered and who decided'), at(F.supervisor, 'escalates a waiting dependent with DEPENDENCY_FAILURE when its upstream is skipped')],
  },
  {
    id: '004 SKIP', requirement: 'mark the agent skipped and continue without it', status: '✓',
    where: ['machines/recovery/states/escalated.ts', 'machines/supervisor/lifecycle.ts'],
    tests: [at(F.examples, 'decide abort → 5 (aborted), manual → 7 (manual), skip → 4 (skipped)'), at(F.supervisor, 'escalates a waiting dependent with DEPENDENCY_FAILURE when its upstream is skipped')],
  },
  {
    id: '004 ROLLBACK', requirement: 'roll back to the checkpoint and re-attempt', status: '✓',
    where: ['machines/recovery/states/escalated.ts', 'src/cli/verbs/decide.ts', 'src/runtime/git-rollback.ts'],
    tests: [at(F.rollbackDecision, 'puts the whole repository back byte for byte, and keeps the person\'s edits under a printed ref')],
  },
  {
    id: '004 ABORT', requirement: 'shut down gracefully, keeping the partial work', status: '✓',
    where: ['machines/recovery/states/escalated.ts', 'machines/supervisor.machine.ts'],
    tests: [at(F.examples, 'decide abort → 5 (aborted), manual → 7 (manual), skip → 4 (skipped)')],
  },
  {
    id: '004 audit rows', requirement: 'every recovery event is a recovery_events row (session, agent, type, severity, action, attempt, outcome, checkpoint, decision)', status: '✓',
    where: ['src/report/events.ts', 'machines/supervisor/audit.ts'],
    tests: [at(F.events, 'fills every column of the table'), at(F.supervisor, 'records seed 004 recovery events and reports a recovery when the agent finishes')],
  },
  {
    id: '004 audit table', requirement: 'the audit trail is a recovery_events table with its indexes', status: '◐',
    where: ['src/report/events.ts'],
    tests: [at(F.events, 'writes JSON lines and redacts notes')],
    gap: 'rows as data and JSON lines (library); no SQL table is created and no CLI verb writes them',
  },
  {
    id: '004 log format', requirement: 'a RECOVERY log record: failure, recovery action (attempt, delay, context refreshed), outcome (resumed at, checkpoint)', status: '✓',
    where: ['src/taxonomy/history.ts', 'machines/recovery/history.ts', 'src/report/history.ts', 'src/report/events.ts'],
    tests: [
      at(F.history, 'writes a top-level list of events with the contract fields, oldest first'),
      at(F.history, 'writes contextRefreshed where a RETRY recorded it, after the contract fields, and not where it was never recorded'),
      at(F.refreshContext, 'is 1 on the attempts from the type\'s contextRefreshFrom on, and each RETRY records it'),
      at(F.events, 'notes a retry that started from a fresh context (seed 004 context_refreshed)'),
    ],
  },
  {
    id: '004 session report', requirement: 'at session end: failures, auto-recovered, escalations, rollbacks, skips, details, recommendations', status: '✓',
    where: ['src/report/session.ts', 'src/runtime/pipeline/report.ts'],
    tests: [at(F.session, 'has the heading, session and metric table'), at(F.session, 'recommends per failed run'), at(F.pipelineResume, 'reads as a session for the session report and the recovery_events rows')],
  },
  {
    id: '004 coordinator', requirement: 'an escalated agent’s dependents pause until the person decides; a recovered one resumes', status: '✓',
    where: ['machines/supervisor/lifecycle.ts', 'machines/supervisor.machine.ts'],
    tests: [MODEL, GROUP_ROLLBACK],
  },
  {
    id: '004 quality guardian', requirement: 'a known fix is applied automatically before recovery takes over', status: '✓',
    where: ['src/memory/run-memory.ts'],
    tests: [at(F.memory, 'with reuseFixes, tries the remembered fix without calling the adapter')],
  },
];
