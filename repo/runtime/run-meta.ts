/**
 * What a run's record keeps in `meta`, typed, and the one decoder that reads it back.
 *
 * Who writes which key: `recover run` (command, fromEnv, fleet, cwd, options), the runtime
 * (runKey, traceparent, attemptProcesses), a fleet worker (takeovers, decisions), `recover decide`
 * (decisions), `recover hook claude` (hook, sessionId, cwd, and its command as one string). A
 * library caller's own keys (`PersistedOptions.meta`) are kept as they are.
 *
 * The decoder checks every known key that is present and names the run and the field when one is
 * bad; it drops nothing (the decoded meta is the stored object, every key kept).
 */
import type { LeaseHolder } from '../store/types.js';
import type { AgentOptions } from './agent/options.js';
import { AGENT_NAMES } from './agent/presets.js';
import type { AttemptProcess } from './attempt-process.js';
import type { SnapshotBudget } from './git/budget.js';
import type { OutputExpectations } from './output-check.js';
import type { RerunMode } from './test-attempt.js';
import type { TestLedgerData } from '../store/test-ledger-data.js';

/** A piece of a stored argument: literal text (secret-free), or a variable to read on resume. */
export type SealedPart = string | { env: string };

/** How the secret-bearing pieces of a command are rebuilt: `meta.fromEnv` (see the CLI's sealed command). */
export interface FromEnv {
  /** By argument index (0 is the program). */
  command?: Record<string, SealedPart[]>;
  adapter?: SealedPart[];
  diagnoser?: SealedPart[];
}

/** The `recover run` options a later process (resume, decide, a worker) runs the command with again. */
export interface RunMetaOptions {
  /** The config file the run started with. Default: none (the defaults). */
  config?: string | null;
  /** `--timeout`, in ms. Default: none. */
  timeoutMs?: number | null;
  /** `--adapter`, sealed. Default: none. */
  adapter?: string | null;
  /** `--diagnoser`, sealed. Default: none. */
  diagnoser?: string | null;
  /** `--rollback`. Default `none`. */
  rollback?: 'git' | 'none';
  /** `--on-flaky`. Default: the policy's. */
  onFlaky?: 'escalate' | 'pass' | null;
  /** The last known good state a git rollback restores. Default: none. */
  lastKnownGood?: string | null;
  /** `--rollback-budget` / `--rollback-skip`, so a rollback in a later process keeps as much. Default: the budget's defaults. */
  rollbackBudget?: SnapshotBudget | null;
  /** `--reuse-fixes`: try the best remembered fix before the adapter, in every process. Default false. */
  reuseFixes?: boolean;
  /** `--agent` and its settings (or the config's `agent`), as resolved when the run started. Default: none. */
  agent?: AgentOptions;
  /** `--tests`: the test reports the command writes (relative to `cwd`), or `['auto']`. Default: none (the output is read). */
  tests?: string[] | null;
  /** `--rerun`: which tests the flake probe and RETRY run (see test-attempt.ts); absent: `failed`. */
  rerun?: RerunMode;
  /** `--notify`: where an escalation is posted besides the store. Default: nowhere. */
  notify?: NotifyTarget | null;
  /** `--expect-sections`, `--expect-diff`, `--max-output-chars`: the output checks after exit 0. Default: none. */
  expect?: OutputExpectations | null;
  /** `--quarantine-flaky N`: tests with N flips or more in the flaky memory are quarantined, in every process that ends the run. Default: none. */
  quarantineFlaky?: number | null;
}

/** Where `--notify` posts an escalation: a GitHub comment on an issue or pull request (`number`, else the workflow run's). */
export interface NotifyTarget {
  channel: 'github';
  number: number | null;
}

/** A fleet worker's takeover of a run from an owner whose lease ran out (`meta.takeovers`). */
export interface Takeover {
  from: LeaseHolder;
  /** The fence of the new ownership. */
  fence: number;
  /** How many events the run had when it was taken over. */
  atSeq: number;
  /** Epoch milliseconds. */
  at: number;
}

/** Who decided an escalation, and when (`meta.decisions`). */
export interface DecisionRecord {
  by: string;
  choice: string;
  /** Epoch milliseconds. */
  at: number;
}

