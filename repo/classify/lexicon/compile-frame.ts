import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A project file that does not compile, raised as an uncaught exception (issue 30, the thirteenth
 * capture's largest mechanism; no tool named): a template or stylesheet compiler throws an `Error`
 * whose message is the position in the file and its code frame (`Error: styles/main.styl:1:9` over
 * `   1| @import 'variables'`), and the runtime prints it with its stack. BROKEN_BUILD (DESIGN: code
 * that does not compile, import or parse; README: a project file that does not parse or load, a
 * template), not the CLI_CRASH the stack alone would read as. The shape (line-shape-frame.ts) asks
 * for the plain `Error` and the frame, so a `ReferenceError` at a template's line, a position with a
 * message after it, or a position with no frame under it is not this.
 */
export const COMPILE_FRAME_RULES: readonly Rule[] = [
  {
    id: 'lexicon.compile-frame',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    phrases: ['error:'],
    shape: 'Error: file:line + code frame',
  },
  {
    // The same failure from a compiler that names the file in brackets with the place (`Template render error:
    // (templates/page.njk) [Line 1, Column 4]` over `unknown block tag: iff`): the file is the project's by name.
    id: 'lexicon.compile-bracketed',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    phrases: ['error:'],
    shape: 'error: (file) [Line N, Column M]',
  },
];
