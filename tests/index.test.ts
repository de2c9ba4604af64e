/**
 * The public API is a list, pinned: a name joins or leaves it on purpose (issue #27: at most 80
 * names, values and types together). `recovery-protocol/machines` is a subset of it, so the two
 * entries together count as many names as the root one.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import * as machinesEntry from '../machines/index.js';
import { publicNames, type PublicName } from './types/public-api.js';

/** The most names the package may export (issue #27); the lists below are what it does export. */
const MAX_NAMES = 80;

/** `recovery-protocol`'s runtime names. */
const VALUES = [
  // running a task
  'createRecovery', 'provideRecovery', 'recover', 'recoveryInput', 'whenResting', 'recoverPersisted', 'resume', 'runIdForKey',
  'TaskFailure', 'RunInterruptedError',
  // commands, programs, agents, rollback
  'commandTask', 'adapterCommand', 'diagnoserCommand', 'agentHooks', 'adaptPrompt', 'readFix', 'gitRollback',
  // stores, fleet, fix memory, telemetry
  'openStore', 'memoryStore', 'postgresStore', 'StoreError', 'createWorker', 'submit',
  'memoryFixMemory', 'lowdbFixMemory', 'postgresFixMemory', 'recordTakeover', 'traceEnv',
  // classification, policy, taxonomy
  'classify', 'createClassifier', 'detectCircularFix', 'detectRepeatedFix', 'RuleError', 'seed001Pack',
  'resolvePolicy', 'computeDelay', 'PolicyError', 'FAILURE_TYPES',
  // reports, redaction, pictures
  'escalationReport', 'historyToYaml', 'computeMetrics', 'sessionReport', 'recoveryEventRows', 'redactDeep',
  'createInspector', 'createTraceWriter', 'toMermaid', 'toDot', 'toSvg',
  // the machines
  'machines', 'recoveryMachine', 'supervisorMachine', 'pipelineMachine', 'decide', 'runner', 'PARTIAL_OUTPUT_POLICIES', 'decidePartialOutput',
];

/** `recovery-protocol`'s types: what an embedder needs to type its own code. */
const TYPES = [
  'PersistedOptions', 'RecoveryOptions', 'Task', 'TaskContext', 'Outcome', 'RunDecision',
  'Store', 'FixMemory',
  'Rule', 'RulePack', 'Classification', 'Observation', 'PolicyConfig', 'FailureType',
  'AdaptInput', 'AdaptOutput', 'AttemptInput', 'DecideEvent', 'DiagnoseInput', 'DiagnoseOutput', 'RecoveryOutput', 'RollbackInput',
];

/** `recovery-protocol/machines`: the statecharts alone, without the runtime. */
const MACHINES_VALUES = ['machines', 'recoveryMachine', 'supervisorMachine', 'pipelineMachine', 'decide', 'runner', 'PARTIAL_OUTPUT_POLICIES', 'decidePartialOutput'];
const MACHINES_TYPES = ['AdaptInput', 'AdaptOutput', 'AttemptInput', 'DecideEvent', 'DiagnoseInput', 'DiagnoseOutput', 'RecoveryOutput', 'RollbackInput'];

/** Where a user starts: each shows how in an `@example` of its TSDoc. */
const ENTRY_POINTS = [
  'recover', 'createRecovery', 'provideRecovery', 'recoverPersisted', 'resume', 'commandTask', 'TaskFailure',
  'openStore', 'classify', 'seed001Pack', 'decide', 'decidePartialOutput',
];

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the public API', () => {
  let declared: Map<string, PublicName[]>;
  beforeAll(() => {
    declared = publicNames(['src/index.ts', 'machines/index.ts']);
  }, 120_000);

  it(`recovery-protocol exports exactly the pinned names, at most ${MAX_NAMES}`, () => {
    expect(sorted(Object.keys(api))).toEqual(sorted(VALUES));
    for (const name of VALUES) expect(api[name as keyof typeof api], name).toBeDefined();
    const types = declared.get('src/index.ts')!.map((n) => n.name).filter((name) => !(name in api));
    expect(sorted(types)).toEqual(sorted(TYPES));
    expect(VALUES.length + TYPES.length).toBeLessThanOrEqual(MAX_NAMES);
  });

  it('recovery-protocol/machines exports exactly the pinned names, each also a root name', () => {
    expect(sorted(Object.keys(machinesEntry))).toEqual(sorted(MACHINES_VALUES));
    const types = declared.get('machines/index.ts')!.map((n) => n.name).filter((name) => !(name in machinesEntry));
    expect(sorted(types)).toEqual(sorted(MACHINES_TYPES));
    expect(MACHINES_VALUES.filter((name) => !VALUES.includes(name))).toEqual([]);
    expect(MACHINES_TYPES.filter((name) => !TYPES.includes(name))).toEqual([]);
  });

  it('both entries hand out the same objects (one copy of each)', () => {
    for (const name of MACHINES_VALUES) {
      expect(api[name as keyof typeof api], name).toBe(machinesEntry[name as keyof typeof machinesEntry]);
    }
  });

  it('every name has TSDoc, and every entry point an @example', () => {
    const undocumented = declared.get('src/index.ts')!.filter((n) => n.doc === '').map((n) => `${n.name} (${n.declaredIn})`);
    expect(undocumented).toEqual([]);
    const byName = new Map(declared.get('src/index.ts')!.map((n) => [n.name, n]));
    const withoutExample = ENTRY_POINTS.filter((name) => !byName.get(name)?.tags.includes('example'));
    expect(withoutExample).toEqual([]);
  });
});

describe("the README's API section", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('### The whole API');
  const section = readme.slice(start, readme.indexOf('\n## ', start));

  it('lists exactly the public names', () => {
    expect(start, 'README.md has no "### The whole API" section').toBeGreaterThan(-1);
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| what'));
    // A row's names are its second cell's `code` spans outside parentheses (which explain them).
    const listed = rows.flatMap((row) => [...(row.split('|')[2] ?? '').replace(/\([^)]*\)/g, '').matchAll(/`([A-Za-z0-9_]+)`/g)].map((m) => m[1]!));
    expect(sorted(listed)).toEqual(sorted([...VALUES, ...TYPES]));
    const marked = [...section.matchAll(/ⓜ `([A-Za-z0-9_]+)`/g)].map((m) => m[1]!);
    expect(sorted(marked)).toEqual(sorted([...MACHINES_VALUES, ...MACHINES_TYPES]));
    expect(section).toContain(`These ${VALUES.length + TYPES.length} names (${VALUES.length} values, ${TYPES.length} types)`);
    expect(section).toContain(`the ${marked.length} names marked ⓜ`);
  });

  it('imports only public names in its code', () => {
    const imported = [...readme.matchAll(/import \{([^}]*)\} from 'recovery-protocol'/g)]
      .flatMap((m) => m[1]!.split(',').map((name) => name.trim().replace(/^type /, '')).filter(Boolean));
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !VALUES.includes(name) && !TYPES.includes(name))).toEqual([]);
  });
});
