/**
 * The real work behind the recovery machine's I/O slots for one run: the task (timed, redacted,
 * never rejecting), the user's diagnoser/adapter/rollback, and deadline sleeps on the clock.
 *
 * This is where what a task and the user's programs saw enters the run: a failure is classified
 * on its raw observation (`'/etc/passwd': Operation not permitted` must stay a security failure),
 * then the observation and the classification's evidence are redacted, so nothing downstream
 * (context, history, checkpoints, reports, traces, the inspector) holds a secret.
 *
 * One object per run, its slots methods on the prototype: a run holds one object here, not a
 * closure per slot and helper (10,000 concurrent runs held 13 closures and their scopes each).
 */
import type { ActorRefFrom } from 'xstate';
import type { RecoveryMachine } from '../../machines/recovery.machine.js';
import type { RunnerWork } from '../../machines/runner.js';
import type { AdaptInput, AdaptOutput, AttemptInput, AttemptOutcome, DiagnoseInput, DiagnoseOutput, RollbackInput, RollbackOutput, SleepInput, SleepOutput } from '../../machines/recovery/types.js';
import { classifyObservation } from '../../machines/recovery/failure.js';
import type { Classification, Evidence } from '../classify/types.js';
import { redactDeep, redactSecrets } from '../redact/index.js';
import { redactFresh } from '../redact/deep.js';
import { sleepUntil, type Clock } from './clock.js';
import { AttemptValue } from './attempt-value.js';
import { callHook } from './hook-context.js';
import type { Adapter, Diagnoser, Rollback, Task } from './options.js';
import { attemptBeats, runAttempt, type AttemptBinding, type BeatEvent, type RawOutcome } from './run-attempt.js';

/** The user's programs a run calls from its slots. */
export interface RunPrograms {
  diagnose?: Diagnoser;
  adapt?: Adapter;
  rollback?: Rollback;
}

/** What a run's slots need from the run beyond its programs. */
export interface RunSettings {
  clock: Clock;
  /** The user's extra secret patterns, compiled. */
  redact: RegExp[];
  /** The run's own classification rules: a failure is classified before it is redacted. */
  rules: readonly unknown[];
  /** How long one diagnoser or adapter call may take, in ms on `clock` (`Infinity`: no deadline). */
  hookTimeoutMs: number;
  /** What a persistence layer plugs into the run (nothing for a run without a store). */
  hooks: RunHooks;
}

/** The hooks a persistence layer plugs into a run (`RecoveryHooks` in recovery.ts). */
export interface RunHooks {
  /** Write-ahead: resolves once the checkpoint of the program about to start is durable. */
  writeAhead?(actor: ActorRefFrom<RecoveryMachine>): Promise<void>;
}

/**
 * A classification with the text it quotes from the failure redacted: its evidence's `match` is
 * the only such field (type, category, severity, action and the rules' ids are the taxonomy's
 * and the rules' own words, and numbers are no secret), so only those are read, not the whole
 * value copied. The same object when nothing needed redacting (most failures).
 */
export function redactEvidence(classification: Classification, patterns: readonly RegExp[]): Classification {
  let evidence: Evidence[] | undefined;
  for (let i = 0; i < classification.evidence.length; i++) {
    const item = classification.evidence[i]!;
    const match = redactSecrets(item.match, patterns);
    if (match === item.match) continue;
    evidence ??= [...classification.evidence];
    evidence[i] = { ...item, match };
  }
  return evidence ? { ...classification, evidence } : classification;
}

/** The slots' work of one run; also what its attempts need from it (an {@link AttemptBinding}). */
export class RunWork implements AttemptBinding {
  readonly clock: Clock;
  /** Where a passing attempt's return value waits for the outcome (never in the machine's context). */
  readonly value = new AttemptValue();
  /** The actor this run drives, once attached (its HEARTBEAT/PROGRESS go there). */
  target: ActorRefFrom<RecoveryMachine> | undefined;
  /** Texts sealed on their way in (a decision's guidance), by their redacted form; made on the first that held a secret. */
  #originals: Map<string, string> | undefined;

  // The settings' fields are the run's own, not a settings object kept beside it (one object less per run in flight).
  readonly #redact: RegExp[];
  readonly #rules: readonly unknown[];
  readonly #hookTimeoutMs: number;
  readonly #hooks: RunHooks;

  /** The tasks' `heartbeat` and `progress`: one pair per run, handed to every attempt's context. */
  readonly heartbeat: () => void;
  readonly progress: (value?: number) => void;
  /** How an attempt's raw outcome is settled ({@link settled}): one function per run, not a closure per attempt. */
  readonly #settle: (outcome: RawOutcome, startedAt: number) => AttemptOutcome;

  constructor(private readonly task: Task, private readonly programs: RunPrograms, settings: RunSettings) {
    this.clock = settings.clock;
    this.#redact = settings.redact;
    this.#rules = settings.rules;
    this.#hookTimeoutMs = settings.hookTimeoutMs;
    this.#hooks = settings.hooks;
    ({ heartbeat: this.heartbeat, progress: this.progress } = attemptBeats(this, settings.clock));
    this.#settle = (outcome, startedAt) => this.settled(outcome, startedAt);
  }

