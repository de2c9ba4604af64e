/**
 * Seed 004 (error recovery skill of a multi-agent supervisor), its detection side: failure types
 * and severities, the retry strategy, checkpoints and partial outputs. Rollback, escalation and
 * the audit trail are in seed-004-escalation.ts.
 */
import { F } from './files.js';
import { at, type Requirement } from './types.js';

const SEVERITY = at(F.supervisor, 'lets severity decide the action (SEVERITY_ACTIONS)');
const BUDGET = at(F.defaults, 'has budget ${row.budget}');

/** The rows of seed 004's detection, severities, retries and checkpoints. */
export const SEED_004_DETECTION: readonly Requirement[] = [
  {
    id: '004 triggers', requirement: 'recovery starts on a missed heartbeat, a FAILED report, a quality gate, a user abort or rollback request', status: '✓',
    where: ['machines/supervisor.machine.ts', 'machines/supervisor/failures.ts'],
    tests: [at(F.supervisorModel, 'drives every simple path (${config.name})'), at(F.supervisorModel, 'covers 100 % of states and transitions')],
  },
  {
    id: '004 HEARTBEAT_TIMEOUT', requirement: 'no heartbeat for 30 s: HEARTBEAT_TIMEOUT, severity high, restarted at once, 3 attempts', status: '✓',
    where: ['machines/recovery/states/executing.ts', 'machines/supervisor/watch.ts', 'src/policy/layers.ts'],
    tests: [
      at(F.recover, 'fails an attempt whose heartbeats stop (HEARTBEAT_TIMEOUT) and restarts it at once'),
      at(F.supervisor, 'keeps watch deadlines across a restore: a restored supervisor waits only for what remains'),
      at(F.defaults, 'has the global defaults of DESIGN.md'),
    ],
  },
  {
    id: '004 ERROR_RESPONSE', requirement: 'an agent’s error answer: ERROR_RESPONSE, adapted (DESIGN: budget 3, no wait; the seed’s 5 s × 4 by config)', status: '✓',
    where: ['src/classify/registries/http.ts', 'src/classify/packs/agents.ts', 'src/policy/layers.ts'],
    tests: [at(F.table, 'the taxonomy examples classify as their own type'), BUDGET, at(F.resolve, 'a type budget beats everything')],
  },
  {
    id: '004 QUALITY_GATE_FAIL', requirement: 'a test or lint gate failed: severity medium, fix and retry, 2 attempts', status: '✓',
    where: ['src/classify/packs/pipeline.ts', 'src/policy/layers.ts'],
    tests: [at(F.table, 'real-world messages, exactly as printed'), BUDGET],
  },
  {
    id: '004 PROGRESS_STALL', requirement: 'no progress for 5 min: PROGRESS_STALL, severity medium, retried with a fresh context, 2 attempts', status: '✓',
    where: ['machines/recovery/states/executing.ts', 'machines/supervisor/watch.ts', 'machines/supervisor/failures.ts', 'src/policy/layers.ts'],
    tests: [
      at(F.progressStall, 'no progress for 5 min: PROGRESS_STALL, medium, retried at once with a fresh context'),
      at(F.progressStall, '2 retries, then it escalates: the third stall is not retried'),
      at(F.supervisorStall, 'heartbeats alone do not count: the stall is found at 5 min, retried, and escalated after 2 retries'),
      at(F.defaults, "refreshes the context from iteration ${row.refreshFrom ?? 'never'}"),
      BUDGET,
    ],
  },
  {
    id: '004 RESOURCE_EXHAUSTION', requirement: 'context or memory ran out: severity high, continued fresh up to 3 times (DESIGN: hand off, not split the task)', status: '✓',
    where: ['machines/recovery/routing.ts', 'src/runtime/recovery.ts'],
    tests: [
      at(F.handoff, 'the resource budget bounds continuations: after 3 handoffs the next exhaustion escalates'),
      at(F.examples, 'heap-exhausted.mjs: a resource failure is handed off, not retried (exit 6)'),
    ],
  },
  {
    id: '004 DEPENDENCY_FAILURE', requirement: 'a required input is missing: severity high, wait for the dependency, 5 attempts', status: '✓',
    where: ['machines/supervisor/lifecycle.ts', 'src/policy/layers.ts'],
    tests: [at(F.supervisor, 'escalates a waiting dependent with DEPENDENCY_FAILURE when its upstream is skipped'), BUDGET],
  },
  {
    id: '004 USER_ABORT', requirement: 'a user cancellation is never retried', status: '✓',
    where: ['machines/recovery/routing.ts', 'machines/supervisor.machine.ts'],
    tests: [at(F.examples, 'a command that was itself interrupted (exit 130) → 5 (aborted, never retried)')],
  },
  {
    id: '004 USER_ABORT severity', requirement: 'a user cancellation has severity IMMEDIATE', status: '✓',
    where: ['src/taxonomy/categories.ts', 'src/taxonomy/types.ts', 'machines/supervisor/guards.ts'],
    tests: [at(F.taxonomy, 'only USER_ABORT is immediate (seed 004), and immediate is the most urgent severity'), at(F.events, 'fills every column of the table'), SEVERITY],
  },
  {
    id: '004 detection record', requirement: 'each failure is recorded with agent, type, severity, time and message', status: '✓',
    where: ['machines/supervisor/failures.ts', 'machines/supervisor/audit.ts'],
    tests: [at(F.supervisor, 'records seed 004 recovery events and reports a recovery when the agent finishes')],
  },
  {
    id: '004 severity CRITICAL', requirement: 'critical (a security problem): IMMEDIATE_HALT', status: '✓',
    where: ['src/taxonomy/categories.ts', 'machines/supervisor/guards.ts', 'machines/recovery/routing.ts'],
    tests: [SEVERITY, at(F.taxonomy, 'only SECURITY_VIOLATION and DATA_CORRUPTION are critical (seed 004: a security vulnerability, data corruption)')],
  },
  {
    id: '004 severity CRITICAL data corruption', requirement: 'detected data corruption is critical', status: '✓',
    where: ['src/taxonomy/types.ts', 'src/classify/packs/integrity.ts', 'machines/recovery/routing.ts'],
    tests: [at(F.taxonomy, 'only SECURITY_VIOLATION and DATA_CORRUPTION are critical (seed 004: a security vulnerability, data corruption)'), at(F.table, 'real-world messages, exactly as printed')],
  },
  {
    id: '004 severity HIGH', requirement: 'high (crash, timeout, broken dependency, exhaustion): RETRY_WITH_RESET', status: '✓',
    where: ['src/taxonomy/categories.ts', 'machines/supervisor/failures.ts'],
    tests: [SEVERITY, at(F.supervisor, 'keeps watch deadlines across a restore: a restored supervisor waits only for what remains')],
  },
  {
    id: '004 severity MEDIUM', requirement: 'medium (quality gate, stall, transient): RETRY_IMMEDIATE', status: '✓',
    where: ['src/taxonomy/categories.ts', 'machines/supervisor/failures.ts'],
    tests: [SEVERITY, at(F.supervisor, 'records seed 004 recovery events and reports a recovery when the agent finishes')],
  },
  {
    id: '004 severity LOW', requirement: 'low (warning, non-blocking): LOG_AND_CONTINUE', status: '✓',
    where: ['src/taxonomy/categories.ts', 'machines/supervisor/failures.ts'],
    tests: [SEVERITY],
  },
  {
    id: '004 retry config', requirement: 'retries after 0, 5, 15, 30 s, a fresh context from the 3rd, escalation after 4 (as a config)', status: '✓',
    where: ['src/policy/resolve.ts', 'src/policy/lookup.ts'],
    tests: [at(F.resolve, 'seed 004 as a config: delays 0, 5, 15, 30 s, fresh context from the 3rd, rollback after 3'), at(F.lookup, 'follows seed 004: a fresh context from the 3rd retry')],
  },
  {
    id: '004 context refresh', requirement: 'the retried agent is told to reload its context', status: '✓',
    where: ['src/runtime/command.ts', 'src/runtime/run-attempt.ts', 'machines/recovery/context.ts'],
    tests: [
      at(F.refreshContext, 'is 1 on the attempts from the type\'s contextRefreshFrom on, and each RETRY records it'),
      at(F.handoff, 'resume continues a handed-off run in a fresh context: next attempt, history carried on'),
    ],
  },
  {
    id: '004 checkpoints', requirement: 'agents checkpoint progress, tasks and committed / in-progress files at safe points', status: '✓',
    where: ['machines/supervisor/lifecycle.ts', 'machines/supervisor/types.ts'],
    tests: [at(F.supervisor, 'pauses a running dependent during an upstream group rollback and resumes it after')],
  },
  {
    id: '004 recover from checkpoint', requirement: 'restart from a checkpoint: committed files kept, in-progress ones by policy, pending tasks resumed', status: '✓',
    where: ['machines/supervisor/partial-output.ts', 'machines/supervisor/rollback.ts'],
    tests: [at(F.partialOutput, 'plans a checkpoint restart: committed files kept, in-progress ones by policy')],
  },
  {
    id: '004 partial outputs', requirement: 'code and tests validated and kept, docs kept, configuration replaced atomically (else restored)', status: '✓',
    where: ['machines/supervisor/partial-output.ts'],
    tests: [
      at(F.partialOutput, 'keeps valid code and tests, discards invalid or unvalidated ones (to regenerate)'),
      at(F.partialOutput, 'keeps all documentation, and replaces configuration atomically (restore unless valid)'),
    ],
  },
];
