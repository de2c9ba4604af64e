/**
 * Seed 002's output validator, for a pipeline step and a command under `recover run`: after a
 * zero exit, stdout must not be empty, must hold the expected sections (whole headings), a
 * unified diff when one is expected, and at most `maxChars` characters. What is wrong becomes the
 * failure's validation messages (`Missing section: # Tests`), which the next attempt's hint
 * names; the type is the validator's own verdict, in the seed's order: empty output, missing
 * sections, other validation (too long), no diff.
 */
import type { Observation } from '../classify/types.js';
import type { FailureType } from '../taxonomy/index.js';
import { maxCharsMark } from '../../machines/recovery/strategy.js';

/** Most bytes of stdout kept for the checks (the end of the output): 1 MiB, as a pipeline step keeps. */
export const OUTPUT_CHECK_BYTES = 1024 * 1024;

/** What stdout must look like after a zero exit. Every field optional; none set: no check at all. */
export interface OutputExpectations {
  /** Headings that must each start a line (`# Tests` is not `# Test`). Default: none. */
  sections?: readonly string[];
  /** The output must hold a unified diff (`diff --git`, or `---`/`+++` headers and a `@@` hunk). Default false. */
  diff?: boolean;
  /** At most this many characters (Unicode code points). Default: no limit. */
  maxChars?: number | null;
}

/** What the validator found wrong: the failure's type, a one-line message and every validation message. */
export interface OutputProblem {
  type: Extract<FailureType, 'EMPTY_OUTPUT' | 'MISSING_SECTIONS' | 'FORMAT_VALIDATION' | 'DIFF_PARSE_ERROR'>;
  message: string;
  validationErrors: string[];
}

/** True when `expect` asks for any check (an empty output is only wrong when something is expected). */
export function expectsOutput(expect: OutputExpectations | null | undefined): boolean {
  return !!expect && ((expect.sections?.length ?? 0) > 0 || expect.diff === true || typeof expect.maxChars === 'number');
}

/**
 * The expected sections that no line of `output` starts with. A section matches a line that,
 * after leading spaces, starts with it and does not continue the same word (`# Test` is not
 * `# Tests`); `- Findings:` matches `- Findings: none`.
 */
export function missingSections(output: string, expected: readonly string[]): string[] {
  const lines = output.split(/\r?\n/).map((line) => line.trimStart());
  return expected.filter((section) => {
    const wanted = section.trim();
    return !lines.some((line) => line.startsWith(wanted) && (line.length === wanted.length || !/\w/.test(line[wanted.length]!) || !/\w/.test(wanted.at(-1)!)));
  });
}

/** The validation messages the classifier and the hints read for MISSING_SECTIONS (`Missing section: # Tests`). */
export function sectionErrors(missing: readonly string[]): string[] {
  return missing.map((section) => `Missing section: ${section}`);
}

/** A unified diff: `diff --git` (the seed's test), or file headers `--- `/`+++ ` with a `@@ -n` hunk. */
export function hasDiff(output: string): boolean {
  return /^diff --git /m.test(output) || (/^--- \S/m.test(output) && /^\+\+\+ \S/m.test(output) && /^@@ -\d/m.test(output));
}

/** Characters as a person counts them (code points, not UTF-16 units). */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * What is wrong with `stdout`, or null. `chars` is the output's size in characters (pass more
 * than `charCount(stdout)` when only a tail was kept); `target` is the size this attempt was
 * asked for (`RECOVERY_MAX_CHARS`), carried in the messages so the next hint can reduce it.
 */
export function checkOutput(stdout: string, expect: OutputExpectations, chars = charCount(stdout), target: number | null = expect.maxChars ?? null): OutputProblem | null {
  if (!expectsOutput(expect)) return null;
  const mark = target !== null ? ` (${maxCharsMark(target)})` : '';
  if (stdout.trim() === '') {
    return { type: 'EMPTY_OUTPUT', message: 'the command produced no output', validationErrors: [`No output${mark}`] };
  }
  const missing = missingSections(stdout, expect.sections ?? []);
  const tooLong = typeof expect.maxChars === 'number' && chars > expect.maxChars
    ? `Output too long: ${chars} characters, over the limit of ${expect.maxChars}${mark}` : null;
  const noDiff = expect.diff === true && !hasDiff(stdout) ? 'No diff found: expected a unified diff (diff --git …) in the output' : null;
  const validationErrors = [...sectionErrors(missing), ...(tooLong ? [tooLong] : []), ...(noDiff ? [noDiff] : [])];
  if (missing.length) return { type: 'MISSING_SECTIONS', message: `the output is missing ${missing.join(', ')}`, validationErrors };
  if (tooLong) return { type: 'FORMAT_VALIDATION', message: `the output is too long (${chars} characters, limit ${expect.maxChars})`, validationErrors };
  if (noDiff) return { type: 'DIFF_PARSE_ERROR', message: 'no diff found in the output', validationErrors };
  return null;
}

/**
 * The observation of an output that failed its checks: the validator's verdict as a typed error
 * (it knows what is wrong; words the command printed on stderr while succeeding do not decide
 * the type), its message (what history, reports and a step's result say), its validation
 * messages, and what the command printed.
 */
export function outputObservation(problem: OutputProblem, printed: { exitCode: number; stdout: string; stderr: string }): Observation {
  return {
    error: { name: 'OutputCheckError', type: problem.type, message: problem.message },
    message: problem.message,
    validationErrors: problem.validationErrors,
    exitCode: printed.exitCode,
    stdout: printed.stdout,
    stderr: printed.stderr,
  };
}
