/**
 * A DIAGNOSE or ADAPT program (a script, or an AI coding agent), from its calls to the answer the
 * machine gets; each call (spawn, envelope, the program's own failure, retries) is hook-call.ts's.
 * Shared by `adapterCommand` / `diagnoserCommand` (any program, JSON on
 * stdin) and the agent presets (a prompt on stdin): what differs between them is only what goes
 * in (argv, stdin, environment), never how the answer is read or how a failure is told apart from
 * "no alternative".
 *
 * The answer contract, tolerant because real agents print prose:
 * - a known envelope (Claude Code's `result`, Gemini CLI's `response`, Codex's JSONL) is unwrapped;
 * - the last JSON object with the expected key counts (fences, pretty-printing, prose before);
 * - `{"fix": null}` means "no alternative"; a confidence of 1..100 is a percentage; a fix's
 *   `"cost": {"usd", "tokens"}` counts where no envelope reported the call's cost (cost.ts);
 * - an ADAPT answer without a readable fix, after which the work tree changed, is the fix
 *   ("agent edit"); without a change, the program is asked once more with a format reminder.
 * An agent that failed (its envelope says so, or its stderr names a network, auth or rate-limit
 * failure) is not "no alternative": the phase fails with its own message, after a transient
 * failure has been retried with backoff.
 */
import type { AdaptInput, AdaptOutput, DiagnoseInput, DiagnoseOutput } from '../../../machines/index.js';
import type { Phase } from '../../taxonomy/index.js';
import { firstLine, readDiagnosis, readFix, type AnswerCost, type Envelope } from './answer.js';
import { callWithRetries, HookProgramError, type HookProgram, type HookRunOptions } from './hook-call.js';
import { formatReminder } from './prompt.js';
import { changedPaths, snapshotWorkTree } from './work-tree.js';

export {
  AGENT_TRANSIENT_TRIES, HOOK_MAX_OUTPUT_BYTES, HookProgramError, type HookCall, type HookProgram, type HookRunOptions,
} from './hook-call.js';

/** The phase a hook program serves. */
export type HookPhase = Extract<Phase, 'DIAGNOSE' | 'ADAPT'>;

/** Runs the ADAPT program once (or twice: one re-ask) and says what the machine should do. */
export async function runAdaptProgram(program: HookProgram<AdaptInput>, input: AdaptInput, options: HookRunOptions, signal?: AbortSignal): Promise<AdaptOutput> {
  const ignore = options.ignore ?? ['.recovery'];
  const cwd = options.cwd ?? process.cwd();
  const before = await snapshotWorkTree(cwd, { ignore });
  let reminder: string | null = null;
  // What the fix cost, from the envelopes of its calls (Claude Code's total_cost_usd): the approval
  // thresholds' costUsd reads it (seed 004 ASK_APPROVE, issue 33).
  let costUsd = 0;
  const costed = <T extends { fix: string }>(fix: T): T & { costUsd?: number } => (costUsd > 0 ? { ...fix, costUsd } : fix);
  for (;;) {
    const result = await callWithRetries(program, input, reminder, options, signal);
    if (result.kind === 'none') return { fix: null, message: result.message };
    costUsd += result.envelope.costUsd ?? 0;
    const answer = readFix(result.envelope.text);
    if (answer.kind === 'fix') {
      // A plain JSON answer's own cost counts where no envelope reported one (the envelope's is the CLI's measurement).
      if (answer.cost) costUsd += answeredCost(program.label, answer.cost, result.envelope, options);
      return costed(answer.confidence === undefined ? { fix: answer.fix } : { fix: answer.fix, confidence: answer.confidence });
    }
    if (answer.kind === 'none') return { fix: null, message: `${program.label} answered that it has no fix` };
    // No readable fix: a changed tree is the fix the agent applied; otherwise ask once more.
    const changed = changedPaths(before, await snapshotWorkTree(cwd, { ignore }));
    if (changed.length > 0) {
      const said = firstLine(result.envelope.text);
      return costed({ fix: `agent edit: ${said || 'no summary'} (changed ${listPaths(changed)})` });
    }
    if (reminder !== null) return { fix: null, message: `${program.label} gave no readable answer twice and changed no file: ${answer.reason}` };
    options.onNote?.(`${program.label}: ${answer.reason}; asking once more for the answer format`);
    reminder = formatReminder('ADAPT');
  }
}

/**
 * The USD an answer's `cost` adds to the fix (none when the envelope reported the call's cost),
 * told like an envelope's cost (`onCost`: an agent's budget), and said in a note with its tokens.
 */
function answeredCost(label: string, cost: AnswerCost, envelope: Envelope, options: HookRunOptions): number {
  const usd = envelope.costUsd === undefined ? cost.usd : undefined;
  if (usd !== undefined) options.onCost?.(usd);
  const parts = [...(cost.usd !== undefined ? [`$${cost.usd.toFixed(4)}`] : []), ...(cost.tokens !== undefined ? [`${cost.tokens} tokens`] : [])];
  options.onNote?.(`${label}: this call cost ${parts.join(', ')}, as its answer says`);
  return usd ?? 0;
}

/** Runs the DIAGNOSE program (one re-ask when its answer is unreadable); a failure rejects. */
export async function runDiagnoseProgram(program: HookProgram<DiagnoseInput>, input: DiagnoseInput, options: HookRunOptions, signal?: AbortSignal): Promise<DiagnoseOutput> {
  let reminder: string | null = null;
  for (;;) {
    const result = await callWithRetries(program, input, reminder, options, signal);
    if (result.kind === 'none') throw new HookProgramError(result.message);
    const answer = readDiagnosis(result.envelope.text);
    if (answer.kind === 'hypotheses') return { hypotheses: answer.hypotheses };
    if (reminder !== null) throw new HookProgramError(`${program.label} gave no readable diagnosis twice: ${answer.reason}`);
    options.onNote?.(`${program.label}: ${answer.reason}; asking once more for the answer format`);
    reminder = formatReminder('DIAGNOSE');
  }
}

const listPaths = (paths: readonly string[]) => (paths.length <= 5 ? paths.join(', ') : `${paths.slice(0, 5).join(', ')} and ${paths.length - 5} more`);
