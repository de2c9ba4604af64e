import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { thrownFramePosition } from '../../src/classify/line-shape-frame.js';

/**
 * A project file that does not compile, raised as an uncaught exception (issue 30, the fifteenth
 * capture), in the two layouts the thirteenth's shape missed: a code frame whose pointed line is
 * marked with one `>` (`  > 1| a(href="/a" href="/b")`), and a position with no frame, the message
 * set apart by a blank line, in a file that is by name the project's source or configuration.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });
const STACK = '    at makeError (/usr/lib/node_modules/tmpl/lib/error.js:34:15)\n    at Parser.parse (/usr/lib/node_modules/tmpl/lib/parser.js:115:25)\n';
const thrown = (head: string, body: string) => `/usr/lib/node_modules/tmpl/lib/parser.js:62\n    throw err;\n    ^\n\n${head}\n${body}\n${STACK}}\n\nNode.js v20.20.2\n`;

describe('a project file that does not compile, thrown: the other layouts', () => {
  test.each([
    ['a frame whose line is marked with one `>`', thrown('Error: views/page.tpl.html:1:13', '  > 1| <a href="/a" href="/b">\n-------------^\n    2| \n\nDuplicate attribute "href" is not allowed.')],
    ['a template position, the message after a blank line', thrown('Error: views/page.pug:3:5', '\nunknown filter ":markdown-it"')],
    ['a configuration position, the message after a blank line', thrown('Error: config/site.yaml:4:1', '\nunknown key "themes"')],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('BROKEN_BUILD');
    expect(generic(fail(stderr)).type).toBe('BROKEN_BUILD');
    expect(generic(fail(stderr)).evidence[0]!.rule).toBe('lexicon.compile-frame');
  });
});

const render = (head: string, message: string) => `/usr/lib/node_modules/tmpl/src/environment.js:446\n        throw err;\n        ^\n\n${head}\n  ${message}\n    at Object._prettifyError (/usr/lib/node_modules/tmpl/src/lib.js:32:11)\n\nNode.js v20.20.2\n`;

describe('a template compiler naming the project file in brackets with the place', () => {
  test.each([
    ['an unknown tag in a template', render('Template render error: (/srv/site/templates/page.njk) [Line 1, Column 4]', 'unknown block tag: iff')],
    ['an expression that does not parse', render('Template render error: (templates/page.njk) [Line 1, Column 17]', 'expected variable end')],
  ])('%s', (_, stderr) => {
    expect(generic(fail(stderr)).type).toBe('BROKEN_BUILD');
    expect(generic(fail(stderr)).evidence[0]!.rule).toBe('lexicon.compile-bracketed');
  });

  test.each([
    // A string the program rendered (its own value, no file): the error is the program's (as labelled, CLI_CRASH).
    ['a string rendered, no path', render('Template render error: (unknown path) [Line 1, Column 24]', 'Error: Unable to call `x`, which is undefined or falsey')],
    ['a data file in brackets', render('Template render error: (data/rows.csv) [Line 1, Column 4]', 'unexpected token')],
  ])('look-alike: %s', (_, stderr) => {
    expect(generic(fail(stderr)).evidence.map((e) => e.rule)).not.toContain('lexicon.compile-bracketed');
  });
});

describe('look-alikes', () => {
  test.each([
    // A data file's position: the input's refusal, not the project's (file roles).
    ['a data file\'s position over a blank line', thrown('Error: data/rows.csv:3:5', '\nunexpected quote')],
    // The program's own script failing at its line: a stack frame runs in the file.
    ['a script position whose file is a stack frame', `Error: src/app.js:12\n\n    at main (src/app.js:12:5)\n    at Object.<anonymous> (src/app.js:20:1)\n\nNode.js v20.20.2\n`],
    // The program's defect at a template's position (README: what an uncaught exception carries).
    ['a TypeError at a template position', thrown('TypeError: views/page.pug:2', '\npug_mixins.card is not a function')],
    // A position with a message on the same line, then no blank line: not the compiler's layout.
    ['a position followed by text on the next line', thrown('Error: views/page.pug:3:5', 'unknown filter ":markdown-it"')],
  ])('%s', (_, stderr) => {
    expect(generic(fail(stderr)).type).not.toBe('BROKEN_BUILD');
  });
});

describe('the line shape', () => {
  const shape = (text: string) => thrownFramePosition(text, 0, text.indexOf('\n'));
  test.each([
    ['Error: views/page.pug:1:13\n  > 1| a(href="/a")\n', true],
    ['Error: views/page.pug:3:5\n\nunknown filter\n', true],
    ['Error: data/rows.csv:3:5\n\nunexpected quote\n', false],
    ['Error: /usr/lib/node_modules/x/views/page.pug:3:5\n\nunknown filter\n', false],
    ['Error: views/page.pug:3:5 unknown filter\n\n', false],
  ] as const)('%j → %s', (text, want) => {
    expect(shape(text)).toBe(want);
  });
});
