import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * Two concepts of issue 30's sixteenth-capture session, read generically (no rule names a tool): a
 * program not found in the command search path (lexicon/not-in-path.ts, CLI_NOT_FOUND) and a
 * signature made by another key than the trusted one (lexicon/signer-key.ts, CERTIFICATE_ERROR).
 * The whole classifier and the generic one agree; look-alikes carry the words without the failure.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

describe('rows', () => {
  test.each([
    ['a build rule whose program is in neither the tree nor PATH', 'File "bin/dune", line 2, characters 67-81:\nError: Program git-describe-x not found in the tree or in PATH\n (context: default)\n', 'CLI_NOT_FOUND'],
    ['a deploy script that cannot find a command on PATH', 'deploy: could not find helm on PATH\n', 'CLI_NOT_FOUND'],
    ['a command not found in $PATH', 'run: kubectl: not found in $PATH\n', 'CLI_NOT_FOUND'],
    ['a signature whose key id is not the public key\'s', 'Signature key id in app-1.4.tar.gz.minisig is C5130248C97E24D2\nbut the key id in the public key is 33E5225618D7228C\n', 'CERTIFICATE_ERROR'],
    ['a release signed with a different key', 'verify: release.tar.gz.sig: signed with a different key than the trusted one\n', 'CERTIFICATE_ERROR'],
  ])('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
    expect(generic(fail(stderr)).type).toBe(type);
  });
});

describe('look-alikes', () => {
  const rules = (o: Observation): string[] => classify(o).evidence.map((e) => e.rule);
  test.each([
    ['a file found in a search path (no not-found words)', fail('loaded plugin from search path /usr/lib/app\nerror: plugin refused the input\n'), 'lexicon.not-in-path'],
    ['a help text: what to do when a tool is not on PATH', { stdout: '  --helm PATH   use when helm is not found on PATH\n', stderr: '', exitCode: 0 }, 'lexicon.not-in-path'],
    ['a test report naming the words', fail('not ok 2 - reports a program not found in PATH\n'), 'lexicon.not-in-path'],
    ['a key id named with no signature anywhere', fail('import: the key id in the public key is 33E5225618D7228C; keyring full\n'), 'lexicon.signer-key-differs'],
    ['a test report about another key', fail('not ok 4 - a tarball signed with a different key is refused\n'), 'lexicon.signer-key-differs'],
  ])('%s', (_, observation, rule) => {
    expect(rules(observation)).not.toContain(rule);
  });
});