  /** `text` redacted for the run; the original is kept in memory only, for this process's programs (see {@link reveal}). */
  seal(text: string): string {
    const redacted = redactSecrets(text, this.#redact);
    if (redacted !== text) (this.#originals ??= new Map()).set(redacted, text);
    return redacted;
  }

  reveal(text: string | null): string | null {
    return text === null ? null : this.#originals?.get(text) ?? text;
  }

  send(event: BeatEvent): void {
    this.target?.send(event);
  }

  /**
   * Write-ahead: resolves once the checkpoint naming the program about to start (the attempt, or
   * the user's diagnoser, adapter or rollback) is durable, so a crash right after the spawn
   * leaves a checkpoint that knows what was running. Null when there is nothing to wait for (no
   * persistence): a run without a store waits on no promise at all.
   */
  writeAhead(): Promise<void> | null {
    const hooks = this.#hooks;
    return this.target && hooks.writeAhead ? hooks.writeAhead(this.target) : null;
  }

  /** One attempt: its outcome, classified and redacted (see the file's header). */
  runTask(run: Parameters<RunnerWork<AttemptOutcome, AttemptInput>>[0]): Promise<AttemptOutcome> {
    const ahead = this.writeAhead();
    return ahead ? ahead.then(() => this.attempt(run)) : this.attempt(run);
  }

  sleepUntil({ input, signal }: Parameters<RunnerWork<SleepOutput, SleepInput>>[0]): Promise<SleepOutput> {
    return sleepUntil(this.clock, input.until, signal);
  }

  // The user's functions get the slot actor's signal (aborted when the run stops) and a deadline
  // on the run's clock, which starts once the write-ahead checkpoint is durable. Awaited even
  // when there is none (no store): the tick lets the run's observers see the snapshot that
  // called the program before it starts (fix memory counts a failed retry's verdict there).
  async diagnose({ input, signal }: Parameters<RunnerWork<DiagnoseOutput, DiagnoseInput>>[0]): Promise<DiagnoseOutput> {
    await this.writeAhead();
    const output = await callHook('diagnoser', (context) => this.programs.diagnose!(input, context), signal, this.clock, this.#hookTimeoutMs).catch((error: unknown) => this.rethrowClean(error));
    return { ...this.clean(output), at: this.clock.now() };
  }

  async adapt({ input, signal }: Parameters<RunnerWork<AdaptOutput, AdaptInput>>[0]): Promise<AdaptOutput> {
    await this.writeAhead();
    const startedAt = this.clock.now();
    const revealed = { ...input, guidance: this.reveal(input.guidance) };
    const output = await callHook('adapter', (context) => this.programs.adapt!(revealed, context), signal, this.clock, this.#hookTimeoutMs).catch((error: unknown) => this.rethrowClean(error));
    if (output === undefined || output === null) return null;
    // How long the adapter (an agent: minutes) took goes on the ADAPT event.
    const at = this.clock.now();
    return typeof output === 'object' ? { ...this.clean(output), at, durationMs: at - startedAt } : (output as AdaptOutput);
  }

  async rollback({ input }: Parameters<RunnerWork<RollbackOutput, RollbackInput>>[0]): Promise<RollbackOutput> {
    await this.writeAhead();
    const answer = await this.programs.rollback!(input);
    const report = typeof answer === 'object' && answer !== null ? answer : { restored: answer !== false };
    const message = report.message ? this.clean(report.message) : undefined;
    return { restored: report.restored, at: this.clock.now(), ...(message ? { message } : {}) };
  }

  private attempt(run: Parameters<RunnerWork<AttemptOutcome, AttemptInput>>[0]): Promise<AttemptOutcome> {
    this.value.clear();
    return runAttempt(this.task, run, this, this.#settle);
  }

  /** What the machine is told of an attempt that started at `startedAt` and ended now. */
  private settled(outcome: RawOutcome, startedAt: number): AttemptOutcome {
    const at = this.clock.now();
    if (outcome.ok) {
      this.value.passed(outcome.value);
      return { ok: true, at, durationMs: at - startedAt };
    }
    // The raw observation (a secret-shaped path must still read as a security failure), on the run's clock.
    // Then redacted in place of a copy when it holds no secret: `observationFrom` built it for this attempt alone.
    const classification = classifyObservation(outcome.observation, this.#rules, at);
    return { ok: false, at, durationMs: at - startedAt, observation: redactFresh(outcome.observation, this.#redact), classification: redactEvidence(classification, this.#redact) };
  }

  private clean<T>(value: T): T {
    return redactDeep(value, this.#redact) as T;
  }

  /** A hook's error reaches history, reports and the terminal: its message is redacted first (an agent's stderr may echo a key). */
  private rethrowClean(error: unknown): never {
    const redacted = new Error(this.clean(error instanceof Error ? error.message : String(error)));
    // The name says what kind of failure it was (the machine reads `AgentBudgetError`).
    if (error instanceof Error) redacted.name = error.name;
    throw redacted;
  }
}
