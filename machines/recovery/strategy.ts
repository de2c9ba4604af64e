/**
 * Seed 002's prompt strategies as the machine applies them without an adapter: the failure types
 * whose next attempt can be told what is still wrong (the hint), the fix that hint stands for
 * (so the repeated-fix guard sees a retry that changes nothing), and the output-size target an
 * EMPTY_OUTPUT or too-long retry is given (`RECOVERY_MAX_CHARS`). Pure: text in, text out.
 */
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * The types retried with their built-in hint when no adapter is given: seed 002's prompt
 * modifiers (TIMEOUT is transient and already retries with its hint; DIFF_PARSE_ERROR has no
 * strategy in the seed, so it stays the flake probe's and the adapter's).
 */
export const STRATEGY_TYPES: ReadonlySet<FailureType> = new Set<FailureType>(['MISSING_SECTIONS', 'EMPTY_OUTPUT', 'FORMAT_VALIDATION']);

/**
 * The fix a built-in hint stands for in history and in the repeated-fix check: a hint that names
 * the same missing sections again is the same fix, and stops the run as a repeated one.
 */
export function strategyFix(hint: string): string {
  return `retry with hint: ${hint}`;
}

/** The marker that carries an attempt's output-size target in its hint and validation messages. */
const MAX_CHARS_MARK = /RECOVERY_MAX_CHARS=(\d+)/;

/** `RECOVERY_MAX_CHARS=N`, as a hint or a validation message says it. */
export function maxCharsMark(chars: number): string {
  return `RECOVERY_MAX_CHARS=${chars}`;
}

/** The output-size target a text (a hint, a validation message) carries, or null. */
export function maxCharsOf(text: string | null | undefined): number | null {
  const match = text ? MAX_CHARS_MARK.exec(text) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The next attempt's target after an empty or too-long output (seed 002's "reduce max chars";
 * the seed gives no factor): three quarters of the last one, rounded down, at least 1.
 */
export function reducedMaxChars(chars: number): number {
  return Math.max(1, Math.floor(chars * 0.75));
}

/** The sentence a hint adds when the failed attempt had a size target: the reduced one. */
export function maxCharsSentence(validationErrors: readonly string[]): string {
  for (const message of validationErrors) {
    const given = maxCharsOf(message);
    if (given !== null) {
      const next = reducedMaxChars(given);
      return ` Keep it within ${next} characters (${maxCharsMark(next)}).`;
    }
  }
  return '';
}

/**
 * FORMAT_VALIDATION's hint: exactly what failed (the validation messages, without their size
 * markers), and the reduced size target when one applied.
 */
export function validationHint(validationErrors: readonly string[]): string {
  const problems = validationErrors.map((m) => m.replace(/\s*\(RECOVERY_MAX_CHARS=\d+\)/, '').trim()).filter(Boolean);
  const what = problems.length ? `: ${problems.join('; ')}` : '';
  return `Your output failed validation${what}. Fix exactly that.${maxCharsSentence(validationErrors)}`;
}
