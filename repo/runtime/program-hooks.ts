import type { AdaptInput, DiagnoseInput } from '../../machines/index.js';
import { runAdaptProgram, runDiagnoseProgram, type HookProgram, type HookRunOptions } from './agent/hook-program.js';
import { adaptPrompt, diagnosePrompt } from './agent/prompt.js';
import type { Adapter, Diagnoser } from './options.js';
import type { HookContext } from './hook-context.js';
import { redactSecrets } from '../redact/index.js';
import { shellLine } from '../report/markdown.js';

/** Options of `adapterCommand` and `diagnoserCommand`. Every field optional (see {@link HookRunOptions} for the rest). */
export interface ProgramOptions extends HookRunOptions {
  /**
   * The failing command, for the program's input (`command`, `prompt`: secrets redacted, with
   * `redact` too) and `RECOVERY_COMMAND` (literal, to re-run it). Default: none given.
   */
  command?: readonly string[];
}

/**
 * An `Adapter` that runs a program (any program: a script, an AI coding agent): the `AdaptInput`
 * as JSON on its stdin, with `prompt` (the instruction an agent needs, answer format last),
 * `command` and `cwd` added; `RECOVERY_RUN_ID`, `RECOVERY_ITERATION`, `RECOVERY_HINT`,
 * `RECOVERY_GUIDANCE`, `RECOVERY_LEVEL`, `RECOVERY_COMMAND` and `RECOVERY_PHASE=ADAPT` in its
 * environment. It may change files, and answers `{ "fix": "…", "confidence": 0.9 }` anywhere in
 * its output (the last such object counts; a known agent envelope is unwrapped; a fence or
 * prose around it is fine); `{"fix": null}` means "no alternative". No readable answer but
 * changed files: that edit is the fix. No readable answer and no change: asked once more
 * (`reminder` in the input), then "no alternative". A non-zero exit is "no alternative", unless
 * its output shows the program itself failed (an agent's network, auth or rate-limit error):
 * then the phase fails with that message (`adapter_failed`), after transient failures were retried.
 * @param cmdline an argv array, or a string split like a shell would split words (quotes and
 *   backslashes; no expansion, no pipes: write `sh -c '…'` for those). Throws when empty or unbalanced.
 */
export function adapterCommand(cmdline: string | readonly string[], options: ProgramOptions = {}): Adapter {
  const [cmd, ...args] = argv(cmdline);
  const program: HookProgram<AdaptInput> = {
    label: `adapter \`${shellLine([cmd, ...args])}\``,
    exitMeansNoAlternative: true,
    call: (input, reminder) => ({
      cmd, args,
      stdin: JSON.stringify({ prompt: adaptPrompt(input, where(options)), ...inputContext(options), reminder, ...input }),
      env: {
        RECOVERY_PHASE: 'ADAPT', RECOVERY_RUN_ID: input.runId, RECOVERY_ITERATION: String(input.iteration),
        RECOVERY_HINT: input.hint ?? '', RECOVERY_GUIDANCE: input.guidance ?? '', RECOVERY_LEVEL: input.level,
        RECOVERY_COMMAND: commandLine(options),
      },
    }),
  };
  return (input, hook?: HookContext) => runAdaptProgram(program, input, withHookTimeout(options, hook), hook?.signal);
}

/**
 * A `Diagnoser` that runs a program: the `DiagnoseInput` as JSON on its stdin (with `prompt`,
 * `command` and `cwd`); `RECOVERY_RUN_ID`, `RECOVERY_ITERATION`, `RECOVERY_ROUND`,
 * `RECOVERY_HINT` (empty), `RECOVERY_COMMAND` and `RECOVERY_PHASE=DIAGNOSE` in its environment.
 * It answers `{ "hypotheses": [{ "text": "…", "confidence": 0.8 }] }`, read as tolerantly as an
 * adapter's answer. Any failure, a non-zero exit included, rejects with an error naming the
 * program and saying why (the machine records it on DIAGNOSE and keeps the built-in diagnosis).
 * @param cmdline as for `adapterCommand`.
 */
export function diagnoserCommand(cmdline: string | readonly string[], options: ProgramOptions = {}): Diagnoser {
  const [cmd, ...args] = argv(cmdline);
  const program: HookProgram<DiagnoseInput> = {
    label: `diagnoser \`${shellLine([cmd, ...args])}\``,
    exitMeansNoAlternative: false,
    call: (input, reminder) => ({
      cmd, args,
      stdin: JSON.stringify({ prompt: diagnosePrompt(input, where(options)), ...inputContext(options), reminder, ...input }),
      env: {
        RECOVERY_PHASE: 'DIAGNOSE', RECOVERY_RUN_ID: input.runId, RECOVERY_ITERATION: String(input.iteration),
        RECOVERY_ROUND: String(input.round), RECOVERY_HINT: '', RECOVERY_COMMAND: commandLine(options),
      },
    }),
  };
  return (input, hook?: HookContext) => runDiagnoseProgram(program, input, withHookTimeout(options, hook), hook?.signal);
}

/** A program's own timeout, else the run's hook deadline: the process group is killed before the slot gives up on it. */
const withHookTimeout = (options: ProgramOptions, hook: HookContext | undefined): ProgramOptions =>
  (options.timeoutMs !== undefined || hook === undefined || !Number.isFinite(hook.timeoutMs) ? options : { ...options, timeoutMs: hook.timeoutMs });
const where = (options: ProgramOptions) => ({ command: options.command ?? [], cwd: options.cwd ?? process.cwd(), ...(options.redact ? { redact: options.redact } : {}) });
/** What the program's JSON input adds beside the machine's: the command (null when not given) and where it runs. */
// The input may go to a model whole: its command is redacted as the prompt's is. The literal
// stays in RECOVERY_COMMAND, which the program inherits to re-run the command.
const inputContext = (options: ProgramOptions) => ({
  command: options.command ? options.command.map((part) => redactSecrets(part, options.redact)) : null,
  cwd: options.cwd ?? process.cwd(),
});
const commandLine = (options: ProgramOptions) => shellLine(options.command ?? []);

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
