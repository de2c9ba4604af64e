import type { LineShape } from '../line-shape.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * The task's own failures in words any toolchain uses (issue 30): a compiler's diagnostic by
 * its line shape (whatever the language: gcc, javac, tsc, rustc, csc, ghc, zig… print one of a
 * few shapes), a compiler's vocabulary, a test report's count of failures, a crash, a parse of
 * JSON or a patch, a request the environment refused (a missing command: commands.ts).
 */

/**
 * Extensions of compiled or type-checked sources: a diagnostic names its file, so a position in
 * one (`main.c:3:`, `index.ts(2,`) is where a diagnostic rule looks, and the line's shape
 * decides. Languages, not tools; a file name is far rarer in a log than the word "error". Plain
 * JavaScript is left out: its positions are in nearly every Node stack trace, and what checks
 * it (a linter, a bundler) has shapes of its own.
 */
const SOURCE_FILES = [
  'c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'm', 'mm', 'go', 'rs', 'java', 'kt', 'scala', 'swift', 'cs', 'fs', 'vb', 'hs', 'ml', 'zig', 'nim',
  'dart', 'ts', 'tsx', 'mts', 'cts', 'py', 'rb', 'ex', 'erl', 'php', 'sol', 's', 'asm',
];
const AT_POSITION = SOURCE_FILES.map((ext) => `*.${ext}:*`);
const AT_PAREN = SOURCE_FILES.map((ext) => `*.${ext}(*`);

