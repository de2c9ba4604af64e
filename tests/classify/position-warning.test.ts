import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A checker's warnings at positions in words (issue 30, the twelfth capture): a failed process
 * whose output is `line N column M - Warning: …` findings failed its quality gate, unless the same
 * output says the document has errors.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['an image without its text alternative', fail('line 5 column 4 - Warning: <img> lacks "alt" attribute\n'), 'QUALITY_GATE_FAIL'],
  ['an element the checker inserted', fail("line 3 column 1 - Warning: inserting missing 'title' element\n"), 'QUALITY_GATE_FAIL'],
  ['several findings on one element', fail("line 5 column 10 - Warning: <a> missing '>' for end of tag\nline 5 column 10 - Warning: missing </a>\n"), 'QUALITY_GATE_FAIL'],
  ['findings printed on stdout by a failing checker', { stdout: 'line 6 column 1 - Warning: <p> anchor "status" already defined\n', stderr: '', exitCode: 2 }, 'QUALITY_GATE_FAIL'],
];

describe("a checker's warnings at positions are its quality gate", () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test.each([
    ['a document that does not parse, under its warnings', fail('line 3 column 1 - Error: unexpected </deploy> in <target>\nline 4 column 1 - Warning: missing </b>\nThis document has errors that must be fixed before\nusing HTML Tidy to generate a tidied up version.\n'), 'QUALITY_GATE_FAIL'],
    ['a warning with no column', fail('make: warning: line 5 - Warning: jobserver unavailable\n'), 'QUALITY_GATE_FAIL'],
    ['a column named in a database refusal', fail('ERROR:  column "emial" does not exist - Warning: check your query\n'), 'QUALITY_GATE_FAIL'],
  ])('%s is not read as a finding', (_, observation, type) => {
    expect(classify(observation).type).not.toBe(type);
  });

  test('the same warnings in a process that succeeded are no failure', () => {
    expect(classify({ stdout: 'line 5 column 4 - Warning: <img> lacks "alt" attribute\n', stderr: '', exitCode: 0 }).type).not.toBe('QUALITY_GATE_FAIL');
  });
});
