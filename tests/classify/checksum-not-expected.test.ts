import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A digest stated beside the one expected (issue 30, the twelfth capture): the stored bytes are not
 * the ones described — DATA_CORRUPTION (halt), not a failed verification step to adapt.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 255 });

describe('a digest other than the expected one is corruption', () => {
  test.each([
    ['a source archive whose digest is not the manifest\'s', fail('unpack: error: file ./app_1.0.tar.xz has checksum 62e71173873b8504e8a8ffbf5d252ebc instead of expected b88cf097ec5f6459fa327d8b5a6cec79 (algorithm md5)\n')],
    ['a download whose digest is stated beside the expected one', fail('fetch: error: assets.bin: sha256 digest 9f86d081 but expected 2c26b46b\n')],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('DATA_CORRUPTION');
    expect(generic(observation).type).toBe('DATA_CORRUPTION');
  });
});

describe('look-alikes', () => {
  test.each([
    ['a value other than expected with no digest', fail('check: error: got 3 rows instead of expected 4\n')],
    ['a digest named on another line than the expectation', fail('sha256 digest computed for release notes\ncheck: error: version 1.2 but expected 1.3\n')],
  ])('%s is not corruption', (_, observation) => {
    expect(classify(observation).type).not.toBe('DATA_CORRUPTION');
  });
});
