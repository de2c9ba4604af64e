import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { thrownFramePosition } from '../../src/classify/line-shape-frame.js';

/**
 * A project file that does not compile, raised as an uncaught exception (issue 30, the thirteenth
 * capture): BROKEN_BUILD when the thrown `Error`'s message is the file's position over its code frame.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });
const STACK = '    at Evaluator.visitImport (/usr/lib/node_modules/lib/visitor/evaluator.js:911:23)\n    at Renderer.render (/usr/lib/node_modules/lib/renderer.js:70:28)\n';
const thrown = (head: string, frame: string, message: string, fields = '') =>
  `/usr/lib/node_modules/lib/bin/cli:684\n              throw err;\n              ^\n\n${head}\n${frame}\n\n${message}\n\n${STACK}${fields}\nNode.js v20.20.2\n`;

describe('a project file that does not compile, thrown', () => {
  test.each([
    ['a stylesheet import not found, with line and column', thrown('Error: styles/main.styl:1:9', "   1| @import 'variables'\n--------------^\n   2| body", 'failed to locate @import file variables.styl')],
    ['a template include not found, the line marked', thrown('Error: /work/case/views/index.ejs:1', " >> 1| <%- include('partials/header') %>\n    2| <main><%= title %></main>", 'Could not find the include file "partials/header"')],
    ["the error object printed with its fields (`[Error: …`)", thrown('[Error: styles/main.styl:3:3', "   1| theme = 'neon'\n   2|   error('unsupported theme ' + theme)", 'unsupported theme neon\n] {\n  lineno: 3,', '')],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('BROKEN_BUILD');
    expect(generic(fail(stderr)).type).toBe('BROKEN_BUILD');
  });
});

describe('look-alikes', () => {
  test.each([
    // The program's defect at a template's line (README: what an uncaught exception carries).
    ['a TypeError at a position over a frame', thrown('TypeError: /work/case/views/index.ejs:2', '    1| <h1><%= title.toUpperCase() %></h1>', 'Cannot read properties of undefined')],
    // A position with no code frame under it: the program's own failure at a place in its script.
    ['a position with no frame', thrown('Error: src/app.js:12', '    at main (src/app.js:12:5)', 'boom')],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).not.toBe('BROKEN_BUILD');
    expect(generic(fail(stderr)).type).not.toBe('BROKEN_BUILD');
  });
});

describe('the line shape', () => {
  const shape = (text: string) => thrownFramePosition(text, 0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  test.each([
    ['Error: styles/main.styl:1:9\n   1| @import x', true],
    ['[Error: styles/main.styl:3:3\n >> 3| x', true],
    ['Error: styles/main.styl:1:9 could not compile\n   1| x', false],
    ['Error: styles/main.styl:1:9\n   at f (x.js:1:2)', false],
    ['Error: no position here\n   1| x', false],
    ['ReferenceError: views/a.ejs:2\n >> 2| x', false],
    ['Error: styles/main.styl:1:9', false],
  ])('%j → %s', (text, expected) => {
    expect(shape(text)).toBe(expected);
  });
});
