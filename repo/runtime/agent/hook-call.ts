/**
 * One call of a hook program (an adapter, a diagnoser, an agent): spawned as a command is, its
 * answer's envelope taken off, and its own failure told apart from "no alternative" (an error
 * envelope, or a non-zero exit whose words the classifier knows: a network, auth or rate-limit
 * failure), a transient one tried again on the run's backoff. How the answer is then read, per
 * phase, is hook-program.ts's.
 */
import { Writable } from 'node:stream';
import type { AdaptInput } from '../../../machines/index.js';
import { classify, type Classification } from '../../classify/index.js';
import { lastLine } from '../../classify/text.js';
import { DEFAULT_POLICY, budgetFor, computeDelay, type ResolvedPolicy } from '../../policy/index.js';
import type { RedactPatterns } from '../../redact/index.js';
import { traceEnv } from '../../telemetry/trace-env.js';
import { heldUntilRecorded, reportExit } from '../attempt-process.js';
import { HOOK_TIMEOUT_MS } from '../hook-context.js';
import { runCommandOnce, type CommandResult } from '../command.js';
import { unwrapEnvelope, type Envelope } from './answer.js';
import { lastObjectWithKey } from './json-scan.js';

/** Default most bytes an answer on stdout may have: 1 MiB. */
export const HOOK_MAX_OUTPUT_BYTES = 1 << 20;
/** Default tries for an agent whose own call failed transiently (its API overloaded, a reset): 3. */
export const AGENT_TRANSIENT_TRIES = 3;

/** How a hook program is run. Every field optional. */
export interface HookRunOptions {
  /** Working directory (an adapter may change files here). Default: the current one. */
  cwd?: string;
  /** Extra environment, on top of `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Kill the program's process group after this many ms; that is a failure. Default {@link HOOK_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Where the program's stderr goes live (an agent's progress, for people). Default `null`: kept only as a tail. */
  stderr?: Writable | null;
  /** Most bytes the answer on stdout may have; more is a failure. Default {@link HOOK_MAX_OUTPUT_BYTES}. */
  maxOutputBytes?: number;
  /** Paths (relative to `cwd`) the work-tree comparison ignores, e.g. the run store. Default `['.recovery']`. */
  ignore?: string[];
  /**
   * The run's policy: a transiently failed call waits as a transient failure of its type would
   * (a retry-after hint included, capped by `maxDelayMs`), for at most {@link AGENT_TRANSIENT_TRIES}
   * tries and the type's budget. Default: DESIGN.md's policy (5 s, then 10 s).
   */
  policy?: ResolvedPolicy;
  /** Told of what happens that the user should see (a retry of the agent, its cost). Default: nothing. */
  onNote?: (message: string) => void;
  /** Told of each call's cost in USD where the program reports one (Claude Code's `total_cost_usd`). */
  onCost?: (usd: number) => void;
  /**
   * The run's own secret patterns (`RunOptions.redact`, the config's `redact`), on top of the
   * built-in ones: the failing command line is shown in a prompt with what they match redacted.
   * Default: the built-in patterns only.
   */
  redact?: RedactPatterns;
}

/** One call: argv and stdin for the phase's input, and for a re-ask (`reminder` set). */
export interface HookCall {
  cmd: string;
  args: readonly string[];
  stdin: string;
  env: Record<string, string>;
}

/** What a hook program is: a label for messages and how its calls are made. */
export interface HookProgram<I> {
  /** Names the program in every message: "adapter `claude -p`", "agent claude (ADAPT)". */
  label: string;
  /** The call for `input`; with `reminder`, the re-ask after an unreadable answer. */
  call(input: I, reminder: string | null): HookCall;
  /** Whether a non-zero exit without a recognisable agent failure is "no alternative" (a plain adapter's contract) or a failure (an agent). */
  exitMeansNoAlternative: boolean;
  /** What to do when the program is not installed, added to the "not found" message. Default: nothing. */
  notFound?: string;
}

/** An error of a hook program: a failed call, with the program's own words. */
export class HookProgramError extends Error {
  override name = 'HookProgramError';
}

/** What a call gave: the answer's envelope, or "no alternative" (a plain adapter's non-zero exit) with why. */
export type CallResult = { kind: 'answer'; envelope: Envelope } | { kind: 'none'; message: string };

/** One call, retried with backoff while the program's own failure is transient (its API overloaded). */
export async function callWithRetries<I extends { runId: string; history: AdaptInput['history'] }>(
  program: HookProgram<I>, input: I, reminder: string | null, options: HookRunOptions, signal?: AbortSignal,
): Promise<CallResult> {
  const policy = options.policy ?? DEFAULT_POLICY;
  for (let tries = 1; ; tries++) {
    const outcome = await callOnce(program, input, reminder, options, signal);
    if (outcome.kind !== 'failed') return outcome;
    const { classification } = outcome;
    const transient = classification?.category === 'transient';
    if (!transient || tries >= Math.min(AGENT_TRANSIENT_TRIES, budgetFor(policy, classification.type)) || signal?.aborted) throw new HookProgramError(outcome.message);
    const delay = computeDelay(policy, classification.type, tries, classification.retryAfterMs !== undefined ? { retryAfterMs: classification.retryAfterMs } : {});
    options.onNote?.(`${outcome.message}; trying again in ${(delay / 1000).toFixed(1)} s`);
    await wait(delay, signal);
  }
}

