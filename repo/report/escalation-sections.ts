/**
 * The sections of the escalation report, one function each, so the report itself reads as its
 * layout (UC-AP-004 Exc-1) and each section can be tested alone.
 */
import type { HistoryEvent, Reason } from '../taxonomy/index.js';
import { loopFixes, originalFailure, summarizeAttempts, type AttemptSummary } from './attempts.js';
import { code, fence, oneLine } from './markdown.js';
import { stackTop } from './stack.js';
import type { RunReportInput } from './types.js';

/** Why the run stopped, as the note after **Recovery iterations**. */
export const STOP_NOTES: Readonly<Record<Reason, string>> = {
  critical_security_violation: 'halted at once: no retry after a critical security violation',
  data_corruption: 'halted at once: no retry after data corruption was detected',
  approval_required: 'stopped before the retry: the fix needs approval',
  fatal_error: 'no retry: the failure is fatal',
  user_abort: 'stopped by a person',
  circular_fix: 'stopped: the fixes circle around similar approaches',
  infinite_loop: 'stopped: the same fix was proposed again',
  max_attempts: 'max reached',
  time_budget: 'stopped: the total time budget ran out',
  low_confidence: 'stopped: the diagnosis was too uncertain',
  uncertain_diagnosis: 'proceeded with an uncertain diagnosis',
  non_deterministic_failure: 'stopped: it passed on an unchanged re-run',
  flake_probe: 'the unchanged re-run failed the same way',
  no_alternative: 'stopped: no alternative approach left',
  adapter_failed: 'stopped: the adapter failed',
  agent_budget: "stopped: the agent spent over the run's limit",
  diagnoser_failed: 'the diagnoser failed; the built-in diagnosis stood',
  rollback_failed: 'stopped: rollback failed',
  regression: 'stopped: the last fix caused a regression',
  interrupted: 'interrupted mid-attempt',
  decision_timeout: 'nobody decided in time',
};

/** The heading: loops and security violations get their own (UC-AP-004 Exc-4, Exc-2). */
export function heading(reason: Reason | null): string {
  if (reason === 'infinite_loop' || reason === 'circular_fix') return '## Infinite Loop Detected';
  if (reason === 'critical_security_violation') return '## Critical Security Violation';
  if (reason === 'data_corruption') return '## Data Corruption Detected';
  if (reason === 'approval_required') return '## Approval Required';
  return '## Recovery Escalation Required';
}

/** Text under the heading that says what kind of escalation this is (empty for the plain one). */
export function preamble(reason: Reason | null, history: readonly HistoryEvent[]): string[] {
  if (reason === 'infinite_loop' || reason === 'circular_fix') return loopLines(reason, history);
  if (reason === 'critical_security_violation') {
    return ['**Execution halted.** No retry was attempted; nothing runs again until a human decides.'];
  }
  if (reason === 'data_corruption') {
    return ['**Execution halted.** No retry was attempted: re-running on corrupt data could spread it. What the run changed was rolled back when a rollback was configured (see Rollbacks); investigate before deciding.'];
  }
  if (reason === 'approval_required') {
    // The thresholds it went beyond and the diff stat, as the ADAPT event recorded them.
    const asked = [...history].reverse().find((e) => e.phase === 'ADAPT' && e.reason === 'approval_required');
    return [
      '**The fix goes beyond the approval thresholds** (seed 004 ASK_APPROVE) and was not retried. The fix is in the work tree as the adapter left it: approve with `retry-fresh` (the retry runs on it), or undo it with `rollback`.',
      ...(asked?.message ? ['', `- Fix: ${code(oneLine(asked.fix ?? '(not recorded)'))}`, `- ${code(asked.message)}`] : []),
    ];
  }
  if (reason === 'non_deterministic_failure') {
    return ['**Non-deterministic failure detected**: the task passed on an unchanged re-run, without a fix. Likely a race condition or timing dependency; manual investigation required.'];
  }
  return [];
}

/** The repeated fixes per iteration (UC-AP-004 Exc-4), marking the ones seen before. */
function loopLines(reason: 'infinite_loop' | 'circular_fix', history: readonly HistoryEvent[]): string[] {
  const fixes = loopFixes(history);
  const identical = reason === 'infinite_loop';
  const lines = [identical ? 'Agent is repeating the same fix across iterations:' : 'Agent keeps trying similar fixes across iterations:'];
  const seen = new Map<string, number>();
  fixes.forEach((entry, index) => {
    // The rejected fix was never run; number it after the one before it.
    const iteration = entry.rejected ? Math.max(entry.iteration, (fixes[index - 1]?.iteration ?? 0) + 1) : entry.iteration;
    const key = oneLine(entry.fix).toLowerCase();
    const earlier = seen.get(key);
    const note = earlier !== undefined ? ` (identical to iteration ${earlier})` : entry.rejected && !identical ? ' (similar)' : '';
    lines.push(`- Iteration ${iteration}: ${code(entry.fix)}${note}`);
    if (earlier === undefined) seen.set(key, iteration);
  });
  if (fixes.length === 0) lines.push('- (the fixes were not recorded)');
  lines.push('', '**Root cause**: the agent is not learning from failed attempts.');
  return lines;
}

