/**
 * The public API is a list, pinned: a name joins or leaves it on purpose. (Types are checked by
 * tsc where they are used; these are the runtime names.)
 */
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import * as machinesEntry from '../machines/index.js';

const API = [
  'AGENT_PRESETS', 'AgentBudgetError', 'adaptPrompt', 'agentHooks', 'diagnosePrompt', 'readDiagnosis', 'readFix',
  'CorruptRunError', 'DEFAULT_POLICY', 'EXIT_NOT_FOUND', 'EXIT_TIMEOUT', 'FAILURE_TYPES', 'HistorySequenceError',
  'InvalidRunIdError', 'InvalidRunRecordError', 'PIPELINE_ACTOR_SLOTS', 'PIPELINE_MACHINE_ID', 'PIPELINE_MACHINE_VERSION',
  'FixMemoryFileError', 'HOOK_TIMEOUT_MS', 'PASSING_STATUSES', 'PolicyError', 'PostgresStore', 'RECOVERY_ACTOR_SLOTS', 'RECOVERY_MACHINE_ID', 'RECOVERY_MACHINE_VERSION', 'RuleError',
  'RunFencedError', 'RunInterruptedError', 'RunLockedError', 'RunNotFoundError', 'SUPERVISOR_ACTOR_SLOTS', 'SUPERVISOR_MACHINE_ID',
  'SUPERVISOR_MACHINE_VERSION', 'SnapshotMismatchError', 'StoreError', 'StoreUnavailableError', 'StoreWriteError', 'TaskFailure', 'adapterCommand', 'classify',
  'commandTask', 'computeDelay', 'computeMetrics', 'confidenceBand', 'createClassifier', 'createInspector', 'decide',
  'createRecovery', 'createTraceWriter', 'createWorker', 'defaultStoreDir', 'detectCircularFix', 'detectRepeatedFix',
  'diagnoserCommand', 'escalationReport', 'failureSignature', 'failureTypeInfo', 'gitRollback', 'historyToJson', 'historyToYaml',
  'isFailureType', 'isResting', 'loadRun', 'lowdbFixMemory', 'machines', 'memoryFixMemory', 'memoryStore', 'newRunId', 'openStore', 'openStoreAt', 'outcomeOf',
  'parseRetryAfterHeader', 'pipelineMachine', 'postgresFixMemory', 'postgresStore', 'provideRecovery', 'readTrace', 'realClock', 'recordGoodState',
  'recordTakeover', 'recover', 'recoverPersisted', 'recoveryEnv', 'recoveryEventRows', 'recoveryInput', 'recoveryMachine',
  'recoveryMigrations', 'redactDeep', 'redactSecrets', 'resolvePolicy', 'restoreGoodState', 'resume',
  'runCommandOnce', 'runIdForKey', 'runner', 'sessionReport', 'sleepUntil', 'splitCommandLine', 'statusOf', 'submit', 'supervisorMachine', 'toDot',
  'toMermaid', 'traceEnv', 'validatePolicyConfig', 'validateRule', 'whenResting',
];

/** `recovery-protocol/machines`: the statecharts alone, without the runtime. */
const MACHINES = [
  'PIPELINE_ACTOR_SLOTS', 'PIPELINE_MACHINE_ID', 'PIPELINE_MACHINE_VERSION', 'RECOVERY_ACTOR_SLOTS',
  'RECOVERY_MACHINE_ID', 'RECOVERY_MACHINE_VERSION', 'SUPERVISOR_ACTOR_SLOTS', 'SUPERVISOR_MACHINE_ID',
  'SUPERVISOR_MACHINE_VERSION', 'decide', 'initialContext', 'machines', 'pipelineMachine', 'recoveryMachine',
  'recoveryMigrations', 'runner', 'supervisorMachine',
];

describe('the public API', () => {
  it('recovery-protocol exports exactly the pinned names, each defined', () => {
    expect(Object.keys(api).sort()).toEqual([...API].sort());
    for (const name of API) expect(api[name as keyof typeof api], name).toBeDefined();
  });

  it('recovery-protocol/machines exports exactly the pinned names', () => {
    expect(Object.keys(machinesEntry).sort()).toEqual([...MACHINES].sort());
  });

  it('both entries hand out the same machine objects (one copy of each)', () => {
    expect(api.recoveryMachine).toBe(machinesEntry.recoveryMachine);
    expect(api.machines).toBe(machinesEntry.machines);
  });
});
