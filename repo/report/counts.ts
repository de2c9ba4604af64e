/**
 * A run's counts in words that cannot be confused: executions (attempts: every run of the task)
 * are broken down into the original run, the flake probe and the recovery iterations, so
 * "Executions: 5" beside "3 of 3 recovery iterations" adds up for the reader (DESIGN.md:
 * executions = 1 + iterations, plus the probe, which is part of diagnosis and not an iteration).
 */
import { summarizeAttempts } from './attempts.js';
import type { RunReportInput } from './types.js';

/** `n word`, with an `s` unless n is 1. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a run's executions divide up; `iterations` is whatever the original run and probes leave. */
export interface ExecutionCounts {
  executions: number;
  probes: number;
  /** Fresh starts a human chose (`retry-fresh`): a new original run, not a recovery iteration. */
  freshStarts: number;
  iterations: number;
}

/** The executions of a run, from its attempt count and its history (which says which were probes and fresh starts). */
export function executionCounts(input: Pick<RunReportInput, 'attempts' | 'history'>): ExecutionCounts {
  const kinds = summarizeAttempts(input.history).map((a) => a.kind);
  const probes = kinds.filter((k) => k === 'probe').length;
  const freshStarts = kinds.filter((k) => k === 'fresh').length;
  const executions = Math.max(0, input.attempts);
  return { executions, probes, freshStarts, iterations: Math.max(0, executions - 1 - probes - freshStarts) };
}

/**
 * `**Executions**: 5 (the original run, 1 flake probe, 3 recovery iterations)`: every part named,
 * the parts adding up to the total. A run that never executed says so.
 */
export function executionsLine(input: Pick<RunReportInput, 'attempts' | 'history'>): string {
  const { executions, probes, freshStarts, iterations } = executionCounts(input);
  if (executions === 0) return '**Executions**: 0 (the original run has not reported yet)';
  const parts = [
    'the original run',
    ...(probes > 0 ? [plural(probes, 'flake probe')] : []),
    ...(freshStarts > 0 ? [plural(freshStarts, 'fresh start')] : []),
    iterations === 0 ? 'no recovery iteration' : plural(iterations, 'recovery iteration'),
  ];
  return `**Executions**: ${executions} (${parts.join(', ')})`;
}
