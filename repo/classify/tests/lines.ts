/**
 * What the per-runner readers share: a reader is a table of line patterns, each with what it
 * does to the state, so adding a runner's line is one row, not a new branch in a loop.
 */
import { cleanTerminalText } from '../terminal-text.js';
import type { FailedTest } from './types.js';

/** One row of a reader's table: the first row whose pattern matches a line handles it. */
export interface LineRule<S> {
  pattern: RegExp;
  on: (match: RegExpExecArray, state: S, line: string) => void;
}

/** Feed every line to the first matching rule of `rules`; lines no rule matches go to `otherwise`. */
export function readLines<S>(lines: readonly string[], rules: readonly LineRule<S>[], state: S, otherwise?: (line: string, state: S) => void): S {
  for (const line of lines) {
    let handled = false;
    for (const rule of rules) {
      const match = rule.pattern.exec(line);
      if (!match) continue;
      rule.on(match, state, line);
      handled = true;
      break;
    }
    if (!handled) otherwise?.(line, state);
  }
  return state;
}

/** The number before `word` in a summary like `2 failed | 3 passed`, or undefined. */
export function countOf(text: string, word: string): number | undefined {
  const match = new RegExp(`(\\d+) ${word}`).exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * The first stack frame that points into the project (not node internals or node_modules), as
 * `file:line:col`, from a line like `at fn (file:///x/a.test.js:4:29)` or `at /x/a.js:4:29`.
 */
export function frameLocation(line: string): string | undefined {
  const match = /^\s*at (?:.*? \()?(?:file:\/\/)?([^()\s]+?:\d+:\d+)\)?\s*$/.exec(line);
  if (!match) return undefined;
  const where = match[1]!;
  return where.startsWith('node:') || where.includes('node_modules/') || where.startsWith('internal/') ? undefined : where;
}

/** The failures, each name once (a runner that repeats its failures in a summary is read once). */
export function unique(failures: readonly FailedTest[]): FailedTest[] {
  const byName = new Map<string, FailedTest>();
  for (const failure of failures) {
    const known = byName.get(failure.name);
    if (!known) byName.set(failure.name, failure);
    else byName.set(failure.name, { ...failure, ...known, message: known.message ?? failure.message, location: known.location ?? failure.location });
  }
  return [...byName.values()];
}

/** A `FailedTest` without the fields that were not found (exactOptionalPropertyTypes-friendly). */
export function failedTest(name: string, message?: string, location?: string): FailedTest {
  return { name, ...(message ? { message } : {}), ...(location ? { location } : {}) };
}

/** The first non-empty line of a report's message, trimmed, without terminal codes (jest and Playwright keep them). */
export function firstLineOf(text: string): string | undefined {
  return cleanTerminalText(text).split('\n').find((line) => line.trim() !== '')?.trim();
}
