import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A private key whose data does not decode (issue 30, the thirteenth capture's harmful miss: an
 * encrypted key opened with the wrong passphrase): AUTH_REQUIRED, escalated — never adapted.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

const WRONG_PASSPHRASE =
  'Traceback (most recent call last):\n  File "/work/case/key.py", line 2, in <module>\n    key = load_key(path, password=secret)\n' +
  "lib.exceptions.KeyException: ('Could not deserialize key data. The data may be in an incorrect format, it may be encrypted with an unsupported algorithm, or it may be an unsupported key type (e.g. EC curves with explicit parameters).', [_OpenSSLErrorWithText(code=109052072, lib=13, reason=168, reason_text=b'error:068000A8:asn1 encoding routines::wrong tag')])\n";

describe('a private key that does not decode', () => {
  test.each([
    ["a library's exception carrying cryptography's message", WRONG_PASSPHRASE],
    ['the same in a tool’s error line', 'deploy: error: unable to deserialize private key deploy_rsa\n'],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('AUTH_REQUIRED');
    expect(generic(fail(stderr)).type).toBe('AUTH_REQUIRED');
  });
});

describe('look-alikes: no credential', () => {
  test.each([
    ['a key file that is not a key', 'Traceback (most recent call last):\n  File "/work/case/key.py", line 2, in <module>\nlib.exceptions.KeyException: not a valid RSA private key file\n', 'ERROR_RESPONSE'],
    ['data that does not deserialize, no key', "error: could not deserialize data from cache.bin: unexpected end of input\n"],
  ])('%s', (_, stderr, type?: string) => {
    if (type) expect(classify(fail(stderr)).type).toBe(type);
    expect(classify(fail(stderr)).type).not.toBe('AUTH_REQUIRED');
    expect(generic(fail(stderr)).type).not.toBe('AUTH_REQUIRED');
  });
});