/** A failed call: its message, and what the classifier made of it (none: not worth a retry). */
type CallOutcome = CallResult | { kind: 'failed'; message: string; classification: Classification | null };

async function callOnce<I extends { runId: string; history: AdaptInput['history'] }>(
  program: HookProgram<I>, input: I, reminder: string | null, options: HookRunOptions, signal?: AbortSignal,
): Promise<CallOutcome> {
  const { label } = program;
  const call = program.call(input, reminder);
  const limit = options.maxOutputBytes ?? HOOK_MAX_OUTPUT_BYTES;
  const timeoutMs = options.timeoutMs ?? HOOK_TIMEOUT_MS;
  const result = await spawnProgram(call, input, options, limit, timeoutMs, signal);
  if (result.notFound) throw new HookProgramError(`${label}: program not found (${call.cmd})${program.notFound ? `: ${program.notFound}` : ''}`);
  if (result.timedOut) return { kind: 'failed', message: `${label} timed out after ${timeoutMs} ms${after(result.stderr)}`, classification: null };
  if (result.signal) throw new HookProgramError(`${label} was killed by ${result.signal}`);
  if (result.stdoutBytes > limit) throw new HookProgramError(`${label} printed ${result.stdoutBytes} bytes on stdout, more than the ${limit} allowed`);
  const envelope = unwrapEnvelope(result.stdout);
  if (envelope.costUsd !== undefined) options.onCost?.(envelope.costUsd);
  const failure = agentFailure(envelope.isError || result.exitCode === 0 ? envelope : errorEnvelopeIn(result.stderr) ?? envelope, result);
  if (failure) {
    const message = `${label} failed: ${failure.text}`;
    if (failure.recognised || !program.exitMeansNoAlternative) return { kind: 'failed', message, classification: failure.classification };
  }
  if (result.exitCode !== 0) return { kind: 'none', message: `${label} exited with code ${result.exitCode}${after(result.stderr)}` };
  if (!envelope.text.trim()) return { kind: 'failed', message: `${label} printed nothing on stdout; expected an answer${after(result.stderr)}`, classification: null };
  return { kind: 'answer', envelope };
}

/**
 * Did the program itself fail (not the task)? Its envelope's error, or a non-zero exit: the text
 * is classified like any failure, so an overloaded API is transient and an expired login fatal;
 * `recognised` says the classifier knew it (a plain adapter's bare exit 1 is not recognised).
 */
function agentFailure(envelope: Envelope, result: CommandResult): { text: string; classification: Classification; recognised: boolean } | null {
  if (!envelope.isError && result.exitCode === 0) return null;
  // Claude Code prints its own failures on stdout ("API Error: 401 …"), others on stderr: the
  // last line of either names it (a plain adapter's prose before it is not evidence).
  const said = envelope.error ?? (lastLineOf(envelope.text) || lastLineOf(result.stderr));
  const classification = classify({ message: said, stderr: result.stderr, exitCode: result.exitCode });
  const recognised = envelope.isError || (classification.type !== 'UNKNOWN' && classification.category !== 'systematic');
  return { text: (said || `exited with code ${result.exitCode}`).slice(0, 500), classification, recognised };
}

/** An error envelope among what a CLI printed on stderr (Gemini CLI's JSON mode puts it there, after its log lines). */
function errorEnvelopeIn(stderr: string): Envelope | null {
  const found = lastObjectWithKey(stderr, 'error');
  if (found.kind !== 'found') return null;
  const envelope = unwrapEnvelope(JSON.stringify(found.value));
  return envelope.isError ? envelope : null;
}

/**
 * Spawns the call; its process group is reported like a command's (attempt-process.ts), so a
 * resume after `recover` was SIGKILLed mid-ADAPT ends the orphaned program before the adapter
 * runs again: two programs must never edit the tree at once.
 */
async function spawnProgram(
  call: HookCall, input: { runId: string; history: AdaptInput['history'] }, options: HookRunOptions, limit: number, timeoutMs: number, signal?: AbortSignal,
): Promise<CommandResult> {
  const attempt = input.history.at(-1)?.attempt ?? 0;
  let spawned: number | undefined;
  const result = await runCommandOnce(call.cmd, call.args, {
    onSpawn: (pid) => {
      spawned = pid;
    },
    // Recorded in the run's checkpoint before the program starts (attempt-process.ts).
    ...heldUntilRecorded(input.runId, attempt),
    cwd: options.cwd,
    // Under a traced run, TRACEPARENT names the adapter's or diagnoser's span.
    env: { ...options.env, ...call.env, ...traceEnv(input.runId) },
    input: call.stdin,
    timeoutMs,
    ...(signal ? { signal } : {}),
    // One byte over the limit is enough to tell that the answer was too long.
    tailBytes: limit + 1,
    stream: options.stderr ? { stdout: discard(), stderr: options.stderr } : null,
  });
  if (spawned !== undefined) reportExit(input.runId, spawned);
  return result;
}

/** The start of the last line a program printed (an error message begins with what it is). */
const lastLineOf = (text: string) => lastLine(text, 65_536).slice(0, 300);
/** `: <last line>` to end a message with, or nothing. */
const after = (text: string) => {
  const line = lastLineOf(text);
  return line ? `: ${line}` : '';
};
const wait = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});
const discard = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() });
