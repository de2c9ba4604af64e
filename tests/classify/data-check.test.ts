import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A data checker's findings (issue 30, the eleventh capture): rows, records and fields that do not
 * fit the shape a table or record file declares are FORMAT_VALIDATION, above the broken build a
 * `file:line: error:` position says and the failed condition a bare `check failed` says.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a row with fewer fields than the rows before it', fail('line 2 (3 fields):\n  north\t1200\t4\nline 3 (2 fields):\n  south\t900\ncheck: check failed: line 3 has 2 fields (previous line had 3)\n'), 'FORMAT_VALIDATION'],
  ['an input with fewer lines than asked for', fail('check: check failed: input had 3 lines (expecting 10)\n'), 'FORMAT_VALIDATION'],
  ['a validation of the columns that failed', fail('tablecheck: validation failed: 4 rows have 7 columns, expected 6\n'), 'FORMAT_VALIDATION'],
  ['a mandatory field missing from a record', fail("contacts.rec:11: error: mandatory field 'Email' not found in record\n"), 'FORMAT_VALIDATION'],
  ['a key value repeated in a record file', fail("contacts.rec:6: error: duplicated key value in field 'Id' in record\ncontacts.rec:10: error: duplicated key value in field 'Id' in record\n"), 'FORMAT_VALIDATION'],
];

describe("a data checker's findings are the data's validation", () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test.each([
    ['a ragged row refused by an operation that is no check', fail('datamash: transpose input error: line 2 has 2 fields (previous lines had 3);\nsee --help to disable strict mode\n'), 'ERROR_RESPONSE'],
    ["a task's own health check", fail('jq: error (at <stdin>:1): health check failed: status degraded\n'), 'VERIFICATION_FAILED'],
    ['a unique key a database refused', fail('ERROR:  duplicate key value violates unique constraint "users_email_key"\nDETAIL:  Key (email)=(a@example.test) already exists in record set.\n'), 'ERROR_RESPONSE'],
    ['a grammar file that does not parse', fail('parser.y:12.5-9: error: syntax error, unexpected identifier\n'), 'BROKEN_BUILD'],
  ])('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
  });

  test('a test whose name says the words is a failed test', () => {
    const report = { stdout: 'not ok 2 - check failed when a row has 2 fields\n# Failed test\n1..2\n', stderr: '', exitCode: 1 };
    expect(classify(report).type).not.toBe('FORMAT_VALIDATION');
  });
});
