/**
 * recovery-protocol: the public API, by name. `tests/index.test.ts` pins the list (values and
 * types, at most 80): a name joins or leaves it on purpose, never through an `export *`.
 * Everything else is internal and unreachable from outside (package.json `exports`).
 *
 * - `recover(task, options)` runs a task under the protocol; `createRecovery` returns the actor.
 * - `recoverPersisted` / `resume` checkpoint every phase in a store (`openStore`, `memoryStore`,
 *   `postgresStore`); `createWorker` and `submit` run a fleet on PostgreSQL.
 * - `classify(observation)` names a failure; `resolvePolicy(config)` validates a policy.
 * - `recoveryMachine`, `supervisorMachine`, `pipelineMachine` are exported for embedding;
 *   `provideRecovery` fills the recovery machine's slots. `recovery-protocol/machines` has the
 *   machines alone, without the runtime (no stores, processes or sockets): a subset of this list.
 * @packageDocumentation
 */

// Running a task under the protocol.
export { createRecovery, provideRecovery, recover, recoveryInput, whenResting } from './runtime/recovery.js';
export { recoverPersisted, resume, type PersistedOptions } from './runtime/persisted.js';
// Idempotent persisted runs: the run id a `runKey` names, and a person's decision passed with it.
export { runIdForKey, type RunDecision } from './runtime/run-key.js';
export type { RecoveryOptions, Task, TaskContext } from './runtime/options.js';
export type { Outcome } from './runtime/outcome.js';
export { TaskFailure } from './runtime/task-failure.js';
export { RunInterruptedError } from './runtime/interrupt.js';

// Commands, adapter and diagnoser programs, AI coding agents, git rollback.
export { commandTask } from './runtime/command.js';
export { adapterCommand, diagnoserCommand } from './runtime/program-hooks.js';
// An adapter function of your own (an LLM call) can use the agents' prompt and tolerant reading.
export { agentHooks } from './runtime/agent/agent-hooks.js';
export { adaptPrompt } from './runtime/agent/prompt.js';
export { readFix } from './runtime/agent/answer.js';
export { gitRollback } from './runtime/git-rollback.js';

// Stores, fleet mode, fix memory, telemetry.
export { openStore } from './store/lowdb-store.js';
export { memoryStore } from './store/memory-store.js';
export { postgresStore } from './store/postgres/store.js';
export { StoreError } from './store/errors.js';
export type { Store } from './store/types.js';
export { createWorker } from './runtime/fleet/worker.js';
export { submit } from './runtime/fleet/submit.js';
export { memoryFixMemory } from './memory/memory-fix-memory.js';
export { lowdbFixMemory } from './memory/lowdb-fix-memory.js';
export { postgresFixMemory } from './memory/postgres-fix-memory.js';
export type { FixMemory } from './memory/types.js';
export { recordTakeover } from './telemetry/takeover.js';
export { traceEnv } from './telemetry/trace-env.js';

// Classification, policy and the taxonomy.
export { classify, createClassifier } from './classify/classify.js';
export { detectCircularFix, detectRepeatedFix } from './classify/circular.js';
export { RuleError, type Rule, type RulePack } from './classify/rule.js';
// Seed 001's rule pack, usable alone: `classify(observation, { packs: [seed001Pack] })`.
export { seed001Pack } from './classify/packs/seed001.js';
export type { Classification, Observation } from './classify/types.js';
export { resolvePolicy } from './policy/resolve.js';
export { computeDelay } from './policy/delay.js';
export { PolicyError } from './policy/errors.js';
export type { PolicyConfig } from './policy/types.js';
export { FAILURE_TYPES, type FailureType } from './taxonomy/types.js';

// Reports and redaction.
export { escalationReport } from './report/escalation.js';
export { historyToYaml } from './report/history.js';
export { computeMetrics } from './report/metrics.js';
export { sessionReport } from './report/session.js';
export { recoveryEventRows } from './report/events.js';
export { redactDeep } from './redact/deep.js';

// Seeing the machines.
export { createInspector } from './inspect/inspector.js';
export { createTraceWriter } from './inspect/trace.js';
export { toMermaid } from './diagram/mermaid.js';
export { toDot } from './diagram/dot.js';
export { toSvg } from './diagram/svg.js';

// The machines (all of `recovery-protocol/machines`).
export {
  machines, recoveryMachine, supervisorMachine, pipelineMachine, decide, runner,
  PARTIAL_OUTPUT_POLICIES, decidePartialOutput,
  type AdaptInput, type AdaptOutput, type AttemptInput, type DecideEvent, type DiagnoseInput, type DiagnoseOutput,
  type RecoveryOutput, type RollbackInput,
} from '../machines/index.js';
