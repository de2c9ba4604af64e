/**
 * The catch-all (issue 30, the ninth capture's decision, src/classify/catch-all.ts): a failed
 * process's own error-marked line that no rule read is its refusal, ERROR_RESPONSE, with that line
 * as the evidence; UNKNOWN stays for failures with no such line.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CATCH_ALL_RULE, CATCH_ALL_WINDOW, errorMark, errorMarkedLine } from '../../src/classify/catch-all.js';
import { classify } from '../../src/classify/index.js';
import type { Observation } from '../../src/classify/index.js';

/** Each row: what the shape is, the observation, the line the evidence must name. */
const MARKED: [what: string, observation: Observation, line: string][] = [
  ['an upper-case severity head', { stderr: "ERROR: compression level '9' is reserved\n", stdout: 'Type "flac" for a usage summary\n', exitCode: 1 }, "ERROR: compression level '9' is reserved"],
  ['a program prefix, then error:', { stderr: 're2c: error: bad long option: --utf-9\n', exitCode: 1 }, 're2c: error: bad long option: --utf-9'],
  ['Error: at the start', { stderr: 'Error: image docker.io/library/api:1.4 is not from the release registry\n', exitCode: 1 }, 'Error: image docker.io/library/api:1.4 is not from the release registry'],
  ['a numbered error code on stdout', { stdout: 'Error code 12: the widget is blue\n', stderr: '', exitCode: 1 }, 'Error code 12: the widget is blue'],
  ['an error number in parentheses', { stdout: 'Processing archive: cut.arj\nError (7): bad header\n', exitCode: 3 }, 'Error (7): bad header'],
  ['a bang after Error', { stderr: "Error! Could not process file hero.png\nError! Cannot read input picture file 'hero.png'\n", exitCode: 255 }, 'Error! Could not process file hero.png'],
  ['a level word after the program name', { stderr: 'sox WARN wav: User options overriding size\nsox FAIL formats: no handler for file extension `xyz\'\n', exitCode: 2 }, "sox FAIL formats: no handler for file extension `xyz'"],
  ['a level word in a report column', { stdout: 'photo.jpg      0 x    0  0bit N      55 ERROR   Not a JPEG file: starts with 0x47 0x49\n', stderr: '', exitCode: 1 }, 'photo.jpg      0 x    0  0bit N      55 ERROR   Not a JPEG file: starts with 0x47 0x49'],
  ['a bracketed level', { stdout: '11/27 14:31:29 [ERROR] CUID#7 - Download stopped\n', exitCode: 2 }, '11/27 14:31:29 [ERROR] CUID#7 - Download stopped'],
  ['FATAL ERROR after lines with no mark', { stderr: 'Read on filesystem went wrong\nFATAL ERROR: File system corruption detected\n', exitCode: 1 }, 'FATAL ERROR: File system corruption detected'],
  ['a head of several words ending in Error', { stderr: 'Command Line Error: Wrong page range given\n', exitCode: 99 }, 'Command Line Error: Wrong page range given'],
  ["apt's E:", { stderr: 'E: The widget list could not be parsed\n', exitCode: 100 }, 'E: The widget list could not be parsed'],
  ['a file head before Error:', { stdout: 'budget.bc 2: Error: print statement\n', exitCode: 1 }, 'budget.bc 2: Error: print statement'],
  ["a thrown error's CamelCase error name", { error: { message: 'WidgetError: the gear ratio is out of range' } }, 'WidgetError: the gear ratio is out of range'],
  ['a program prefix and a message (tool: message)', { stderr: 'flex: could not create gen/scanner.c\n', exitCode: 1 }, 'flex: could not create gen/scanner.c'],
  ['a program prefix joined to its file', { stderr: 'gifsicle:spinner.gif: empty file\n', exitCode: 1 }, 'gifsicle:spinner.gif: empty file'],
  ['a severity line before an earlier tool: message line', { stderr: 'read_id_table: could not read the table\nFATAL ERROR: corruption detected\n', exitCode: 1 }, 'FATAL ERROR: corruption detected'],
];

describe('a failed process\'s own error-marked line is its refusal: ERROR_RESPONSE', () => {
  test.each(MARKED)('%s', (_, observation, line) => {
    const result = classify(observation);
    expect(result.type).toBe('ERROR_RESPONSE');
    expect(result.confidence).toBe(0.6);
    expect(result.evidence[0]).toMatchObject({ rule: CATCH_ALL_RULE, match: line });
  });
});

/** Each row: what it is, an observation with no error-marked line of the program's own (or no failure). */
const NOT_MARKED: [what: string, observation: Observation][] = [
  ['exit 0 with an error word in normal output', { stdout: 'Error: none, all widgets ready\n', exitCode: 0 }],
  ['exit 0 with an error head on stderr', { stderr: 'error: the widget is blue\n', exitCode: 0 }],
  ['no exit code, no thrown error', { stderr: 'error: the widget is blue\n' }],
  ['a test named error_handling in a list', { stdout: 'test_error_handling ... ok\ntest_widget_error ... ok\n', exitCode: 1 }],
  ['a count of errors', { stdout: 'Build finished: 0 errors, 0 warnings\n', exitCode: 1 }],
  ['a count of errors as a field', { stdout: 'errors: 3\n', exitCode: 1 }],
  ['a path to error.c', { stderr: 'compiling /src/error.c\nthe widget stopped\n', exitCode: 2 }],
  ['a quoted identifier', { stderr: "widget 'error': stopped here\n", exitCode: 2 }],
  ['a JSON field named error', { stdout: '{"error": "the widget stopped"}\n', exitCode: 1 }],
  ['an identifier ending in _ERROR', { stderr: 'Status: 3(BITSTREAM_ERROR)\n', exitCode: 255 }],
  ['a log level inside a word', { stderr: 'ERRORS WERE SEEN\nFAILED_STEP widget\n', exitCode: 1 }],
  ['a progress line with a program prefix', { stderr: 'widget: 45% of the frames done\n', exitCode: 1 }],
  ['a one-word value after a name', { stderr: 'snmpget: Timeout\n', exitCode: 1 }],
  ['a usage head', { stderr: 'usage: widget [-h] FILE\n', exitCode: 2 }],
  ['a warning from the program', { stderr: 'widget: warning: the frames are late\n', exitCode: 1 }],
  ['a name: value line on stdout', { stdout: 'name: copy the widget\n', exitCode: 1 }],
  ['empty output with a non-zero exit', { stdout: '', stderr: '', exitCode: 1 }],
  ['a severity head with no message', { stderr: 'Error:\n', exitCode: 1 }],
  ['a stack trace with no message', { stderr: '    at Widget.spin (/app/widget.js:3:9)\n    at main (/app/main.js:1:1)\n', exitCode: 1 }],
  ['an error word inside a sentence', { stderr: 'the widget reported an error and stopped\n', exitCode: 1 }],
  ['a legend line', { stdout: 'Status Legend:\n(ERR):error occurred.\n', exitCode: 2 }],
];

