/**
 * The escalation report (UC-AP-004 Exc-1): what a human reads when the protocol stops and asks.
 * Markdown, for a terminal, an issue comment or `$GITHUB_STEP_SUMMARY`.
 */
import { failingTestsSection, testRowsSection } from './failing-tests.js';
import { originalType } from './attempts.js';
import {
  attemptsSection, currentStateSection, heading, originalErrorSection, preamble, STOP_NOTES,
} from './escalation-sections.js';
import { executionCounts, executionsLine } from './counts.js';
import { code, oneLine } from './markdown.js';
import { optionsSection } from './options.js';
import { recommendationsFor } from './recommendations.js';
import { redactSecrets, type RedactPatterns } from '../redact/text.js';
import { rollbacksSection } from './rollbacks-section.js';
import type { RunReportInput } from './types.js';
import type { DecisionName } from '../policy/types.js';

/** Options of {@link escalationReport}. */
export interface EscalationReportOptions {
  /** Redact secrets in the finished report. Default `true`. */
  redact?: boolean;
  /** Extra secret patterns (see `redactSecrets`). Default none. */
  redactPatterns?: RedactPatterns;
}

/**
 * `**Recovery iterations**: 3 of 3 (max reached)`: the budget's count (since a fresh start, if a
 * human chose one) and why the run stopped.
 */
function iterationsLine(input: RunReportInput): string {
  const note = input.reason ? STOP_NOTES[input.reason] : null;
  const since = executionCounts(input).freshStarts > 0 ? 'since the fresh start' : null;
  const notes = [since, note].filter((part): part is string => part !== null);
  const count = input.budget === 0 ? 'none allowed' : `${input.iterations} of ${input.budget}`;
  return `**Recovery iterations**: ${count}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

// After a security violation, stopping comes first and a plain retry would only hit the wall again.
const SECURITY_ORDER = ['abort', 'manual', 'rollback', 'retry-with', 'skip', 'retry-fresh'] as const satisfies readonly DecisionName[];
function defaultOptions(reason: RunReportInput['reason']): readonly string[] | undefined {
  return reason === 'critical_security_violation' ? SECURITY_ORDER : undefined;
}

function failureLine(input: RunReportInput): string | null {
  const c = input.classification;
  if (!c) return null;
  return `**Failure**: ${c.type} (${c.category}, severity ${c.severity}, confidence ${c.confidence.toFixed(2)})`;
}

/**
 * The escalation report of one run, in Markdown:
 * a heading by reason (`## Recovery Escalation Required`, `## Infinite Loop Detected` with the
 * repeated fixes, `## Critical Security Violation`), **Task**, **Run**, **Status**, **Failure**,
 * **Executions** (the original run, flake probe and recovery iterations, adding up), **Recovery
 * iterations** (of the budget, and why it stopped), then `### Original Error` (fenced),
 * `### Recovery Attempts` (**Iteration k**: fix, result, hypothesis), `### Current State`,
 * `### Recommendation` and `### Options` with the exact `recover decide` commands (default: all
 * six choices; after a critical security violation `abort` comes first).
 *
 * Recorded text is fenced with a fence longer than any backtick run inside it, or shown in code
 * spans, so a message cannot break the layout. Secrets are redacted unless `options.redact` is
 * `false`.
 */
export function escalationReport(input: RunReportInput, options: EscalationReportOptions = {}): string {
  const type = input.classification?.type ?? originalType(input.history);
  const intro = preamble(input.reason, input.history);
  const facts = [
    `**Task**: ${oneLine(input.task) || '(unnamed)'}`,
    `**Run**: ${code(input.runId)}`,
    `**Status**: ${input.status}${input.reason ? ` (reason ${code(input.reason)})` : ''}`,
    failureLine(input),
    executionsLine(input),
    iterationsLine(input),
  ].filter((line): line is string => line !== null);
  const lines = [
    heading(input.reason),
    '',
    ...(intro.length > 0 ? [...intro, ''] : []),
    // Two trailing spaces: a Markdown line break, so the facts stay one per line when rendered.
    ...facts.map((line, i) => (i < facts.length - 1 ? `${line}  ` : line)),
    '',
    ...originalErrorSection(input),
    '',
    ...attemptsSection(input),
    '',
    ...rollbacksSection(input.history),
    ...failingTestsSection(input.tests),
    ...testRowsSection(input.testRows),
    ...currentStateSection(input),
    '',
    '### Recommendation',
    '',
    ...recommendationsFor(input.reason, type).map((line) => `- ${line}`),
    '',
    '**Human intervention required.**',
    '',
    ...optionsSection(input.runId, input.decisionOptions ?? defaultOptions(input.reason)),
  ];
  const text = `${lines.join('\n')}\n`;
  return options.redact === false ? text : redactSecrets(text, options.redactPatterns);
}
