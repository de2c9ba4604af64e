import { Writable } from 'node:stream';
import type { AdaptInput, AdaptOutput, DiagnoseInput, DiagnoseOutput } from '../../machines/index.js';
import type { Hypothesis } from '../taxonomy/index.js';
import { reportExit, reportSpawn } from './attempt-process.js';
import { runCommandOnce, type CommandResult } from './command.js';
import { traceEnv } from '../telemetry/trace-env.js';
import type { Adapter, Diagnoser } from './options.js';
import { HOOK_TIMEOUT_MS } from './hook-context.js';

/** Options of `adapterCommand` and `diagnoserCommand`. Every field optional. */
export interface ProgramOptions {
  /** Working directory (an adapter may change files here). Default: the current one. */
  cwd?: string;
  /** Extra environment, on top of `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Kill the program's process group after this many ms; that is a failure. Default 10 minutes. */
  timeoutMs?: number;
  /** Where the program's stderr goes live (its progress, for people). Default `null`: kept only as a tail. */
  stderr?: Writable | null;
  /** Most bytes the answer on stdout may have; more is a failure. Default 1 MiB. */
  maxOutputBytes?: number;
}

const MAX_OUTPUT_BYTES = 1 << 20;

/**
 * An `Adapter` that runs a program (any program: a script, an AI coding agent): the `AdaptInput`
 * as JSON on its stdin; `RECOVERY_RUN_ID`, `RECOVERY_ITERATION`, `RECOVERY_HINT`,
 * `RECOVERY_GUIDANCE`, `RECOVERY_LEVEL` and `RECOVERY_PHASE=ADAPT` in its environment. It may
 * change files, and answers `{ "fix": "…", "confidence": 0.9 }` on stdout (the whole stdout,
 * or its last line, so it may log before). Exit non-zero means "no alternative" (null).
 * A missing program, a timeout, a signal, malformed JSON or a wrong shape reject with an error
 * naming the program (the machine records `adapter_failed`).
 * @param cmdline an argv array, or a string split like a shell would split words (quotes and
 *   backslashes; no expansion, no pipes: write `sh -c '…'` for those). Throws when empty or unbalanced.
 */
export function adapterCommand(cmdline: string | readonly string[], options: ProgramOptions = {}): Adapter {
  const [cmd, ...args] = argv(cmdline);
  const label = `adapter \`${display(cmd, args)}\``;
  return async (input: AdaptInput): Promise<AdaptOutput> => {
    const result = await runProgram(cmd, args, input, {
      RECOVERY_PHASE: 'ADAPT', RECOVERY_RUN_ID: input.runId, RECOVERY_ITERATION: String(input.iteration),
      RECOVERY_HINT: input.hint ?? '', RECOVERY_GUIDANCE: input.guidance ?? '', RECOVERY_LEVEL: input.level,
    }, options, label);
    if (result.exitCode !== 0) return null;
    return adaptAnswer(parseAnswer(result, options, label), label);
  };
}

/**
 * A `Diagnoser` that runs a program: the `DiagnoseInput` as JSON on its stdin;
 * `RECOVERY_RUN_ID`, `RECOVERY_ITERATION`, `RECOVERY_ROUND`, `RECOVERY_HINT` (empty) and
 * `RECOVERY_PHASE=DIAGNOSE` in its environment. It answers
 * `{ "hypotheses": [{ "text": "…", "confidence": 0.8 }] }`. Any failure, a non-zero exit included,
 * rejects with an error naming the program (the machine then keeps the built-in diagnosis).
 * @param cmdline as for `adapterCommand`.
 */
export function diagnoserCommand(cmdline: string | readonly string[], options: ProgramOptions = {}): Diagnoser {
  const [cmd, ...args] = argv(cmdline);
  const label = `diagnoser \`${display(cmd, args)}\``;
  return async (input: DiagnoseInput): Promise<DiagnoseOutput> => {
    const result = await runProgram(cmd, args, input, {
      RECOVERY_PHASE: 'DIAGNOSE', RECOVERY_RUN_ID: input.runId, RECOVERY_ITERATION: String(input.iteration),
      RECOVERY_ROUND: String(input.round), RECOVERY_HINT: '',
    }, options, label);
    if (result.exitCode !== 0) throw new Error(`${label} exited with code ${result.exitCode}${lastLine(result.stderr)}`);
    return diagnoseAnswer(parseAnswer(result, options, label), label);
  };
}

