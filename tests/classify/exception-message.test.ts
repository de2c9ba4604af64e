/**
 * The refusal an uncaught exception's own message says (src/classify/exception-message.ts; issue 30,
 * session 17's decision on the three-way boundary, step 2): a class named for a refusal
 * (`Invalid…`, `Unknown…`, `Missing…`), or a message that names a value and refuses it (`unknown
 * encoding: x`, `Invalid version: 'x'`, `Tag 'x' is an invalid name.`), is ERROR_RESPONSE over the
 * crash that carries it. Look-alikes stay CLI_CRASH: a defect's class (step 3), a value written in the
 * program's own code the traceback prints, a message that names nothing given, a class named for an
 * operation. Made-up programs' tracebacks and stacks in each language's real shape; table rows run
 * through the whole and the generic classifier, the pure reader with fast-check.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exceptionRefusal, exceptionRefusalIn } from '../../src/classify/exception-message.js';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const py = (frame: string, last: string): string => `Traceback (most recent call last):\n  File "/srv/app/ingest.py", line 12, in <module>\n    ${frame}\n  File "/usr/lib/python3/dist-packages/lib/core.py", line 88, in load\n    raise exc\n${last}\n`;
const node = (first: string): string => `/srv/app/node_modules/lib/index.js:40\n      throw new Error(msg);\n      ^\n\n${first}\n    at parse (/srv/app/node_modules/lib/index.js:40:13)\n    at file:///srv/app/main.mjs:4:20\n\nNode.js v20.20.2\n`;

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a codec name read from the input', { stderr: py('text = codecs.decode(raw, charset)', 'LookupError: unknown encoding: latin-9x'), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a method name a mapping file names', { stderr: py('for m in extract(method, fileobj):', "ValueError: Unknown extraction method 'jinja3'"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a number the text does not show the program wrote (was a look-alike of input-refused.test.ts)', { stderr: py('n = int(value)', "ValueError: invalid literal for int() with base 10: 'abc'"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a number read from a feed', { stderr: py('year = int(s[0:4])', "ValueError: invalid literal for int() with base 10: b'2x26'"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a version string, by class', { stderr: py('v = Version(line)', "packaging.version.InvalidVersion: Invalid version: 'v1.2-final'"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a zone name, by class with the bare value', { stderr: py("tz = pytz.timezone(row['tz'])", "pytz.exceptions.UnknownTimeZoneError: 'Mars/Olympus'"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a message without its separator, by class alone', { stderr: py('msg = email.message_from_file(f, policy=strict)', 'email.errors.MissingHeaderBodySeparatorDefect'), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['an amount that is not a number', { stderr: py("total += Decimal(row['amount'])", "decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a key given as an absolute path', { stderr: py('ZoneInfo(sys.argv[1])', 'ValueError: ZoneInfo keys may not be absolute paths, got: /Europe/Oslo'), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a tag name a document holds, in a library Error', { stderr: node("Error: Tag '2col' is an invalid name.:3:5"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['an attribute a document repeats', { stderr: node("Error: Attribute 'id' is repeated.:7:12"), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['a plugin a configuration names', { stderr: 'Error: Unknown builtin plugin "dropAll" specified.\n    at resolve (/srv/app/node_modules/svgo/lib/svgo.js:55:13)\n', exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  ['an input a date library refuses, by class', { stderr: node('InvalidDateTimeError: Invalid DateTime: unparsable: the input "31.02.2026" can\'t be parsed as ISO 8601'), exitCode: 1 }, 'ERROR_RESPONSE', 'exception-message.refusal'],
  // Look-alikes: the program's own defect (step 3), or a value its own code wrote.
  ['a defect class whose message holds a refusal word', { stderr: py('total = count + label', "TypeError: unsupported operand type(s) for +: 'int' and 'str'"), exitCode: 1 }, 'CLI_CRASH'],
  ['a defect class naming an unknown attribute', { stderr: py('port = cfg.prot', "AttributeError: 'Config' object has no attribute 'prot' (invalid name 'prot')"), exitCode: 1 }, 'CLI_CRASH'],
  ['a literal of the program\'s code, quoted in its line', { stderr: py('n = int("twelve")', "ValueError: invalid literal for int() with base 10: 'twelve'"), exitCode: 1 }, 'CLI_CRASH'],
  ['a codec name the program\'s code wrote', { stderr: py("f = codecs.open('out.txt', 'w', encoding='utf8mb4')", 'LookupError: unknown encoding: utf8mb4'), exitCode: 1 }, 'CLI_CRASH'],
  ['a value inside a literal of the code', { stderr: py("tar = tarfile.open('release.tar.zst', 'r:zst')", "tarfile.CompressionError: unknown compression type 'zst'"), exitCode: 1 }, 'CLI_CRASH'],
  ['an operation the program did, by class', { stderr: py('avg = total / Decimal(0)', "decimal.InvalidOperation: [<class 'decimal.DivisionUndefined'>]"), exitCode: 1 }, 'CLI_CRASH'],
  ['a refusal that names nothing given', { stderr: py("shelf['k'] = v", 'ValueError: invalid operation on closed shelf'), exitCode: 1 }, 'CLI_CRASH'],
  ['a library refusing the program\'s call, naming nothing', { stderr: node('Error: Unknown cipher'), exitCode: 1 }, 'CLI_CRASH'],
];

describe('an exception\'s own message refuses what it was given (session 17, step 2)', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    for (const c of [classify, generic]) {
      const r = c(observation, { now: Date.UTC(2026, 0, 1) });
      expect(r.type).toBe(type);
      if (rule !== undefined) expect(r.evidence[0]?.rule).toBe(rule);
      else expect(r.evidence.some((e) => e.rule === 'exception-message.refusal')).toBe(false);
    }
  });

  test('a more exact reading than the crash is left alone: a build that fails keeps its type', () => {
    const r = generic({ stderr: py('import billing', "ModuleNotFoundError: No module named 'billing'"), exitCode: 1 }, { now: Date.UTC(2026, 0, 1) });
    expect(r.type).toBe('BROKEN_BUILD');
  });
});

describe('exceptionRefusal (the pure reader)', () => {
  test.each([
    ["LookupError: unknown encoding: utf-9", true],
    ["packaging.utils.InvalidSdistFilename: Invalid sdist filename: app.zip", true],
    ['email.errors.MissingHeaderBodySeparatorDefect', true],
    ["AttributeError: 'NoneType' object has no attribute 'text'", false],
    ['Invalidate: cache flushed', false],
    ['ValueError: too many values to unpack (expected 2)', false],
    ['  ValueError: indented, a frame or a listing', false],
    ['Error handling: strict', false],
  ])('%s → %s', (line, refuses) => {
    expect(exceptionRefusal(line) !== null).toBe(refuses);
  });

  test('total: never throws, returns null or the line itself', () => {
    fc.assert(fc.property(fc.string({ maxLength: 500 }), (line) => {
      const r = exceptionRefusal(line);
      return r === null || r === line;
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 200 }), { maxLength: 5 }), (segments) => {
      const r = exceptionRefusalIn(segments);
      return r === null || segments.some((s) => s.split('\n').includes(r));
    }), { numRuns: 1000 });
  });

  test('ends on texts that open with a newline or hold empty lines (it looped forever on a leading newline)', () => {
    expect(exceptionRefusalIn(['\n*** - Lisp stack overflow. RESET\n'])).toBeNull();
    expect(exceptionRefusalIn(['\n\nLookupError: unknown encoding: utf-9'])).toBe('LookupError: unknown encoding: utf-9');
    // fc.string draws no newlines: build the segments from lines, empty ones and leading newlines included.
    const line = fc.constantFrom('', 'LookupError: unknown encoding: utf-9', '  File "app.py", line 3', 'ValueError: bad', 'x');
    const segment = fc.array(line, { maxLength: 6 }).map((lines) => lines.join('\n'));
    fc.assert(fc.property(fc.array(segment, { maxLength: 4 }), (segments) => {
      const r = exceptionRefusalIn(segments);
      return r === null || segments.some((s) => s.split('\n').includes(r));
    }), { numRuns: 2000 });
  });
});
