/**
 * Which tests failed, read from a command's output as it printed it: the registry of runners
 * picks the reader by what the text looks like. Text only, so it works on any command without
 * configuring a report; machine-readable reports (JUnit XML, TAP files, JSON) are more exact
 * and are the next step (issue #29), noted in each reader.
 */
import { cleanTerminalText } from '../terminal-text.js';
import { goReader } from './go.js';
import { jestReader } from './jest.js';
import { mochaReader } from './mocha.js';
import { nodeSpecReader } from './node-spec.js';
import { nodeTapReader } from './node-tap.js';
import { pytestReader } from './pytest.js';
import type { TestReader, TestRun } from './types.js';
import { vitestReader } from './vitest.js';

/**
 * The readers, most specific first: jest before vitest (both print `FAIL file`), TAP before
 * mocha (a TAP comment could say "2 passing").
 */
export const TEST_READERS: readonly TestReader[] = [jestReader, vitestReader, nodeSpecReader, nodeTapReader, pytestReader, goReader, mochaReader];

/** Most characters read: a runner's summary is at the end, and regular expressions stay cheap. */
export const MAX_TEST_TEXT = 256 * 1024;

/**
 * The test results in `text` (stdout and stderr of one run, as printed; colours and overdraws
 * are cleaned first), or null when no known runner's output is there. Never throws.
 */
export function readTestRun(text: string, readers: readonly TestReader[] = TEST_READERS): TestRun | null {
  const shown = cleanTerminalText(text.length > MAX_TEST_TEXT ? text.slice(text.length - MAX_TEST_TEXT) : text);
  const lines = shown.split(/\r?\n/);
  for (const reader of readers) {
    if (!reader.looksLike(shown)) continue;
    try {
      const run = reader.read(lines);
      if (run) return run;
    } catch {
      // A reader's bug must not fail the run: the output stays as text.
    }
  }
  return null;
}