/** Extensions of the languages whose runtimes print stack frames as `at fn (file:line)` (V8, the JVM, .NET). */
const FRAME_FILES = ['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'java', 'kt', 'scala', 'groovy', 'cs', 'fs', 'vb'];

/** A diagnostic rule: its file's position, on a line of its shape (tsc prints its diagnostics on stdout: every source counts). */
const diagnostic = (name: string, phrases: readonly string[], shape: LineShape): Rule => ({ id: `lexicon.diagnostic-${name}`, type: 'BROKEN_BUILD', phrases, shape });

export const CODE_RULES: readonly Rule[] = [
  diagnostic('colon', AT_POSITION, 'file:line[:col]: error:'),
  diagnostic('paren', AT_PAREN, 'file(line,col): error'),
  diagnostic('dash', AT_POSITION, 'file:line:col - error'),
  { id: 'lexicon.diagnostic-code', type: 'BROKEN_BUILD', phrases: ['error[*'], shape: 'error[CODE]:' },
  // rustc and cargo put the position on its own line under "error: …".
  { id: 'lexicon.diagnostic-arrow', type: 'BROKEN_BUILD', phrases: ['-->'], shape: '--> file:line:col', requires: ['error:', 'error['] },
  // The go compiler and vet print a position and a message, without the word "error".
  { ...diagnostic('position', AT_POSITION, 'file:line:col: message'), sources: FAILURE_SOURCES },
  {
    id: 'lexicon.compile',
    type: 'BROKEN_BUILD',
    wordForms: true,
    phrases: [
      '{compile} {error}', '{compile} {fail}', '{cannot} {compile}', '{compile} terminated', 'syntax {error}', 'parse {error}', 'parser {error}',
      'unexpected token', 'unexpected end of input', 'unexpected end of file', 'undefined reference to', 'undefined symbol', 'unresolved import',
      'unresolved reference', 'unresolved external symbol', 'undeclared identifier', 'was not declared', 'is not defined', 'not declared in this scope',
      '{cannot} find symbol', '{cannot} find name', '{cannot} find value', '{cannot} find type', '{cannot} find module', '{cannot} find package',
      '{cannot} find function', '{cannot} find class', '{cannot} resolve symbol', '{cannot} resolve import', '{cannot} resolve module',
      'no module named', 'module not found', 'import {error}', '{cannot} import name', 'has no member named', 'no member named',
      'does not exist in the current context', 'incompatible types', 'mismatched types', 'type mismatch', 'is not assignable to',
      'linker command failed', 'linking failed', 'link {error}', 'linker {error}', 'ld returned', 'indentation {error}', 'unexpected indent',
      'class not found', 'no class def found',
      // A name the code uses and never defines, in the words of languages without a compiler (Tcl, shells, awk).
      'no such variable', 'undefined variable', 'invalid command name', 'undefined function',
      // A block left open: "missing close-brace", "missing closing parenthesis", "unclosed tag", "expected closing tag".
      'missing close', 'missing closing', 'unclosed tag', 'expected closing tag',
      // Markup that is not well formed, in the words of XML and HTML parsers (expat, libxml2, JavaScript and Java ones).
      'closing tag', 'has not been opened', 'is without value', 'not well-formed', 'mismatched tag', 'junk after document element',
      'premature end of data', 'opening and ending tag mismatch', 'extra content at the end of the document',
    ],
  },
  {
    // A package manager that cannot satisfy what the project asks for (a network cause inside wins: root cause first).
    id: 'lexicon.dependencies',
    type: 'BROKEN_BUILD',
    wordForms: true,
    phrases: [
      '{cannot} resolve dependencies', '{cannot} resolve dependency', '{cannot} resolve all dependencies', 'dependency resolution {fail}',
      'resolution impossible', '{cannot} find a version', 'no matching version', 'no matching distribution', 'no matching package',
      'version solving failed', 'conflicting dependencies', 'conflicting peer dependency', 'unable to resolve dependency tree',
      'could not be satisfied', 'cannot be satisfied',
      // A lock file of dependencies that no longer matches what the project asks for.
      'dependency lock file', 'lockfile is not up to date', 'lock file is not up to date', 'lockfile needs to be updated', 'outdated lockfile',
      'is not up to date with', 'no version is selected',
    ],
  },
  {
    // A library or package a build looks up on its search path and does not find there (pkg-config, a linker's -l).
    id: 'lexicon.not-on-search-path',
    type: 'BROKEN_BUILD',
    phrases: ['not found', 'was not found'],
    requires: ['search path'],
    sameLine: true,
  },
  {
    id: 'lexicon.tests',
    type: 'VERIFICATION_FAILED',
    wordForms: true,
    unless: ['{certificate} {verify} {fail}'],
    phrases: ['{test} {fail}', '{fail} {test}', '{assertion} {fail}', '{assertion} {error}', 'verification failed'],
  },
  { id: 'lexicon.test-count', type: 'VERIFICATION_FAILED', phrases: ['failed', 'failing', 'failures'], shape: 'N failed' },
  // A runner saying a test raised where it should have printed or compared (doctest's "Exception raised:" above the
  // example's traceback): the raised exception is the test's failure, so a root cause in it outranks the verdict (cause.ts).
  { id: 'lexicon.test-raised', type: 'VERIFICATION_FAILED', phrases: ['exception raised:'] },
  {
    // A property-based test names the input that falsified the property (QuickCheck's "Falsifiable", Hypothesis's
    // "Falsifying example:", the "Counterexample:" of fast-check and others, proptest's "minimal failing input"):
    // a failed test, even when the library throws it as an uncaught error.
    id: 'lexicon.counterexample',
    type: 'VERIFICATION_FAILED',
    phrases: ['counterexample:', 'falsifying example', 'falsifiable (after', 'minimal failing input'],
  },
  { id: 'lexicon.tap', type: 'VERIFICATION_FAILED', source: 'Test Anything Protocol (testanything.org): "not ok <n>"', phrases: ['not ok'], shape: 'not ok N' },
  {
    // jest, vitest, node:test, JUnit, xUnit all print a failed comparison as an expected/actual pair.
    id: 'lexicon.expected-actual',
    type: 'VERIFICATION_FAILED',
    phrases: ['expected:', 'expected value:'],
    requires: ['received:', 'actual:', 'but was:', 'but got', 'got:', 'actual value:'],
  },
  {
    id: 'lexicon.crash',
    type: 'CLI_CRASH',
    wordForms: true,
    phrases: [
      'uncaught {error}', 'unhandled {error}', 'unhandled rejection', 'unhandled promise rejection', 'panicked', 'panic:', 'traceback',
      'stack overflow', 'stack overflow {error}', 'runtime {error}', 'null pointer', 'null pointer {error}', 'nil pointer', 'null reference',
      'index out of range', 'index out of bounds', 'out of bounds', 'attribute {error}', 'type {error}', 'value {error}', 'index {error}',
      'illegal state', 'illegal argument', 'argument {error}', 'class cast', 'number format', 'not implemented {error}', 'recursion {error}',
      'maximum recursion depth', 'unicode decode {error}', 'segmentation fault', 'core dumped', 'fatal signal', 'range {error}',
      'maximum call stack', 'call stack size exceeded', 'divide by zero', 'division by zero', 'divided by zero',
    ],
  },
  // A frame names its file: the extension of a language that prints `at …` frames is the trigger, the line's shape the test.
  { id: 'lexicon.stack-trace', type: 'CLI_CRASH', sources: FAILURE_SOURCES, phrases: FRAME_FILES.map((ext) => `*.${ext}:*`), shape: 'at fn (file:line)' },
  {
    id: 'lexicon.json',
    type: 'JSON_PARSE_ERROR',
    priority: RULE_PRIORITY.refinement,
    wordForms: true,
    phrases: [
      'invalid json', 'malformed json', 'not valid json', '{cannot} parse json', 'json parse {error}', 'json decode {error}', 'json syntax {error}',
      'in json at position', 'unexpected end of json', 'json.parse', 'json {error}', 'json parser {error}', 'json::parsererror', 'unfinished json',
    ],
  },
  {
    id: 'lexicon.diff',
    type: 'DIFF_PARSE_ERROR',
    wordForms: true,
    phrases: [
      'corrupt patch', 'malformed patch', 'patch does not apply', 'patch {fail}', '{cannot} apply patch', 'invalid diff', 'malformed diff', '{cannot} parse diff', 'no valid patches',
      // A diff's own vocabulary: its hunks, the file it names, a patch already applied.
      'hunk {fail}', 'hunks {fail}', 'hunk #', "can't find file to patch", 'previously applied patch', 'reversed (or previously applied) patch',
    ],
  },
  {
    // Thrown while a template was parsed or rendered (`at parseTemplate (…)`, `TemplateSyntaxError`): the template
    // lacks what it needs or is malformed, seed 002's CONTEXT_ERROR, whatever the engine.
    id: 'lexicon.template',
    type: 'CONTEXT_ERROR',
    // It refines what the parse error says ("Unclosed tag" is a template's, not the code's), as JSON refines a SyntaxError.
    priority: RULE_PRIORITY.refinement,
    wordForms: true,
    phrases: [
      'parse template', 'render template', 'compile template', 'template syntax {error}', 'top-level template code', 'template variable',
      // A prompt template's variable nobody gave (LLM frameworks' "Missing value for input variable `language`").
      'missing value for input', 'missing input variable', 'missing template variable',
      // The frame of the engine's own function, in a stack trace of the error it threw.
      'at parsetemplate', 'at rendertemplate', 'at compiletemplate', 'in parse_template', 'in render_template', 'in compile_template',
    ],
  },
  {
    id: 'lexicon.context',
    type: 'CONTEXT_EXHAUSTED',
    wordForms: true,
    phrases: ['context window {exceed}', '{exceed} context window', 'context length {exceed}', 'too many tokens', 'maximum number of tokens', 'prompt is too long', 'prompt too long', 'input is too long'],
  },
  {
    id: 'lexicon.quality',
    type: 'QUALITY_GATE_FAIL',
    wordForms: true,
    phrases: ['lint {error}', 'lint {fail}', 'linting {fail}', 'coverage threshold', 'coverage below', 'quality gate', 'style violations', 'code style issues'],
  },
];