/** The decisions kept in a run's meta, oldest first (malformed entries dropped: the decoder names them on resume). */
export function decisionsOf(meta: Record<string, unknown> | undefined): DecisionRecord[] {
  const list = meta?.['decisions'];
  if (!Array.isArray(list)) return [];
  return list.filter((d: unknown): d is DecisionRecord => typeof d === 'object' && d !== null
    && typeof (d as DecisionRecord).by === 'string' && typeof (d as DecisionRecord).choice === 'string' && typeof (d as DecisionRecord).at === 'number');
}

/** A run's stored meta: every key optional (a library run keeps only its caller's), unknown keys kept. */
export interface RunMeta {
  /** `recover run`: the command, redacted. A hook run keeps the agent's command as one string. */
  command?: string[] | string;
  fromEnv?: FromEnv;
  /** On a PostgreSQL store: the fleet task a worker continues the run with if its owner dies. */
  fleet?: { task: string };
  /** Where the command runs. */
  cwd?: string;
  options?: RunMetaOptions;
  /** A keyed run's key, redacted (see run-key.ts). */
  runKey?: string;
  /** The W3C trace context of the run span that last ran the run, so the next one links to it. */
  traceparent?: string;
  /** The process groups the running attempt had spawned (see attempt-process.ts). */
  attemptProcesses?: AttemptProcess[];
  /** The tests of each execution of the command (`recover run --tests`; see test-ledger.ts). */
  testLedger?: TestLedgerData;
  takeovers?: Takeover[];
  decisions?: DecisionRecord[];
  /** A Claude Code hook run (`recover hook claude`): the agent does the attempts. */
  hook?: 'claude';
  /** A hook run's agent session. */
  sessionId?: string;
  /** The caller's own keys (`PersistedOptions.meta`), as stored. */
  [key: string]: unknown;
}

/** The meta of a run `recover run` started: its command line, where it runs, its options. */
export interface CommandRunMeta extends RunMeta {
  command: string[];
  cwd: string;
  options: RunMetaOptions;
}

/** A stored meta the decoder refuses: names the run and the field (`meta.options.timeoutMs`). */
export class RunMetaError extends Error {
  readonly code = 'ERR_RUN_META';
  constructor(readonly runId: string, readonly field: string, readonly problem: string) {
    super(`run ${runId}: ${field} ${problem}`);
    this.name = 'RunMetaError';
  }
}

/**
 * `stored` (a run record's `meta`) as a {@link RunMeta}: the same object, every key kept, once
 * each known key present has the type it is written with.
 * @throws RunMetaError naming `runId` and the first bad field.
 */
export function runMetaOf(runId: string, stored: Record<string, unknown>): RunMeta {
  try {
    checkRunMeta(stored);
  } catch (error) {
    if (error instanceof BadField) throw new RunMetaError(runId, error.field, error.problem);
    throw error;
  }
  return stored;
}

/**
 * `stored` as the meta of a run `recover run` started (see {@link runMetaOf}); a meta with no
 * `cwd` runs in `defaultCwd` (default: this process's), one with no `options` has none.
 * @throws RunMetaError when a field is bad, or there is no command (another kind of run).
 */
export function commandRunOf(runId: string, stored: Record<string, unknown>, defaultCwd = process.cwd()): CommandRunMeta {
  const meta = runMetaOf(runId, stored);
  if (!Array.isArray(meta.command)) throw new RunMetaError(runId, 'meta.command', "is missing: the run was not started by 'recover run'");
  return { ...meta, command: meta.command, cwd: meta.cwd ?? defaultCwd, options: meta.options ?? {} };
}

/** Thrown inside the checks, turned into a RunMetaError that names the run. */
class BadField {
  constructor(readonly field: string, readonly problem: string) {}
}

/** Checks `value` at `field`; throws BadField. */
type Check = (value: unknown, field: string) => void;

