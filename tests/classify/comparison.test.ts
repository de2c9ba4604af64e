import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/** Two things compared and found different (issue 30, the seventh capture): VERIFICATION_FAILED. */
const generic = createClassifier({ packs: GENERIC_PACKS });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a byte-wise comparison\'s first difference, on stdout', { stdout: 'out/app.bin ref/app.bin differ: byte 22, line 2\n', stderr: '', exitCode: 1 }, 'VERIFICATION_FAILED'],
  ['the older `char` spelling', { stdout: 'a.txt b.txt differ: char 5, line 1\n', exitCode: 1 }, 'VERIFICATION_FAILED'],
  ['the shorter of two files', { stderr: 'compare: EOF on dist/app.manifest after byte 12, line 1\n', exitCode: 1 }, 'VERIFICATION_FAILED'],
  ['an artifact unlike its reference', { stderr: 'release manifest does not match the reproducible-build reference\n', exitCode: 1 }, 'VERIFICATION_FAILED'],
  ['files that failed a condition', { stdout: '    3 files failed condition\n', exitCode: 2 }, 'VERIFICATION_FAILED'],
];

describe('two things compared and found different', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test('a difference on stdout of a command that succeeded is no failure', () => {
    expect(classify({ stdout: 'a b differ: byte 22, line 2\n', exitCode: 0 }).type).toBe('UNKNOWN');
  });
  test('`EOF on` without a comparison\'s position is not a difference', () => {
    expect(classify({ stderr: 'fatal: EOF on socket while reading the reply\n', exitCode: 1 }).type).not.toBe('VERIFICATION_FAILED');
  });
  test('a signature that does not match is a credential, not a comparison', () => {
    expect(classify({ stderr: 'ERROR: S3 error: 403 (SignatureDoesNotMatch): The request signature we calculated does not match the signature you provided.\n', exitCode: 77 }).type).toBe('AUTH_REQUIRED');
  });
});
