import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A value given to an option refused with no file or peer named (issue 30, the eighteenth
 * capture; FIRST-SIGHT.md, session 17's step 2): ERROR_RESPONSE, adapt the request — not UNKNOWN.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['an option without its argument', fail("tool convert: Option '-resize' requires an argument or argument is malformed.\n"), 'ERROR_RESPONSE'],
  ['an option whose argument is not of its form', fail('resize: argument is malformed: 12x\n'), 'ERROR_RESPONSE'],
  ['a number outside the range the option takes', fail('Speed should be between 1 (slow) and 11 (fast).\n'), 'ERROR_RESPONSE'],
  ['the range said with must', fail('level must be between 0 and 9\n'), 'ERROR_RESPONSE'],
  ['a value that does not parse as its kind', fail('error parsing quality value [12]\n', 'Usage: pack [OPTION]... [FILE]...\n'), 'ERROR_RESPONSE'],
];

describe('a value given to an option refused', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test("a value the program's own code passed, in a traceback, stays the program's crash", () => {
    const traceback = 'Traceback (most recent call last):\n  File "/work/case/main.py", line 3, in <module>\n    zlib.compress(b"x", 12)\n' +
      'ValueError: level must be between 0 and 9\n';
    expect(classify(fail(traceback)).type).toBe('CLI_CRASH');
  });

  test("a test's report naming the words is the test's failure, not a refusal", () => {
    expect(classify(fail('not ok 4 - speed should be between 1 and 11\n# tests 4\n# fail 1\n')).type).not.toBe('ERROR_RESPONSE');
  });

  test('a source file that does not parse is still a broken build', () => {
    expect(classify(fail("src/config.ts(3,7): error TS1005: ',' expected.\nerror parsing value\n")).type).toBe('BROKEN_BUILD');
  });
});
