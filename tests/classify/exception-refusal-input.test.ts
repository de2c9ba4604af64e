/**
 * The refusal an uncaught exception carries, the fourteenth and fifteenth captures' word forms
 * (src/classify/lexicon/exception-refusal.ts): a markup document's or a table's structure refused by
 * its reader, serialized input with more or less than one value, a `…FormatError` class, a file the
 * reader could not recognise or found cut short — ERROR_RESPONSE over the crash that carries it. The
 * program's own defect (`TypeError`, `AttributeError`, `undefined is not a function`) stays CLI_CRASH,
 * and a project file that does not compile stays BROKEN_BUILD. Made-up programs' tracebacks and
 * stacks in each language's real shape, with the generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const py = (frame: string, last: string): string => `Traceback (most recent call last):\n  File "/srv/app/main.py", line 7, in <module>\n    ${frame}\n${last}\n`;
const node = (first: string): string => `${first}\n    at Parser.feed (/srv/app/node_modules/docreader/lib/parser.js:311:17)\n    at Object.<anonymous> (/srv/app/main.mjs:4:9)\n\nNode.js v20.20.2\n`;

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a document whose root tag is not closed', { stderr: node('Error: Unclosed root tag\nLine: 3\nColumn: 0\nChar: '), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-refused'],
  ['a close tag with no open one', { stderr: node('Error: Unexpected close tag\nLine: 1\nColumn: 14\nChar: >'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-refused'],
  ['text before the first tag', { stderr: node('Error: Non-whitespace before first tag.\nLine: 0\nColumn: 1\nChar: h'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-refused'],
  ['an entity name that does not parse', { stderr: node('Error: Invalid character in entity name\nLine: 0\nColumn: 12\nChar: '), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-refused'],
  ['an attribute with no value', { stderr: node('Error: Attribute without value\nLine: 0\nColumn: 18\nChar: >'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-refused'],
  ['a table record of the wrong length', { stderr: node('TableError: Invalid Record Length: columns length is 3, got 4 on line 2'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-record-refused'],
  ['a quote not closed at the table\'s end', { stderr: node('TableError: Quote Not Closed: the parsing is finished with an opening quote at line 5'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-record-refused'],
  ['a quote closed where a delimiter belongs', { stderr: node('TableError: Invalid Closing Quote: got "x" at line 2 instead of delimiter'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-record-refused'],
  ['a record over the reader\'s size', { stderr: node('TableError: Max Record Size: record exceed the maximum number of tolerated bytes of 512 at line 9'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-record-refused'],
  ['serialized input with a value left over', { stderr: py('obj = packer.loads(blob)', 'packer.exceptions.ExtraData: loads(b) received extra data.'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-extent'],
  ['serialized input cut short', { stderr: py('obj = packer.loads(blob)', 'ValueError: Unpack failed: incomplete input'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-extent'],
  ['a class that names the format (bare)', { stderr: py('obj = packer.loads(blob)', 'packer.exceptions.FormatError'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-format-class'],
  ['a number not in its format', { stderr: py("amount = parse_amount(row['total'])", "money.NumberFormatError: '1.2.3x' is not a valid amount"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-format-class'],
  ['an image file the reader cannot identify', { stderr: py("im = imaging.open('logo.png')", "imaging.UnidentifiedImageError: cannot identify image file 'logo.png'"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-file-unrecognised'],
  ['an image file cut short', { stderr: py('im.load()', 'OSError: image file is truncated'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-file-unrecognised'],
  // Look-alikes: the program's own defect, a value truncated by the code, a tag the project's template leaves open.
  ['a TypeError beside a record', { stderr: node("TypeError: Cannot read properties of undefined (reading 'length')"), exitCode: 1 }, 'CLI_CRASH'],
  ['an AttributeError on a parsed document', { stderr: py('root.findall("item")', "AttributeError: 'NoneType' object has no attribute 'findall'"), exitCode: 1 }, 'CLI_CRASH'],
  ['undefined is not a function in a reader', { stderr: node('TypeError: parser.feed is not a function'), exitCode: 1 }, 'CLI_CRASH'],
  ['a string the code truncated, no file named', { stderr: py('check(name)', 'ValueError: name is truncated to 8 characters'), exitCode: 1 }, 'CLI_CRASH'],
  ['a format string the code got wrong (not a …FormatError class)', { stderr: py("print('%d' % name)", 'TypeError: %d format: a real number is required, not str'), exitCode: 1 }, 'CLI_CRASH'],
];

describe('the refusal an uncaught exception carries: structure, extent, format class, unrecognised file', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (rule !== undefined) expect(result.evidence[0]!.rule).toBe(rule);
  });

  test('a test report that names the words is a failed test, not a refusal', () => {
    expect(generic({ stdout: 'FAIL  reader.test.js\n  ✕ rejects "Invalid Record Length" rows\nTests: 1 failed, 3 passed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });
});