/**
 * Split a command line into words like a POSIX shell, without expanding anything: whitespace
 * separates, 'single quotes' are literal, "double quotes" allow \" and \\, a backslash outside
 * quotes escapes the next character. Throws on an unclosed quote or an empty line.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false; // '' is a word only when quoted: `say ''` has two words
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    const next = line.charAt(i + 1);
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (next === '"' || next === '\\')) word += line.charAt(++i);
      else word += c;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < line.length) word += line.charAt(++i);
      else word += c;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} quote in command line: ${line}`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new Error('empty command line');
  return words;
}

function argv(cmdline: string | readonly string[]): [string, ...string[]] {
  const words = typeof cmdline === 'string' ? splitCommandLine(cmdline) : [...cmdline];
  if (words.length === 0 || !words[0]) throw new Error('empty command line');
  return words as [string, ...string[]];
}

/**
 * Runs an adapter or diagnoser program once. Its process group is reported like a command's
 * (attempt-process.ts), so a resume after `recover` was SIGKILLed mid-ADAPT ends the orphaned
 * program before the adapter runs again: two programs must never edit the tree at once.
 */
async function runProgram(
  cmd: string, args: string[], input: DiagnoseInput | AdaptInput, env: Record<string, string>, options: ProgramOptions, label: string,
): Promise<CommandResult> {
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const attempt = input.history.at(-1)?.attempt ?? 0;
  let spawned: number | undefined;
  const result = await runCommandOnce(cmd, args, {
    onSpawn: (pid) => {
      spawned = pid;
      reportSpawn(input.runId, attempt, pid);
    },
    cwd: options.cwd,
    // Under a traced run, TRACEPARENT names the adapter's or diagnoser's span.
    env: { ...options.env, ...env, ...traceEnv(input.runId) },
    input: JSON.stringify(input),
    timeoutMs: options.timeoutMs ?? HOOK_TIMEOUT_MS,
    // One byte over the limit is enough to tell that the answer was too long.
    tailBytes: limit + 1,
    stream: options.stderr ? { stdout: discard(), stderr: options.stderr } : null,
  });
  if (spawned !== undefined) reportExit(input.runId, spawned);
  if (result.notFound) throw new Error(`${label}: program not found (${cmd})`);
  if (result.timedOut) throw new Error(`${label} timed out after ${options.timeoutMs ?? HOOK_TIMEOUT_MS} ms`);
  if (result.signal) throw new Error(`${label} was killed by ${result.signal}`);
  return result;
}

/** Parse the answer: the whole stdout as JSON, or else its last non-empty line (logs may come first). */
function parseAnswer(result: CommandResult, options: ProgramOptions, label: string): unknown {
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  if (result.stdoutBytes > limit) throw new Error(`${label} printed ${result.stdoutBytes} bytes on stdout, more than the ${limit} allowed`);
  const text = result.stdout.trim();
  if (!text) throw new Error(`${label} printed nothing on stdout; expected one JSON answer`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const last = text.split('\n').map((l) => l.trim()).filter(Boolean).at(-1) ?? '';
    try {
      return JSON.parse(last) as unknown;
    } catch {
      throw new Error(`${label} did not print valid JSON on stdout (${(error as Error).message}): ${JSON.stringify(text.slice(0, 200))}`);
    }
  }
}

function adaptAnswer(answer: unknown, label: string): NonNullable<AdaptOutput> {
  if (!isRecord(answer)) throw new Error(`${label} must answer a JSON object like {"fix": "…", "confidence": 0.9}, not ${kind(answer)}`);
  const { fix, confidence } = answer;
  if (typeof fix !== 'string' || !fix.trim()) throw new Error(`${label} answered without a "fix" (a non-empty string); got ${kind(fix)}`);
  if (confidence === undefined) return { fix };
  if (!isConfidence(confidence)) throw new Error(`${label} answered "confidence": ${JSON.stringify(confidence)}; it must be a number from 0 to 1`);
  return { fix, confidence };
}

function diagnoseAnswer(answer: unknown, label: string): DiagnoseOutput {
  const raw = isRecord(answer) ? answer.hypotheses : undefined;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new Error(`${label} must answer {"hypotheses": [{"text": "…", "confidence": 0.8}]} with at least one hypothesis`);
  }
  const hypotheses: Hypothesis[] = raw.map((h: unknown, i) => {
    const text = isRecord(h) ? h.text : undefined;
    const confidence = isRecord(h) ? h.confidence : undefined;
    if (typeof text !== 'string' || !text.trim()) throw new Error(`${label}: hypotheses[${i}].text must be a non-empty string; got ${kind(text)}`);
    if (!isConfidence(confidence)) throw new Error(`${label}: hypotheses[${i}].confidence must be a number from 0 to 1; got ${JSON.stringify(confidence) ?? 'nothing'}`);
    return { text, confidence };
  });
  return { hypotheses };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isConfidence = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;
const kind = (value: unknown) => (value === undefined ? 'nothing' : Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`);
const lastLine = (text: string) => {
  const line = text.trim().split('\n').at(-1)?.trim();
  return line ? `: ${line.slice(0, 300)}` : '';
};
const display = (cmd: string, args: string[]) => [cmd, ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });
