/**
 * recovery-protocol: the public API, by name (a test pins the list: a name leaves or joins it on
 * purpose, not by an `export *` of a module's helpers).
 *
 * - `recover(task, options)` runs a task under the protocol; `createRecovery` returns the actor.
 * - `recoverPersisted` / `resume` checkpoint every phase in a store (`openStore`, `memoryStore`).
 * - OpenTelemetry through `@opentelemetry/api` when a provider is registered (`telemetry` option);
 *   fix memory (`fixMemory`: `memoryFixMemory`, `lowdbFixMemory`, `postgresFixMemory`).
 * - `classify(observation)` names a failure; `resolvePolicy(config)` validates a policy.
 * - `recoveryMachine`, `supervisorMachine`, `pipelineMachine` are exported for embedding;
 *   `provideRecovery` fills the recovery machine's slots. `recovery-protocol/machines` has the
 *   machines alone, without the runtime (no stores, processes or sockets).
 * @packageDocumentation
 */

// Running a task under the protocol.
export {
  createRecovery, newRunId, provideRecovery, recover, recoveryInput, whenResting,
  type ProvideRecoveryOptions, type RecoveryActor, type RecoveryHooks,
} from './runtime/recovery.js';
export { recoverPersisted, resume, type PersistedOptions } from './runtime/persisted.js';
// Idempotent persisted runs: the run id a `runKey` names, and a decision passed with it.
export { runIdForKey, type RunDecision } from './runtime/run-key.js';
export { loadRun } from './runtime/load-run.js';
export type { Adapter, Diagnoser, RecoveryOptions, Rollback, Task, TaskContext } from './runtime/options.js';
// The deadline and signal of diagnoser and adapter functions (their second argument).
export { HOOK_TIMEOUT_MS, type HookContext } from './runtime/hook-context.js';
export { isResting, outcomeOf, statusOf, PASSING_STATUSES, type Outcome } from './runtime/outcome.js';
export { realClock, sleepUntil, type Clock } from './runtime/clock.js';
export { TaskFailure } from './runtime/task-failure.js';
export { RunInterruptedError } from './runtime/interrupt.js';

// Telemetry and fix memory.
export { recordTakeover } from './telemetry/takeover.js';
export { traceEnv } from './telemetry/trace-env.js';
export type { TelemetryOptions } from './telemetry/options.js';
export { failureSignature } from './memory/signature.js';
export { memoryFixMemory } from './memory/memory-fix-memory.js';
export { lowdbFixMemory, FixMemoryFileError } from './memory/lowdb-fix-memory.js';
export { postgresFixMemory } from './memory/postgres-fix-memory.js';
export type { FixEntry, FixMemory, FixMemoryStats, KnownFix } from './memory/types.js';

// Commands, adapter/diagnoser programs and git rollback.
export {
  commandTask, recoveryEnv, runCommandOnce, EXIT_NOT_FOUND, EXIT_TIMEOUT,
  type CommandOptions, type CommandResult, type RunOnceOptions,
} from './runtime/command.js';
export { adapterCommand, diagnoserCommand, splitCommandLine, type ProgramOptions } from './runtime/program-hooks.js';
export type { HookRunOptions } from './runtime/agent/hook-program.js';

// AI coding agents as DIAGNOSE and ADAPT: the presets, and for an adapter function of your own
// (an LLM call), the same prompt and the same tolerant reading of its answer.
export { agentHooks, AgentBudgetError, type AgentPlace } from './runtime/agent/agent-hooks.js';
export type { AgentOptions } from './runtime/agent/options.js';
export { AGENT_PRESETS, type AgentName, type AgentPreset } from './runtime/agent/presets.js';
export { adaptPrompt, diagnosePrompt } from './runtime/agent/prompt.js';
export { readFix, readDiagnosis, type FixAnswer, type DiagnosisAnswer } from './runtime/agent/answer.js';
export { gitRollback, recordGoodState, restoreGoodState, type GitSnapshotOptions } from './runtime/git-rollback.js';