const bad = (field: string, problem: string): never => {
  throw new BadField(field, problem);
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text: Check = (v, f) => void (typeof v === 'string' || bad(f, `is ${JSON.stringify(v)}, not text`));
const count: Check = (v, f) => void ((typeof v === 'number' && Number.isFinite(v) && v >= 0) || bad(f, `is ${JSON.stringify(v)}, not a number ≥ 0`));
const flag: Check = (v, f) => void (typeof v === 'boolean' || bad(f, `is ${JSON.stringify(v)}, not true or false`));
const orNull = (check: Check): Check => (v, f) => void (v === null || check(v, f));
const oneOf = (...allowed: readonly unknown[]): Check => (v, f) => void (allowed.includes(v) || bad(f, `is ${JSON.stringify(v)}, not one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`));
const either = (...checks: Check[]): Check => (v, f) => {
  const problems: string[] = [];
  for (const check of checks) {
    try {
      return check(v, f);
    } catch (error) {
      if (!(error instanceof BadField)) throw error;
      problems.push(error.field === f ? error.problem : `${error.field} ${error.problem}`);
    }
  }
  bad(f, problems.join('; '));
};
const listOf = (check: Check, nonEmpty = false): Check => (v, f) => {
  if (!Array.isArray(v)) return bad(f, `is ${JSON.stringify(v)}, not a list`);
  if (nonEmpty && v.length === 0) bad(f, 'is an empty list');
  v.forEach((item, i) => check(item, `${f}[${i}]`));
};
/** An object whose `required` keys are present and whose known keys present pass their checks (other keys are kept). */
const shape = (fields: Record<string, Check>, required: readonly string[] = []): Check => (v, f) => {
  if (!isObject(v)) return bad(f, `is ${JSON.stringify(v)}, not an object`);
  for (const key of required) if (!(key in v)) bad(`${f}.${key}`, 'is missing');
  for (const [key, check] of Object.entries(fields)) if (v[key] !== undefined) check(v[key], `${f}.${key}`);
};
const recordOf = (check: Check): Check => (v, f) => {
  if (!isObject(v)) return bad(f, `is ${JSON.stringify(v)}, not an object`);
  for (const [key, item] of Object.entries(v)) check(item, `${f}.${key}`);
};

const sealedParts = listOf(either(text, shape({ env: text }, ['env'])));
const OPTIONS = shape({
  config: orNull(text), timeoutMs: orNull(count), adapter: orNull(text), diagnoser: orNull(text),
  rollback: oneOf('git', 'none'), onFlaky: oneOf('escalate', 'pass', null), lastKnownGood: orNull(text),
  rollbackBudget: orNull(shape({ maxIgnoredBytes: count, skipIgnored: listOf(text) })),
  reuseFixes: flag,
  tests: orNull(listOf(text, true)), rerun: oneOf('failed', 'failed-only', 'whole'),
  notify: orNull(shape({ channel: oneOf('github'), number: orNull(count) }, ['channel'])),
  expect: orNull(shape({ sections: listOf(text, true), diff: flag, maxChars: orNull(count) })),
  quarantineFlaky: orNull(count),
  agent: shape({ name: oneOf(...AGENT_NAMES), model: text, args: listOf(text), timeoutMs: count, maxTurns: count, budgetUsd: count, promptFile: text }, ['name']),
});
const COMMON = {
  fromEnv: shape({ command: recordOf(sealedParts), adapter: sealedParts, diagnoser: sealedParts }),
  fleet: shape({ task: text }, ['task']),
  cwd: text, options: OPTIONS, runKey: text, traceparent: text,
  attemptProcesses: listOf(shape({ pid: count, pgid: count, startTime: orNull(text), bootId: orNull(text), host: text, attempt: count }, ['pid', 'pgid', 'host'])),
  takeovers: listOf(shape({ from: shape({ pid: count, host: text, worker: orNull(text) }, ['pid', 'host']), fence: count, atSeq: count, at: count }, ['from', 'fence', 'atSeq', 'at'])),
  decisions: listOf(shape({ by: text, choice: text, at: count }, ['by', 'choice', 'at'])),
  hook: oneOf('claude'), sessionId: text,
};
// A hook run keeps its command as one string; a `recover run` run, as its argv.
const HOOK_RUN = shape({ ...COMMON, command: text });
const OTHER_RUN = shape({ ...COMMON, command: listOf(text, true) });

function checkRunMeta(stored: Record<string, unknown>): asserts stored is RunMeta {
  (stored.hook === 'claude' ? HOOK_RUN : OTHER_RUN)(stored, 'meta');
}
