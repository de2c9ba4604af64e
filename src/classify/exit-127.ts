import { RULE_PRIORITY, tierOf } from './priority.js';
import type { Candidate } from './rule.js';

/**
 * Exit code 127 from a program that ran (issue 30, the sixteenth capture's `halt(127)`): 127 is the
 * shell's "command not found" (POSIX), so `exit-code.not-found` reads it as CLI_NOT_FOUND at the
 * fatal tier. But a program may end with 127 itself, after printing the report of an exception
 * nothing caught: the runtime that printed that report was found and ran, so 127 is not the shell's
 * word here, and the cause the report prints (a refused connection, a full disk, a missing file, the
 * crash itself) decides instead.
 *
 * Only then: a missing command's own words (any CLI_NOT_FOUND reading of the text — `command not
 * found`, `sh: 1: … not found`, `executable file not found`, a wrapper's `status 127`) keep the
 * exit code's reading whatever else was printed, and without an uncaught-exception report 127 stays
 * CLI_NOT_FOUND (a report is a runtime's, never a shell's).
 */

/** The exit code rule this yields. */
export const EXIT_127_RULE = 'exit-code.not-found';

/** Rules that read a runtime's report of an exception nothing caught (lexicon/runtime-crash.ts). */
const PROGRAM_RAN_RULES: ReadonlySet<string> = new Set(['lexicon.runtime-uncaught-report', 'lexicon.runtime-uncaught-report-stdout']);

/**
 * Lowers the exit code 127's candidate to the weak tier (kept as evidence, no longer deciding) when
 * the text carries a runtime's uncaught-exception report and no missing command's own words.
 * Changes `candidates` in place; does nothing otherwise.
 */
export function exit127OfProgramThatRan(candidates: Candidate[]): void {
  let exit = -1;
  let ran = false;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    if (c.rule === EXIT_127_RULE) exit = i;
    else if (c.type === 'CLI_NOT_FOUND') return; // a missing command's own words
    else if (PROGRAM_RAN_RULES.has(c.rule)) ran = true;
  }
  if (exit < 0 || !ran) return;
  const c = candidates[exit]!;
  candidates[exit] = { ...c, priority: RULE_PRIORITY.weak, tier: tierOf(RULE_PRIORITY.weak) };
}