// Stores.
export {
  openStore, memoryStore, defaultStoreDir, CorruptRunError, HistorySequenceError, InvalidRunIdError,
  InvalidRunRecordError, RunFencedError, RunLockedError, RunNotFoundError, SnapshotMismatchError, StoreError, StoreUnavailableError, StoreWriteError,
  type AcquireOptions, type Checkpoint, type Lease, type LowdbStoreOptions, type RunHead, type RunRecord, type RunSummary, type Store,
} from './store/index.js';

// Classification.
export { classify, createClassifier, type Classifier } from './classify/classify.js';
export { detectCircularFix, detectRepeatedFix } from './classify/circular.js';
export { RuleError, type ClassifyOptions, type Rule, type RulePack } from './classify/rule.js';
export { validateRule } from './classify/validate.js';
export { parseRetryAfterHeader } from './classify/retry-after.js';
export type { Classification, Evidence, Observation } from './classify/types.js';

// Policy.
export { DEFAULT_POLICY } from './policy/defaults.js';
export { resolvePolicy } from './policy/resolve.js';
export { validatePolicyConfig } from './policy/validate.js';
export { computeDelay } from './policy/delay.js';
export { confidenceBand, type ConfidenceBand } from './policy/confidence.js';
export { PolicyError, type PolicyIssue } from './policy/errors.js';
export type { DecisionChoice, PolicyConfig, ResolvedPolicy } from './policy/types.js';

// The taxonomy.
export { FAILURE_TYPES, isFailureType, failureTypeInfo } from './taxonomy/index.js';
export type { Category, FailureType, HistoryEvent, Hypothesis, Level, Phase, Reason, RunStatus, Severity } from './taxonomy/index.js';

// Reports and redaction.
export { escalationReport } from './report/escalation.js';
export { historyToJson, historyToYaml } from './report/history.js';
export { computeMetrics } from './report/metrics.js';
export { sessionReport } from './report/session.js';
export { recoveryEventRows } from './report/events.js';
export { redactDeep, redactSecrets } from './redact/index.js';

// Seeing the machines.
export { createInspector, type Inspector, type InspectorOptions } from './inspect/inspector.js';
export { createTraceWriter, readTrace, type TraceWriter } from './inspect/trace.js';
export { toMermaid } from './diagram/mermaid.js';
export { toDot } from './diagram/dot.js';

// The machines.
export {
  machines, recoveryMachine, supervisorMachine, pipelineMachine, recoveryMigrations,
  // The DECIDE event, typed: a misspelt choice does not compile.
  decide,
  RECOVERY_MACHINE_ID, RECOVERY_MACHINE_VERSION, RECOVERY_ACTOR_SLOTS,
  SUPERVISOR_MACHINE_ID, SUPERVISOR_MACHINE_VERSION, SUPERVISOR_ACTOR_SLOTS,
  PIPELINE_MACHINE_ID, PIPELINE_MACHINE_VERSION, PIPELINE_ACTOR_SLOTS,
  // What fills the recovery machine's `runTask` slot (one runner does every attempt of a run).
  runner, type RunnerAnswer, type RunnerLogic, type RunnerRequest, type RunnerWork,
  type RecoveryMachine, type SupervisorMachine, type PipelineMachine, type SupervisorOutput,
} from '../machines/index.js';
export type {
  AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DecideEvent, DiagnoseInput, DiagnoseOutput,
  RecoveryContext, RecoveryEvent, RecoveryInput, RollbackInput, RollbackOutput,
} from '../machines/recovery/types.js';
export type { RecoveryOutput } from '../machines/recovery/output.js';
export type { AgentInput, SupervisorEvent, SupervisorInput } from '../machines/supervisor/types.js';
export type { PipelineInput, PipelineOutput } from '../machines/pipeline/types.js';

// Fleet mode: the PostgreSQL store and its workers.
export { postgresStore, PostgresStore, type PostgresStoreOptions } from './store/postgres/store.js';
export { openStoreAt } from './store/open.js';
export { createWorker, submit, type FleetTask, type FleetTaskContext, type SubmitOptions, type Worker, type WorkerOptions } from './runtime/fleet/index.js';
