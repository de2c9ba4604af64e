import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A file the tool could not open or read, said with no cause (issue 30, the eighteenth capture):
 * the request's file was refused (ERROR_RESPONSE), not UNKNOWN; a cause printed beside it wins.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['an output file not opened, on stdout after progress lines', fail('', 'Opening output file downloads/nightly/release.tar.gz\nError opening local file\n'), 'ERROR_RESPONSE'],
  ['an image that did not read', fail('img convert: Read Exception (cut.png).\n'), 'ERROR_RESPONSE'],
];

describe('a file the tool could not open or read', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test('a cause printed beside it wins', () => {
    expect(classify(fail('Error opening output "out/x.png": Error opening file /work/case/out/x.png: No space left on device\n')).type).toBe('RESOURCE_EXHAUSTION');
    expect(classify(fail('Error opening local file\nconnect: Connection refused\n')).type).toBe('NETWORK');
  });

  test("the project's configuration as the subject is a broken build", () => {
    expect(classify(fail('Error opening file config/app.yaml: line 3: mapping values are not allowed here\n')).type).toBe('BROKEN_BUILD');
  });

  test("a test's report naming the words is no refusal", () => {
    expect(classify(fail('not ok 2 - reports error opening local file\n# tests 2\n# fail 1\n')).type).not.toBe('ERROR_RESPONSE');
  });

  test('the words without a failed run are no failure', () => {
    expect(classify({ stdout: 'retrying after error opening local file\n', stderr: '', exitCode: 0 }).type).not.toBe('ERROR_RESPONSE');
  });
});
