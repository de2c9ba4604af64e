import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { installedPath, subjectFile } from '../../../src/classify/file-roles/subject.js';

/** One row per shape of a line that names its subject file. */
const SHAPES: [shape: string, line: string, subject: string][] = [
  ['FILE:LINE:COL: message', 'src/app.h:2:5: error: unknown type name', 'src/app.h'],
  ['FILE:LINE: message', 'app.h:2: Warning 301: class keyword used, but not in C++ mode.', 'app.h'],
  ['FILE:LINE:COL-COL: after a severity head', 'STATIC ERROR: deploy/main.jsonnet:3:13-26: Unknown variable: replica_count', 'deploy/main.jsonnet'],
  ["a program's name joined to FILE:LINE:", "m4:config.m4:2: Warning: too few arguments to builtin `index'", 'config.m4'],
  ['FILE(LINE,COL):', 'src/app.ts(3,5): error TS2304: Cannot find name x', 'src/app.ts'],
  ['FILE LINE:', 'budget.gp 2: Error: print statement', 'budget.gp'],
  ['"FILE" line N', '"plots/latency.gp" line 3: invalid expression', 'plots/latency.gp'],
  ['FILE: line N', 'msmtp: msmtprc: line 2: unknown command hots', 'msmtprc'],
  ['FILE: message', 'keywords.gperf: missing struct declaration for option --struct-type', 'keywords.gperf'],
  ['a dotfile: message', '.indent.pro: unknown option "-line-lenght80"', '.indent.pro'],
  ['in FILE on line N', 'PHP Parse error:  syntax error, unexpected end of file in /work/case/main.php on line 2', '/work/case/main.php'],
];

const MARKED: [shape: string, line: string, subject: string][] = [
  ['a FILE: field after the head', 'error: cannot format main.py: Cannot parse: 1:6: def f(:', 'main.py'],
  ['a quoted FILE: field', "ninja: error: loading 'build.ninja': syntax error", 'build.ninja'],
];

/** Lines that name a file that is not their subject. */
const NOT_SUBJECT: [what: string, line: string][] = [
  ["a JavaScript stack frame", '    at parse (/work/case/lib/parse.js:12:5)'],
  ['a stack frame at the line start', 'at Object.<anonymous> (/work/case/main.js:3:1)'],
  ["Python's frame", 'File "/work/case/app.py", line 3, in <module>'],
  ["Ruby's frame", "from app.rb:2:in `<main>'"],
  ["Lua's traceback", 'main.lua:1: in main chunk'],
  ["a program's own install", '/usr/share/tool/lib/init.lua:12: attempt to index a nil value'],
  ['a dependency fetched into node_modules', 'node_modules/pkg/index.js:4: error: bad'],
  ['a URL', 'file:///work/case/fetch-build.mjs:13'],
  ['a .c file named inside the message', 'tool: cannot link against helper.c output'],
  ['an address', 'gpg: deploy@example.com: skipped: No public key'],
  ['a version', 'tool 1.2.3: Error: bad'],
  ['a name with no role', 'server: Command failed with status 2'],
];

describe('the subject file of a diagnostic line (issue 30, file roles)', () => {
  test.each(SHAPES)('%s', (_, line, subject) => {
    expect(subjectFile(line)).toBe(subject);
  });

  test.each(MARKED)('in a line the program marked as its error: %s', (_, line, subject) => {
    expect(subjectFile(line, true)).toBe(subject);
    expect(subjectFile(line, false)).toBeNull();
  });

  test.each(NOT_SUBJECT)('not a subject: %s', (_, line) => {
    expect(subjectFile(line, true)).toBeNull();
  });

  test("a program's own install and fetched dependencies are told apart from the project's paths", () => {
    for (const p of ['/usr/lib/python3.11/json/decoder.py', '/work/app/node_modules/x/y.js', '/root/.pyenv/versions/3.11.7/lib/python3.11/csv.py', 'node:internal/x']) expect(installedPath(p)).toBe(true);
    for (const p of ['/work/case/src/app.h', 'src/usr.c', 'lib.rs', 'docs/index.rst']) expect(installedPath(p)).toBe(false);
  });

  test('is total: any line gives a name found in it or null, never an exception', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (line, marked) => {
      const subject = subjectFile(line, marked);
      if (subject !== null) expect(line).toContain(subject);
    }));
  });
});
