import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A write into an opened output that failed (issue 30, the ninth capture's harmful misses): the
 * room behind the file ran out (RESOURCE_EXHAUSTION), where a destination that refused the open
 * is the request as given (ERROR_RESPONSE). Also the passphrase its own rules refuse
 * (AUTH_REQUIRED).
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['an error while writing the output file', fail('error while writing output file\n'), 'RESOURCE_EXHAUSTION'],
  ['an output file that could not be written after it was opened', fail("** Processing: big.png\nOutput file: out/big.png\nError: Can't write the output file\n\n** Status report\n1 error(s) have been encountered.\n"), 'RESOURCE_EXHAUSTION'],
  ['an output writer that answered an I/O error', fail("Saving file 'out/big.webp'\nError! Cannot encode picture as WebP\nError code: 8 (BAD_WRITE: Picture writer returned an I/O error)\n"), 'RESOURCE_EXHAUSTION'],
  ['writing to the output file failed, in other words', fail('codegen: error writing to output file gen/parser.c\n'), 'RESOURCE_EXHAUSTION'],
  ['a passphrase below its length requirements', fail('Error: passphrase chosen is below the length requirements of the USM (min=8).\nsnmpget:  (The supplied password length is too short.)\n'), 'AUTH_REQUIRED'],
  ['a password that is too short', fail('keytool error: java.lang.Exception: Key password is too short - must be at least 6 characters\n'), 'AUTH_REQUIRED'],
];

describe('a write into an opened output that failed, a password its rules refuse', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes: not a full destination', () => {
  test.each([
    ['an output file that does not open', "Cannot open output file 'out/keywords.h'\n"],
    ['an open that failed under a write wrapper', 'age: error: failed to write header: open vault/secrets.env.age: no such file or directory\n'],
    ['a destination a tool cannot write to (a directory missing)', 'parallel: Error: Cannot write to --joblog logs/jobs.log.\n'],
    ['a write refused for its permission', "error writing output file 'out/app.css': Permission denied\n"],
    ['a bare write error (a pipe closed)', 'sort: write error\n'],
    ['a read that answered an I/O error', 'reader returned an I/O error while reading input.png\n'],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).not.toBe('RESOURCE_EXHAUSTION');
    expect(generic(fail(stderr)).type).not.toBe('RESOURCE_EXHAUSTION');
  });

  test('a test that names the words is no failed write', () => {
    expect(classify(fail('not ok 4 - reports an error while writing output file\n')).type).not.toBe('RESOURCE_EXHAUSTION');
  });

  test('a password length in a usage text or a test is no credential refused', () => {
    expect(classify(fail('not ok 2 - rejects a password that is too short\n')).type).not.toBe('AUTH_REQUIRED');
    expect(classify({ stdout: 'password too short: 0 accounts\n', stderr: '', exitCode: 0 }).type).not.toBe('AUTH_REQUIRED');
  });
});