describe('UNKNOWN stays for what has no error-marked line of the program\'s own', () => {
  test.each(NOT_MARKED)('%s', (_, observation) => {
    const result = classify(observation);
    expect(result.evidence.map((e) => e.rule)).not.toContain(CATCH_ALL_RULE);
    expect(result.type).not.toBe('ERROR_RESPONSE');
  });

  test('the catch-all never outranks a rule: a concept word on the same line decides', () => {
    const result = classify({ stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432\n', exitCode: 1 });
    expect(result.type).toBe('NETWORK');
    expect(result.evidence.map((e) => e.rule)).not.toContain(CATCH_ALL_RULE);
  });
});

describe('a long output is read at its ends', () => {
  const filler = 'compiling module src/widget.tsx (ok)\n'.repeat(Math.ceil((3 * CATCH_ALL_WINDOW) / 36));

  test('the refusal printed last, after a long log, is read', () => {
    const text = { error: [], stderr: [`${filler}ERROR: the widget list is empty\n`], message: [], stdout: [] };
    expect(errorMarkedLine(text)).toEqual({ source: 'stderr', line: 'ERROR: the widget list is empty' });
    expect(classify({ stderr: text.stderr[0], exitCode: 1 }).type).toBe('ERROR_RESPONSE');
  });

  test('the refusal printed first, before a long log, is read', () => {
    const text = { error: [], stderr: [`ERROR: the widget list is empty\n${filler}`], message: [], stdout: [] };
    expect(errorMarkedLine(text)).toEqual({ source: 'stderr', line: 'ERROR: the widget list is empty' });
  });

  test('a line in the middle of a log longer than two windows is not the catch-all\'s', () => {
    const text = { error: [], stderr: [`${filler}ERROR: the widget list is empty\n${filler}`], message: [], stdout: [] };
    expect(errorMarkedLine(text)).toBeNull();
  });
});

describe('errorMark (the line shape)', () => {
  test.each([
    ['error: x is bad', 1],
    ['  ERROR: x is bad', 1],
    ['tool: Error: x is bad', 1],
    ['TypeError: x is not a function', 1],
    ['Error code 5: Unknown transfer ID', 1],
    ['Error (2): No such file', 1],
    ['Error! bad', 1],
    ['fatal: not a repo', 1],
    ['E: Unable to locate package', 1],
    ['[ERROR] the build broke', 1],
    ['tool: could not create out.c', 2],
    ['test_error: x is bad', 0],
    ['fatal: x is bad', 1],
    ['pkg.ParseError: x is bad', 1],
    ['stderror: x', 0],
    ['-Werror: x', 0],
    ['ERRORS: 2', 0],
    ['ERROR_RESPONSE is a type', 0],
    ['usage: tool FILE', 0],
    ['', 0],
    ['Error', 0],
  ] as const)('%j → %i', (line, mark) => {
    expect(errorMark(line)).toBe(mark);
  });

  const word = fc.stringMatching(/^[a-z]{1,8}$/);
  const message = fc.array(word, { minLength: 2, maxLength: 5 }).map((w) => w.join(' '));

  test('a severity head before any message marks the line, after a program prefix too', () => {
    fc.assert(fc.property(word, message, fc.constantFrom('error:', 'Error:', 'ERROR:', 'fatal error:', 'FATAL ERROR:', 'Error!'), (tool, m, head) => {
      expect(errorMark(`${head} ${m}`)).toBe(1);
      expect(errorMark(`${tool}: ${head} ${m}`)).toBe(1);
    }));
  });

  test('error joined to a name is not a severity', () => {
    fc.assert(fc.property(word, message, fc.constantFrom('_', '.', '/', '-'), (w, m, joint) => {
      expect(errorMark(`${w}${joint}error: ${m}`)).not.toBe(1);
      expect(errorMark(`error${joint}${w} ${m}`)).toBe(0);
    }));
  });

  test('tool: message prefixes are read only where they are asked for, and any line is answered', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (line) => {
      const mark = errorMark(line);
      expect([0, 1, 2]).toContain(mark);
      expect(errorMark(line, false)).toBe(mark === 2 ? 0 : mark);
    }));
  });

  test('a failed process with no error-marked line anywhere is not the catch-all\'s', () => {
    fc.assert(fc.property(fc.array(message, { maxLength: 6 }), (lines) => {
      const text = { error: [], stderr: [lines.join('\n')], message: [], stdout: [] };
      expect(errorMarkedLine(text)).toBeNull();
    }));
  });
});
