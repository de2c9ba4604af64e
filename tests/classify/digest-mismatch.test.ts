import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { DIGEST_NAMES } from '../../src/classify/lexicon/digest-mismatch.js';

/**
 * A digest named by its algorithm that does not match (lexicon/digest-mismatch.ts, issue 30's
 * sixteenth capture): the stored bytes changed, DATA_CORRUPTION, whatever tool printed it. The
 * whole classifier and the generic one agree; look-alikes carry the words without the failure.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

describe('a digest that does not match, by its algorithm', () => {
  test.each([
    ['a decoder whose CRC32 trailer differs', fail('frame.b64: CRC32 mismatch: computed 0d4a1185, trailer says 00000000\n')],
    ['a download whose sha256 differs, expected then got', fail('release.tar: sha256 mismatch: expected a3f5c0d9e2b1478c, got ffc309af6c96c42e\n')],
    ['an MD5 that does not match, on stdout of a failed check', fail('', 'backup-0412.tar: MD5 does not match the manifest\n')],
    ['a SHA-512 digest mismatch', fail('verify: SHA-512 digest mismatch for layer 3\n')],
    ["a blake3 that doesn't match", fail("store: object 9f2c: blake3 doesn't match its name\n")],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('DATA_CORRUPTION');
    expect(generic(observation).type).toBe('DATA_CORRUPTION');
  });

  test.each(DIGEST_NAMES.map((name) => [name]))('%s mismatch', (name) => {
    expect(generic(fail(`pkg.tar: ${name.toUpperCase()} mismatch\n`)).type).toBe('DATA_CORRUPTION');
  });
});

describe('look-alikes: the words without a digest that failed', () => {
  const rules = (o: Observation): string[] => classify(o).evidence.map((e) => e.rule);
  test.each([
    ['a failing test named after the mismatch', fail('not ok 3 - reports a sha256 mismatch as corruption\n# expected: DATA_CORRUPTION\n')],
    ['an option that ignores the mismatch, in a help text', { stdout: '  --ignore-sha256-mismatch   accept a download whose digest differs\n', stderr: '', exitCode: 0 }],
    ['a successful run that mentions the check', { stdout: 'checked 12 files: no sha256 mismatch\n', stderr: '', exitCode: 0 }],
    ['the algorithm named with another failure', fail('sign: sha256 key not found in keyring\n')],
  ])('%s', (_, observation) => {
    expect(rules(observation)).not.toContain('lexicon.digest-mismatch');
  });
});
