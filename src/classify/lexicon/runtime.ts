import { FAILURE_SOURCES, type Rule } from '../rule.js';
import { REPORT_WORDS } from '../packs/markers.js';
import { TYPE_PRIORITY } from '../priority.js';

/**
 * A program's own failures at run time and the parse errors of any language, in the words any
 * runtime or parser uses (issue 30): memory-safety reports, type errors of dynamic languages,
 * parse errors that name what the parser expected, a name a script uses and never defines, a
 * library the program loads and does not find.
 */
export const RUNTIME_RULES: readonly Rule[] = [
  {
    // What memory checkers report (AddressSanitizer, LeakSanitizer, valgrind, the C library's own
    // checks): the program broke its memory, a crash however it exited.
    id: 'lexicon.memory-safety',
    type: 'CLI_CRASH',
    phrases: [
      'buffer overflow', 'buffer-overflow', 'heap-buffer-overflow', 'stack-buffer-overflow', 'global-buffer-overflow', 'buffer overrun',
      'use after free', 'use-after-free', 'heap-use-after-free', 'double free', 'double-free', 'invalid free', 'free(): invalid pointer',
      'memory leak', 'memory leaks', 'detected memory leaks', 'definitely lost', 'invalid read of size', 'invalid write of size',
      'uninitialised value', 'uninitialized value', 'uninitialised byte', 'uninitialized byte', 'mismatched free', 'stack smashing detected',
      'stack-use-after-return', 'null pointer dereference', 'misaligned address', 'segv on unknown address',
    ],
  },
  {
    // A dynamic language's type errors at run time, in its own words: "Cannot iterate over null",
    // "undefined method `email' for nil", "stack level too deep", "attempt to index a nil value".
    id: 'lexicon.runtime-type',
    type: 'CLI_CRASH',
    wordForms: true,
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    phrases: [
      'cannot iterate over', "can't iterate over", 'cannot index', "can't index", 'cannot be added', 'cannot be multiplied', 'cannot be subtracted', 'cannot be divided',
      'is not iterable', 'is not a function', 'is not callable', 'undefined method', 'no method {error}', "can't call method",
      'on an undefined value', 'on an unblessed reference', 'attempt to index a nil value', 'attempt to perform arithmetic on',
      'attempt to compare', 'attempt to concatenate', 'stack level too deep', 'system stack {error}', 'zero division {error}',
      'divided by 0', 'division by 0', 'illegal division by zero', 'nil pointer dereference', 'nomethoderror',
    ],
  },
  {
    // A parser saying what it expected where it stopped: "'end' expected near 'print'", "expected `:` but
    // instead found `1`", "expected ':', got newline". Not a test's "expected 2 but got 3": the parser
    // names a token and a place (near, instead found, a newline or the end of the input).
    id: 'lexicon.parser-expected',
    type: 'BROKEN_BUILD',
    wordForms: true,
    unless: REPORT_WORDS,
    phrases: [
      'but instead found', 'instead found', 'got newline', 'got eof', 'got end of file', 'got end of input', 'near here', 'near end of file',
      'runaway string', 'runaway regular expression', 'unterminated string', 'unterminated regular expression', 'unterminated comment',
      'unterminated `s\' command', 'unterminated quoted string', 'unterminated character', 'unmatched (', 'unmatched [', 'unmatched {',
      'unmatched )', 'unbalanced parenthes', 'unexpected end of', 'unexpected eof', 'unexpected newline', 'unexpected character',
      'unexpected symbol', 'unexpected keyword', 'unexpected identifier', 'unexpected string', 'unexpected indentation',
      '{compile} errors', 'due to compilation errors', 'never defined', 'undefined subroutine', 'requires explicit package name',
      'global symbol', 'bareword not allowed', 'tabs are not allowed', 'is not allowed in this context', 'dependency cycle',
      'cycle detected', 'circular dependency', 'cyclic dependency', 'no known rule to make', "don't know how to build", 'cycle:',
      // Configuration languages: a block left open, a name never declared, an argument the schema does not know.
      'unclosed configuration block', 'unclosed block', 'no closing brace', 'undeclared', 'has not been declared', 'is not expected here',
      'invalid configuration object', 'invalid configuration', 'configuration is invalid', 'does not match the api schema',
      'invalid specification', 'missing }', 'missing )', 'missing ]',
      // A setting the configuration's reader does not know: the configuration does not load ("Unknown configuration variable").
      'unknown configuration variable', 'unknown configuration option', 'unknown configuration key', 'unknown configuration directive',
      'unknown configuration setting', 'unknown configuration parameter',
      // A string that runs to the end of its line ("end-of-line within string", "newline in string").
      'end-of-line within string', 'end of line within string', 'newline in string',
      // A parser naming the token it expected while parsing a structure (`, or } expected while parsing object/hash, at
      // character offset 41`): the text does not parse. A JSON reader's own words for another step's output ("malformed
      // JSON string") are JSON_PARSE_ERROR's refinement, which outranks this.
      'expected while parsing',
    ],
  },
  {
    // A parser naming what it expected and where it stopped, with the token between: "Expecting rparen got string",
    // "'end' expected (to close 'function' at line 1) near 'print'", "expected a comma before next field". A test's
    // "expected 2 but got 3" names no such place, and test reports do not count.
    id: 'lexicon.parser-expecting',
    type: 'BROKEN_BUILD',
    // Every stream: build tools print their parse errors on stdout (`meson.build:2:17: ERROR: Expecting rparen got string.`).
    unless: REPORT_WORDS,
    phrases: ['expecting', 'expected'],
    requires: ['got string', 'got identifier', 'got token', 'got keyword', 'got number', 'got symbol', 'got eol', 'got end', 'to close', 'before next', 'before end of', 'near \'', 'near "', 'near `'],
    sameLine: true,
  },
  {
    // A refusal at a position in a file the tool read (`meson.build:2:0: ERROR: File src/server.c does not exist.`): the
    // project's own file (its build definition, configuration or source) does not load — a broken build, where the same
    // words without a position are a refused request.
    id: 'lexicon.refused-at-position',
    type: 'BROKEN_BUILD',
    // Above the refusal it would otherwise be read as, below every other reading (a crash, a failed test, a build's own words).
    priority: TYPE_PRIORITY.ERROR_RESPONSE + 5,
    unless: REPORT_WORDS,
    // Not "unknown": an unknown option is the request's (given on the command line), wherever the tool reports it.
    // A definition the file repeats or the language forbids there ("Field number 1 has already been used", "Required fields
    // are not allowed in proto3").
    phrases: ['does not exist', 'undefined', 'duplicate', 'not found', 'no such', 'already been used', 'are not allowed', 'is not allowed'],
    shape: 'file:line:col: message',
  },
  {
    // A token the parser wanted at a position in the file (`billing.proto:6:3: Expected ";".`): the file does not parse. Not
    // an assertion printed at a position, which says what it got ("expected 'ok' but got 'fail'").
    id: 'lexicon.expected-at-position',
    type: 'BROKEN_BUILD',
    priority: TYPE_PRIORITY.ERROR_RESPONSE + 5,
    unless: [...REPORT_WORDS, 'but got', 'but was', 'but found', 'but received', 'got:', 'actual', 'received:', 'to equal', 'to be'],
    phrases: ['expected "', "expected '"],
    shape: 'file:line:col: message',
  },
  {
    // What a build runs is not defined in the build's own files: a target, task or script it does not have
    // ("unknown target 'install'", "No rule to make target", "Missing script: build", "Don't know how to build task").
    id: 'lexicon.build-target',
    type: 'BROKEN_BUILD',
    unless: REPORT_WORDS,
    sources: FAILURE_SOURCES,
    phrases: [
      'unknown target', 'no such target', 'no rule to make target', 'no targets specified', 'unknown task', 'no such task', 'task not found',
      'missing script', "don't know how to build task",
      // "Do not know how to make File target `install-docs'", "Source `src/config.c' not found, needed by target `src/config.o'".
      'do not know how to make', "don't know how to make", 'needed by target',
    ],
  },
  {
    // A file the tool looks for in the project and lists where it looked ("No Rakefile found (looking for: rakefile, …)",
    // "Could not find executable …\nLooked in the following places:"): the project lacks a file its build needs.
    id: 'lexicon.looked-for',
    type: 'BROKEN_BUILD',
    unless: REPORT_WORDS,
    phrases: ['found (looking for', 'not found', 'could not find', 'cannot find', 'unable to find'],
    requires: ['looking for:', 'looked in the following', 'looked in:', 'searched in:'],
  },
  {
    // A library or module the program loads and does not find: "cannot load such file -- faraday (LoadError)",
    // "Can't locate JSON/XS.pm in @INC (you may need to install the JSON::XS module)", "module 'cjson' not found".
    id: 'lexicon.missing-library',
    type: 'BROKEN_BUILD',
    wordForms: true,
    unless: REPORT_WORDS,
    phrases: [
      'cannot load such file', 'loaderror', 'you may need to install', 'no such module', 'library not found', 'library not loaded',
      'unable to load module', 'failed to load module', 'could not load library',
    ],
  },
  {
    // "module 'cjson' not found", "package foo not found": a missing file of the build is an ordinary refusal; a missing module is a build's.
    id: 'lexicon.module-not-found',
    type: 'BROKEN_BUILD',
    phrases: ['not found', 'was not found', 'could not be found', 'failed to resolve'],
    requires: ['module', 'package', 'library', 'gem', 'crate', 'toolchain', 'plugin', 'dependency'],
    sameLine: true,
    // `Package not found at 'docs/notes.docx'` (issue 30, the nineteenth capture): a thing looked for at a path the
    // caller gave is a file not there — a document format's "package" — not a dependency the build resolves by name.
    unless: [...REPORT_WORDS, 'not found at'],
  },
  {
    // "left-pad is not in the npm registry": a dependency its registry does not have.
    id: 'lexicon.not-in-registry',
    type: 'BROKEN_BUILD',
    phrases: ['is not in the'],
    requires: ['registry'],
    sameLine: true,
    unless: REPORT_WORDS,
  },
  {
    // A toolchain, SDK or package a build needs and that is not there (a missing program is CLI_NOT_FOUND).
    id: 'lexicon.not-installed',
    type: 'BROKEN_BUILD',
    phrases: ['is not installed', 'not installed', 'are not installed'],
    requires: ['toolchain', 'sdk', 'package', 'module', 'library', 'plugin', 'provider', 'component', 'version', 'runtime', 'gem', 'crate'],
    sameLine: true,
    unless: REPORT_WORDS,
  },
  {
    // A server's or daemon's own check of its configuration ("configuration file /etc/x.conf test failed",
    // "configuration test failed"): the configuration does not load, so nothing was tested — a broken
    // input like a file that does not parse, above seed 001's "test failed". The cause it prints above
    // (an unknown host, a missing certificate) is read on its own line and may outrank it (cause.ts).
    id: 'lexicon.configuration-check',
    type: 'BROKEN_BUILD',
    phrases: ['test failed', 'check failed', 'syntax check failed'],
    requires: ['configuration file', 'config file', 'configuration test', 'config test', 'configuration check', 'config check'],
    sameLine: true,
    unless: REPORT_WORDS,
  },
  {
    // A run-time error raised on purpose: a `die`, `raise` or `error` with no words of a more exact kind.
    id: 'lexicon.died',
    type: 'CLI_CRASH',
    sources: FAILURE_SOURCES,
    phrases: ['died at', 'uncaught exception', 'uncaught throw'],
  },
];
