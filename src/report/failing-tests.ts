/**
 * The failing tests of an observation as a bounded list, for the escalation report (Markdown)
 * and the adapter's prompt (plain text): name, file:line and the error's first line, so a
 * person or an agent starts from the test rather than from an output tail.
 */
import type { Observation } from '../classify/types.js';
import { code, oneLine } from './markdown.js';

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
  const failures = tests.failures?.length ? tests.failures : tests.failing.map((name) => ({ name, message: undefined, location: undefined }));
  const part = (text: string) => (style === 'markdown' ? code(bound(text)) : bound(text));
  const lines = failures.slice(0, max).map((f) =>
    `${part(f.name)}${f.location ? ` at ${part(f.location)}` : ''}${f.message ? `: ${part(f.message)}` : ''}`);
  // The runner's count may exceed what the kept output named (its first failures fell off the tail).
  const unlisted = Math.max(tests.failed, failures.length) - lines.length;
  if (unlisted > 0) lines.push(`… and ${unlisted} more failing test${unlisted === 1 ? '' : 's'}`);
  return lines;
}

/** `### Failing Tests` of the escalation report, with the counts; `[]` when no tests are known. */
export function failingTestsSection(tests: Observation['tests'] | undefined, max = MAX_FAILING_TESTS): string[] {
  const lines = failingTestLines(tests, max, 'markdown');
  if (!tests || lines.length === 0) return [];
  return ['### Failing Tests', '', `${tests.failed} failed, ${tests.passed} passed.`, '', ...lines.map((line) => `- ${line}`), ''];
}
