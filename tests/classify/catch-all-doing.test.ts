import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { errorDoingHead } from '../../src/classify/catch-all-doing.js';

/**
 * A head that names the error and what the program was doing (`Error setting the x509 trust file:
 * …`) is the program's own error-marked line, as `error:` is (issue 30, the tenth capture): the
 * catch-all reads it ERROR_RESPONSE when no rule read the text.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });
const head = (line: string): boolean => errorDoingHead(line, 0, line.indexOf(':') === -1 ? line.length : line.indexOf(':'));

describe('errorDoingHead', () => {
  test.each([
    ['Error setting the x509 trust file: Error while reading file.', true],
    ['Error reading manifest: unexpected byte', true],
    ['ERROR while loading plugins: x', true],
    ['error during teardown: x', true],
    ['Error handling: strict', false],
    ['Error reporting: on', false],
    ['Error: x', false],
    ['Error 42: x', false],
    ['Errors found: 2', false],
    ['Error king: x', false],
    ['Error re-reading: x', false],
  ] as const)('%s → %s', (line, expected) => {
    expect(head(line)).toBe(expected);
  });

  test('a head that does not start with the word error is never one', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      fc.pre(!s.toLowerCase().startsWith('error '));
      return !errorDoingHead(s, 0, s.length);
    }));
  });
});

describe('the catch-all reads an error-doing head', () => {
  test.each([
    ['a trust file that could not be set', 'Error setting the x509 trust file: Error while reading file.\n'],
    ['a manifest that could not be read', 'Error reading manifest: the archive ended early\n'],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('ERROR_RESPONSE');
    expect(generic(fail(stderr)).type).toBe('ERROR_RESPONSE');
  });

  test.each([
    ['a settings listing of a failed process', 'Error handling: strict\nRetries: 3\n'],
    ['an error-doing sentence without a head', 'Error while reading file\n'],
  ])('look-alike: %s is not marked', (_, stderr) => {
    expect(classify(fail(stderr)).type).not.toBe('ERROR_RESPONSE');
  });

  test('a process that succeeded is never read by the catch-all', () => {
    expect(classify({ stdout: '', stderr: 'Error reading cache: rebuilt it\n', exitCode: 0 }).type).not.toBe('ERROR_RESPONSE');
  });
});
