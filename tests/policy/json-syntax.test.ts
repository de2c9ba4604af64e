/**
 * JSON syntax errors located (issue #32 item 7): the scanner agrees with `JSON.parse` on what is
 * valid, and names the line, the column and what was expected for the mistakes people make in a
 * config file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caretExcerpt, findJsonSyntaxError, lineColumn, parseJsonText } from '../../src/policy/json-syntax.js';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('findJsonSyntaxError: the mistakes people make, where they are', () => {
  it.each([
    ['{"budget": 3,}', 1, 13, "a trailing comma is not allowed in JSON (before the })"],
    ['[1, 2,\n]', 1, 6, 'a trailing comma is not allowed in JSON (before the ])'],
    ['{\n  "budget": 3\n  "maxDelayMs": 20\n}', 3, 3, `expected ',' or '}', found '"maxDelayMs"' (is a ',' missing at the end of line 2?)`],
    ['{"a": 1 "b": 2}', 1, 9, `expected ',' or '}', found '"b"'`],
    ["{'budget': 3}", 1, 2, 'property names need double quotes in JSON'],
    ['{"x": \'y\'}', 1, 7, 'strings need double quotes in JSON'],
    ['{budget: 3}', 1, 2, "expected a property name in double quotes, found 'budget'"],
    ['{"a" 1}', 1, 6, "expected ':' after the property name, found '1'"],
    ['{\n  // retries\n  "budget": 3\n}', 2, 3, 'comments are not allowed in JSON'],
    ['{"flakeProbe": True}', 1, 16, "expected a value, found 'True'"],
    ['{"a": 01}', 1, 7, "not a JSON number: '01'"],
    ['{"a": -}', 1, 7, "not a JSON number: '-'"],
    ['{"a": "one\ntwo"}', 1, 11, 'the string opened at column 7 is not closed on its line'],
    ['{"a": "\\q"}', 1, 8, "'\\q' is not an escape JSON knows"],
    ['{"a": "\\u12"}', 1, 8, '\\u must be followed by four hex digits'],
    ['{\n  "a": [1, 2\n', 3, 1, 'the file ends inside the array opened at line 2, column 8 (a closing ] is missing)'],
    ['{"a": 1', 1, 8, 'the file ends inside the object opened at line 1, column 1 (a closing } is missing)'],
    ['{"a": "x', 1, 9, 'the file ends inside a string (a closing " is missing)'],
    ['', 1, 1, 'expected a value, found the end of the file'],
    ['{} {}', 1, 4, "unexpected '{' after the end of the JSON value"],
    ['\uFEFF{}', 1, 1, "expected a value, found '\uFEFF'"],
    ['\r\n\r\n{,}', 3, 2, "expected a property name in double quotes, found ','"],
  ])('%j', (text, line, column, message) => {
    expect(parses(text)).toBe(false);
    expect(findJsonSyntaxError(text)).toEqual({ message, offset: expect.any(Number), line, column });
  });

  it('finds nothing wrong in valid JSON, however deep', () => {
    expect(findJsonSyntaxError('{"a": [1, -2.5e+3, true, false, null, "\\u00e9\\n", {}, []]}')).toBeNull();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(findJsonSyntaxError(deep)).toBeNull();
    expect(findJsonSyntaxError('['.repeat(100_000))?.message).toMatch(/^the file ends inside the array/);
  });
});

describe('agreement with JSON.parse (properties)', () => {
  const RUNS = { numRuns: 1000 };
  it('any value JSON.stringify writes, pretty or not, is valid', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (value, indent) => findJsonSyntaxError(JSON.stringify(value, null, indent)) === null), RUNS);
  });

  it('any text: an error is found exactly when JSON.parse throws', () => {
    // Texts built from JSON's own pieces, cut and spliced, hit the near-misses random strings would not.
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '"a"', '1', '-', '0', '.5', 'e3', 'true', 'nul', ' ', '\n', '\t', '\\', '\\u00', 'x', "'", '/', '\u2028');
    const text = fc.oneof(fc.array(piece, { maxLength: 20 }).map((parts) => parts.join('')), fc.string(), fc.jsonValue().chain((v) => {
      const json = JSON.stringify(v) ?? '';
      return fc.tuple(fc.nat({ max: json.length }), fc.nat({ max: json.length }), fc.string({ maxLength: 3 })).map(([a, b, insert]) => json.slice(0, Math.min(a, b)) + insert + json.slice(Math.max(a, b)));
    }));
    fc.assert(fc.property(text, (t) => (findJsonSyntaxError(t) === null) === parses(t)), RUNS);
  });

  it('the problem lies within the text and its line and column match its offset', () => {
    fc.assert(fc.property(fc.string(), (t) => {
      const problem = findJsonSyntaxError(t);
      if (problem === null) return true;
      return problem.offset >= 0 && problem.offset <= t.length && lineColumn(t, problem.offset).line === problem.line;
    }), RUNS);
  });
});

describe('parseJsonText and the caret', () => {
  it('parses valid JSON as JSON.parse does', () => {
    expect(parseJsonText('{"a": [1]}')).toEqual({ a: [1] });
  });

  it('throws a SyntaxError naming line and column, with the line and a caret under the spot', () => {
    const text = '{\n  "budget": 3\n  "maxDelayMs": 20\n}\n';
    expect(() => parseJsonText(text)).toThrow(SyntaxError);
    expect(() => parseJsonText(text)).toThrow(`expected ',' or '}', found '"maxDelayMs"' (is a ',' missing at the end of line 2?) at line 3, column 3:\n\n  "maxDelayMs": 20\n  ^\n`);
  });

  it('keeps tabs before the caret and cuts a long line to a window around the spot', () => {
    expect(caretExcerpt('\t\t"a": x', 1, 8)).toBe('\t\t"a": x\n\t\t     ^');
    const long = `{${'"k": 1, '.repeat(200)}"z" 2}`;
    const where = findJsonSyntaxError(long)!;
    const [shown, caret] = caretExcerpt(long, where.line, where.column).split('\n');
    expect(shown!.length).toBeLessThanOrEqual(82);
    expect(shown!.startsWith('…')).toBe(true);
    expect(shown![caret!.length - 1]).toBe('2');
  });
});