/** `### Original Error`: the first recorded failure, fenced, then the top of its stack when it had one. */
export function originalErrorSection(input: RunReportInput): string[] {
  const first = originalFailure(input.history);
  const evidence = input.classification?.evidence.find((e) => e.source !== 'default')?.match;
  const message = first?.message ?? evidence ?? '(no message recorded)';
  const type = first?.type ?? input.classification?.type;
  const stack = stackTop(input.originalStack);
  return ['### Original Error', '', ...(type ? [`Type: ${type}`, ''] : []), fence(message), ...(stack ? ['', 'Stack (top frames):', '', fence(stack)] : [])];
}

function resultLine(attempt: AttemptSummary): string {
  const outcome = attempt.outcome;
  if (outcome === null) return '- Result: no result recorded (the run stopped before it reported)';
  const message = outcome.message ? ` — ${code(outcome.message.slice(0, 300))}` : '';
  if (outcome.result === 'success') return '- Result: passed';
  if (outcome.result === 'flaky') return `- Result: passed unchanged (flaky)${message}`;
  return `- Result: failed${message}`;
}

/** What an iteration did, in words: its fix, the human's decision or rollback behind it, or a plain retry. */
function attemptWhat(attempt: ReturnType<typeof summarizeAttempts>[number]): string {
  switch (attempt.kind) {
    case 'fix': return oneLine(attempt.fix ?? '(fix not recorded)');
    case 'probe': return 're-ran unchanged to check for flakiness';
    case 'guided': return attempt.guidance ? `retried with your guidance: ${oneLine(attempt.guidance)}` : 'retried with modifications (no guidance given)';
    case 'fresh': return 'retried from scratch with a fresh budget (retry-fresh)';
    case 'rolledBack': return 'retried after rolling back to the last known good state';
    default: return 'retried the same approach after backoff';
  }
}

/** `### Recovery Attempts`: each iteration's fix, result and hypothesis. */
export function attemptsSection(input: RunReportInput): string[] {
  const lines = ['### Recovery Attempts', ''];
  const attempts = summarizeAttempts(input.history);
  if (attempts.length === 0) {
    lines.push(input.reason === 'critical_security_violation' || input.reason === 'data_corruption'
      ? `None: ${input.reason === 'data_corruption' ? 'data corruption' : 'a critical security violation'} halts execution without any retry.`
      : 'None: the run escalated before any recovery iteration.');
    return lines;
  }
  for (const attempt of attempts) {
    const title = attempt.kind === 'probe' ? '**Flake probe**' : `**Iteration ${attempt.iteration}**`;
    const what = attemptWhat(attempt);
    lines.push(`${title}: ${what}`, resultLine(attempt));
    const h = attempt.hypothesis;
    if (h) lines.push(`- Hypothesis: ${oneLine(h.text)} (confidence ${h.confidence.toFixed(2)}${attempt.hypothesisSource === 'before' ? ', behind this fix' : ''})`);
    lines.push('');
  }
  lines.pop();
  return lines;
}

/** The reasons for which a DIAGNOSE or ADAPT event holds what its program said. */
const HOOK_FAILURES: ReadonlySet<Reason | null> = new Set<Reason>(['adapter_failed', 'agent_budget', 'no_alternative', 'diagnoser_failed']);
/** A DIAGNOSE or ADAPT event that records the phase's program failing (or having no alternative). */
const isHookFailure = (event: HistoryEvent) => (event.phase === 'ADAPT' || event.phase === 'DIAGNOSE') && HOOK_FAILURES.has(event.reason);

/** `### Current State`: the caller's summary, else the last outcome; the output tail fenced. */
export function currentStateSection(input: RunReportInput): string[] {
  const lines = ['### Current State', ''];
  const summary = input.currentState?.split(/\r?\n/).map((l) => l.trim()).filter(Boolean) ?? [];
  if (summary.length > 0) lines.push(...summary.map((l) => `- ${l}`));
  else {
    const last = summarizeAttempts(input.history).at(-1)?.outcome ?? originalFailure(input.history);
    lines.push(last?.message ? `- Last failure: ${code(last.message.slice(0, 300))}` : '- Not recorded.');
  }
  // What the diagnoser or adapter said when it failed or had nothing: the user must learn why.
  let failureMessage: string | null = null;
  for (const event of input.history) {
    if (event.phase === 'PAUSE') failureMessage = event.message;
    // Without words of its own, the event repeats the failure being handled: nothing new to say.
    if (!isHookFailure(event) || !event.message || event.message === failureMessage) continue;
    lines.push(`- ${event.phase} (iteration ${event.iteration}, ${event.reason}): ${code(event.message.slice(0, 500))}`);
  }
  if (input.outputTail) lines.push('', 'Output tail:', '', fence(input.outputTail));
  return lines;
}
