/**
 * The failing tests of an observation as a bounded list, for the escalation report (Markdown)
 * and the adapter's prompt (plain text): name, file:line and the error's first line, so a
 * person or an agent starts from the test rather than from an output tail.
 */
import type { FailedTest, Observation } from '../classify/types.js';
import { code, oneLine } from './markdown.js';
import type { TestRow } from './types.js';

/** Tests listed by default; the rest are counted. */
export const MAX_FAILING_TESTS = 20;
/** Characters of one name, location or message. */
const MAX_TEXT = 200;

const bound = (text: string) => {
  const flat = oneLine(text);
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
};

/**
 * One line per failing test (without a list marker), the first `max`, then `… and N more`;
 * names alone when the observation has no details. `[]` when no test results are known.
 * `style`: `markdown` puts each part in code spans (test names and messages hold `*`, `|`, `<`).
 */
export function failingTestLines(tests: Observation['tests'] | undefined, max = MAX_FAILING_TESTS, style: 'text' | 'markdown' = 'text'): string[] {
  if (!tests) return [];
  const failures: FailedTest[] = tests.failures?.length ? tests.failures : tests.failing.map((name) => ({ name }));
  const part = (text: string) => (style === 'markdown' ? code(bound(text)) : bound(text));
  const lines = failures.slice(0, max).map((f) =>
    `${part(f.name)}${f.location ? ` at ${part(f.location)}` : ''}${f.message ? `: ${part(f.message)}` : ''}${attemptsNote(f.failedAttempts)}`);
  // The runner's count may exceed what the kept output named (its first failures fell off the tail).
  const unlisted = Math.max(tests.failed, failures.length) - lines.length;
  if (unlisted > 0) lines.push(`… and ${unlisted} more failing test${unlisted === 1 ? '' : 's'}`);
  if (tests.flaky?.length) lines.push(`flaky (failed, then passed unchanged on the flake probe): ${tests.flaky.slice(0, max).map(part).join(', ')}`);
  if (tests.broken?.length) lines.push(`broken by the last fix (they passed before it): ${tests.broken.slice(0, max).map(part).join(', ')}`);
  return lines;
}

const attemptsNote = (n: number | undefined) => (n !== undefined && n > 1 ? ` (failed in ${n} attempts)` : '');

/**
 * `### Tests` of a run's report: every test that failed in some attempt, with where, its
 * message, in how many attempts it failed, and whether it is flaky; the first `max`, then a
 * count. `[]` when no test failed.
 */
export function testRowsSection(rows: readonly TestRow[] | undefined, max = MAX_FAILING_TESTS): string[] {
  if (!rows?.length) return [];
  const lines = rows.slice(0, max).map((row) => {
    const verdict = row.flaky ? ' — **flaky**: passed unchanged on the flake probe' : row.passesNow ? ' — passes now' : ' — still failing';
    return `- ${code(bound(row.name))}${row.location ? ` at ${code(bound(row.location))}` : ''}${row.message ? `: ${code(bound(row.message))}` : ''}` +
      ` — failed in ${row.failedAttempts} of ${row.ranAttempts} attempt${row.ranAttempts === 1 ? '' : 's'} that ran it${verdict}`;
  });
  if (rows.length > max) lines.push(`- … and ${rows.length - max} more`);
  const flaky = rows.filter((row) => row.flaky).length;
  return ['### Tests', '', `${rows.length} test${rows.length === 1 ? '' : 's'} failed in some attempt${flaky > 0 ? `; ${flaky} flaky` : ''}.`, '', ...lines, ''];
}

/** `### Failing Tests` of the escalation report, with the counts; `[]` when no tests are known. */
export function failingTestsSection(tests: Observation['tests'] | undefined, max = MAX_FAILING_TESTS): string[] {
  const lines = failingTestLines(tests, max, 'markdown');
  if (!tests || lines.length === 0) return [];
  return ['### Failing Tests', '', `${tests.failed} failed, ${tests.passed} passed.`, '', ...lines.map((line) => `- ${line}`), ''];
}
