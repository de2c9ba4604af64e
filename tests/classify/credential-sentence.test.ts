import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A credential refused in a sentence of the tool's own (issue 30, the tenth capture's harmful
 * misses): AUTH_REQUIRED, escalated — never adapted.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 2 });

describe('a credential refused in the tool’s own sentence', () => {
  test.each([
    ['a passphrase named, then where it came from, then the verdict', 'passphrase supplied in BORG_PASSPHRASE, by BORG_PASSCOMMAND or via BORG_PASSPHRASE_FD is incorrect.\n'],
    ['a password that was wrong', 'The password you gave for user ci was wrong.\n'],
    ["a program's access list refusing the user", 'You do not have permission to use at.\n'],
    ['the same, contracted', "You don't have permission to run crontab.\n"],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('AUTH_REQUIRED');
    expect(generic(fail(stderr)).type).toBe('AUTH_REQUIRED');
  });
});

describe('look-alikes: no credential', () => {
  test.each([
    ['a value that is incorrect, no secret named', "error: the checksum in line 3 is incorrect\n"],
    ['a password on another line than the verdict', 'reading password from PASSWORD_FILE\nerror: the date format is incorrect\n'],
    ["a file's permission denied", 'flock: cannot open lock file /var/lock/deploy.lock: Permission denied\n'],
    ['a test named for the words', 'not ok 2 - says when the passphrase is incorrect\n'],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).not.toBe('AUTH_REQUIRED');
    expect(generic(fail(stderr)).type).not.toBe('AUTH_REQUIRED');
  });
});
