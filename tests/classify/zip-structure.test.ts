import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A zip reader's words for an archive whose structure does not hold (issue 30, the nineteenth
 * capture): the archive read is the named subject (FIRST-SIGHT.md, session 17's step 1), so
 * ERROR_RESPONSE whatever uncaught exception carried it — not the crash of the program.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });
/** A Node.js uncaught exception around `message`, as the nineteenth capture printed it. */
const thrown = (message: string): Observation =>
  fail(
    `/usr/lib/node_modules/lib/entries.js:167\n                throw new Error(msg);\n                      ^\n\nError: ${message}\n` +
      '    at Entries.readEnd (/usr/lib/node_modules/lib/entries.js:167:23)\n    at async /work/case/main.js:4:15\n\nNode.js v20.20.2\n',
  );

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['no end of central directory', thrown("Can't find end of central directory : is this a zip file ? If it is, see https://example.org/howto"), 'ERROR_RESPONSE'],
  ['a corrupted zip cut short', thrown("Corrupted zip: can't find end of central directory"), 'ERROR_RESPONSE'],
  ['a member compressed by a method the reader lacks', thrown('Corrupted zip : compression \\x0C\\x00 unknown (inner file : app/numbers.txt)'), 'ERROR_RESPONSE'],
  ['an encrypted archive', thrown('Encrypted zip are not supported'), 'ERROR_RESPONSE'],
  ['no END header', thrown('ADM-ZIP: Invalid or unsupported zip format. No END header found'), 'ERROR_RESPONSE'],
  ['the same words from a CLI', fail('unpack: release.zip: end of central directory record not found\n'), 'ERROR_RESPONSE'],
];

describe('a zip archive whose structure does not hold', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test('a defect of the program that merely runs near a zip reader stays a crash', () => {
    expect(classify(thrown("Cannot read properties of undefined (reading 'centralDirectory')")).type).toBe('CLI_CRASH');
  });

  test('a source file named after the words is still a build that does not compile', () => {
    expect(classify(fail("src/encrypted-zip.ts(3,1): error TS1005: ';' expected.\n")).type).toBe('BROKEN_BUILD');
  });

  test("a test's report naming the words is no refusal", () => {
    expect(classify(fail('not ok 3 - rejects an encrypted zip\n')).type).not.toBe('ERROR_RESPONSE');
  });
});
