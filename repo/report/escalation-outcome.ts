/**
 * The report of a run that is NOT waiting for a human: recovered, succeeded, flaky, skipped… The
 * escalation report (escalation.ts) asks for a decision, offers `recover decide` commands and
 * says "Human intervention required"; printed for a recovered run that would be false. This one
 * keeps the same facts and history sections but states how the run ended instead.
 */
import type { RunStatus } from '../taxonomy/index.js';
import { decisions, originalFailure, originalType, summarizeAttempts } from './attempts.js';
import { escalationReport, type EscalationReportOptions } from './escalation.js';
import { attemptsSection, originalErrorSection } from './escalation-sections.js';
import { executionsLine, plural } from './counts.js';
import { code, oneLine } from './markdown.js';
import { redactSecrets } from '../redact/text.js';
import { rollbacksSection } from './rollbacks-section.js';
import { testRowsSection } from './failing-tests.js';
import type { RunReportInput } from './types.js';


/** The heading's verdict for each status other than `escalated`: how the run ended, in words. */
function verdict(status: Exclude<RunStatus, 'escalated'>, attempts: number): string {
  const after = `after ${plural(attempts, 'attempt')}`;
  switch (status) {
    case 'succeeded': return attempts <= 1 ? 'succeeded on the first attempt' : `succeeded ${after}`;
    case 'recovered': return `recovered ${after}`;
    case 'flaky': return `passed on an unchanged re-run (flaky) ${after}`;
    case 'skipped': return `skipped by decision ${after}`;
    case 'aborted': return `aborted ${after}`;
    case 'manual': return `handed to a human ${after}`;
    case 'handedOff': return `handed off to a fresh context ${after}`;
    // An attempt interrupted before it reported leaves no history: no count rather than "0 attempts".
    case 'running': return `not finished (running or interrupted)${attempts > 0 ? ` at attempt ${attempts}` : ''}`;
  }
}

/** What the ending means and what, if anything, is left to do. */
function outcomeLines(input: RunReportInput): string[] {
  const asked = decisions(input.history);
  const decided = asked.length > 0 ? ` after a human decision (${asked.map((c) => code(c)).join(', then ')})` : '';
  switch (input.status as Exclude<RunStatus, 'escalated'>) {
    case 'succeeded': return [`- The command passed${decided}; nothing to do.`];
    case 'recovered': return [`- The failure was recovered${decided || ' without a human decision'}; nothing to do.`];
    case 'flaky': return [
      '- It passed when re-run unchanged: likely a race condition or timing dependency.',
      '- The run passed, but the flakiness is worth investigating before it fails a release.',
    ];
    case 'skipped': return ['- This task was skipped; whatever depends on its output may be incomplete.'];
    case 'aborted': return ['- The run was stopped; partial work was kept.'];
    case 'manual': return ['- A human took over; finish the task by hand.'];
    case 'handedOff': return ['- A fresh context took over the task.'];
    case 'running': return [`- Not finished: it is still running or was interrupted. ${code(`recover resume ${input.runId}`)} continues it.`];
  }
}

/** **Escalated**: earlier escalations answered by a human, so the story stays complete. */
function escalatedLine(input: RunReportInput): string | null {
  const escalations = input.history.filter((e) => e.phase === 'ESCALATE');
  if (escalations.length === 0) return null;
  const reasons = [...new Set(escalations.map((e) => e.reason).filter((r) => r !== null))].map((r) => code(r));
  const choices = decisions(input.history);
  return `**Escalated**: ${plural(escalations.length, 'time')}${reasons.length ? ` (${reasons.join(', ')})` : ''}`
    + `${choices.length ? `; decided ${choices.map((c) => code(c)).join(', then ')}` : ''}`;
}

/** `### Recovery Attempts`, without the escalation report's "escalated before…" when it did not. */
function recoveryAttempts(input: RunReportInput): string[] {
  const escalated = input.history.some((e) => e.phase === 'ESCALATE');
  if (escalated || summarizeAttempts(input.history).length > 0) return attemptsSection(input);
  return ['### Recovery Attempts', '', 'None: the run ended before any recovery iteration.'];
}

/**
 * The Markdown report of a run that is not escalated: `## Recovery report: <verdict>` (e.g.
 * "recovered after 2 attempts"), **Task**, **Run**, **Status**, **Failure** (the original type,
 * when one happened), **Executions**, **Escalated** (only when a human was asked earlier), then
 * `### Original Error` and `### Recovery Attempts` when the run failed at all, and `### Outcome`.
 * No options and no call for intervention: nobody is being asked anything.
 * Secrets are redacted unless `options.redact` is `false`.
 */
export function outcomeReport(input: RunReportInput, options: EscalationReportOptions = {}): string {
  if (input.status === 'escalated') throw new Error('outcomeReport: an escalated run gets escalationReport');
  const failed = originalFailure(input.history) !== null || input.classification !== null;
  const type = input.classification?.type ?? originalType(input.history);
  const facts = [
    `**Task**: ${oneLine(input.task) || '(unnamed)'}`,
    `**Run**: ${code(input.runId)}`,
    `**Status**: ${input.status}`,
    type ? `**Failure**: ${type}` : null,
    executionsLine(input),
    escalatedLine(input),
  ].filter((line): line is string => line !== null);
  const lines = [
    `## Recovery report: ${verdict(input.status, input.attempts)}`,
    '',
    // Two trailing spaces: a Markdown line break, so the facts stay one per line when rendered.
    ...facts.map((line, i) => (i < facts.length - 1 ? `${line}  ` : line)),
    '',
    ...(failed ? [...originalErrorSection(input), '', ...recoveryAttempts(input), ''] : []),
    ...rollbacksSection(input.history),
    ...testRowsSection(input.testRows),
    '### Outcome',
    '',
    ...outcomeLines(input),
  ];
  const text = `${lines.join('\n')}\n`;
  return options.redact === false ? text : redactSecrets(text, options.redactPatterns);
}

/**
 * The report that fits the run: the escalation report (UC-AP-004 Exc-1 layout, with the decide
 * commands) while it waits for a human, {@link outcomeReport} once it has ended any other way.
 */
export function runReport(input: RunReportInput, options: EscalationReportOptions = {}): string {
  return input.status === 'escalated' ? escalationReport(input, options) : outcomeReport(input, options);
}
