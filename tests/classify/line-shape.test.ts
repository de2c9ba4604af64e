import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isLineShape, LINE_SHAPE_NAMES, LINE_SHAPES, lineHasShape, SHAPE_REACH, type LineShape } from '../../src/classify/line-shape.js';

/** Lines of each shape as compilers print them, and lines that only look like one. */
const CASES: [shape: LineShape, yes: string[], no: string[]][] = [
  ['file:line[:col]: error:', [
    "main.c:3:18: error: 'counter' undeclared (first use in this function)",
    'main.c:1:10: fatal error: libfoo/foo.h: No such file or directory',
    'Main.java:1: error: cannot find symbol',
    '  src/App.hs:4:7: error: [GHC-88464]',
    'C:\\work\\src\\main.cpp:12:5: error: expected ‘;’',
  ], [
    '40B73961F77F0000:error:8000006F:system library:BIO_connect:Connection refused:../crypto/bio/bio_sock2.c:117:calling connect()',
    "main.c:3:48: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'",
    '2025/01/15 10:22:31 main.go:42: error: dial tcp 10.0.0.5:5432: connect: connection refused',
    'main.c:3:18: warning: unused variable',
    'Makefile:2: error: missing separator',
    'error: main.c:3:18 failed',
  ]],
  ['file(line,col): error', [
    'index.ts(2,18): error TS2554: Expected 2 arguments, but got 1.',
    'Program.cs(12,9): error CS0103: The name \'x\' does not exist',
    'main.cpp(12) : error C2065: \'x\': undeclared identifier',
  ], [
    'index.ts(2,18): warning TS6133: declared but never read',
    'retry(3,5): error budget spent',
    'at Object.<anonymous> (index.ts:2:18) error: x',
  ]],
  ['file:line:col - error', ["src/a.ts:3:5 - error TS2322: Type 'string' is not assignable to type 'number'."], ['src/a.ts:3:5 - warning: x', 'src/a.ts - error TS2322']],
  ['error[CODE]:', ['error[E0308]: mismatched types', '  error[E0425]: cannot find value'], ['error: could not compile', 'an error[E0308]: in prose', 'error[]: x']],
  ['--> file:line:col', [' --> src/main.rs:4:13', '  --> Cargo.toml:1:9'], ['--> src/main.rs', 'see --> src/main.rs:4:13', '--> main:4:13']],
  ['tool: Ecode: message', ['svn: E155007: None of the targets are working copies', "svn: E160028: File '/trunk/VERSION' is out of date"], [
    'svn: E155007:', 'svn: E12: short code', 'E155007: no tool before it', 'Svn: E155007: a capital in the name', 'see svn: E155007: in prose',
  ]],
  ['Usage: …', ['Usage: xxd [options] [infile [outfile]]', 'usage: deploy [-h] --env ENV', 'Usage:'], ['memory usage: 120 MiB', 'Disk usage: 80%', 'see Usage: below']],
  ['Word!', ['Aborted!', '  Cancelled!  '], ['rake aborted!', 'Aborted (core dumped)', '!', 'Aborted! by the user']],
  ['file:line:col: message', ['./main.go:5:2: undefined: total', 'vet: ./main.go:5:26: t.Run undefined'], ['    client_test.go:31: got 1 attempts, want 3', '2025/01/15 main.go:42:1: x', './main.go:5:2:']],
  ['N failed', [
    'Tests:       1 failed, 4 passed, 5 total', '      Tests  2 failed | 3 passed (5)', '  3 failing', '=== 1 failed, 2 passed in 0.12s ===',
    'FAILED (failures=2)', 'Tests run: 4, Failures: 1, Errors: 0, Skipped: 0', '# fail 1',
  ], ['Tests: 0 failed, 5 passed', 'FAILED (failures=0)', 'retry 3 of 5 after a failed attempt', 'v1.2 failed', '# fail 0', 'Attempt 1 failed with status 429', 'connection to server at "127.0.0.1", port 1 failed', 'GET https://api.example.com/v1/items failed: 404 Not Found']],
  ['message at file line N.', [
    'Not a HASH reference at app.pl line 3.',
    "Can't store CODE items at /usr/lib/x86_64-linux-gnu/perl/5.36/Storable.pm line 285, at app.pl line 2.",
    'bad row at tools/load.pl line 9, <$fh> line 3.',
    'Died at -e line 1.',
  ], [
    'stopped at the finish line.',
    'warning printed at deploy.pl line 3 and kept going',
    'at app.pl line 3.',
    'Not a HASH reference at app line 3.',
    'Not a HASH reference at app.pl line x.',
  ]],
  ['at fn (file:line)', ['    at useAuth (src/auth.tsx:12:11)', '    at file:///work/main.mjs:1:16', '\tat Main.main(Main.java:2)', '   at App.Run() in /src/App.cs:line 12'], [
    'look at this (1:2)x', 'at noon (12:00)', 'at fn (Native Method)', 'arrived at 10:30',
  ]],
  ['not ok N', ['not ok 1 - rejects an expired token', '    not ok 12 adds'], ['ok 1 - adds', 'it is not ok 1 time', 'not ok - x']],
  ['file:line[:col] RULE message', [
    "main.py:1:1: F401 'os' imported but unused",
    'main.py:2:0: W0611: Unused import os (unused-import)',
    'README.md:3 MD025/single-title/single-h1 Multiple top-level headings in the same document',
    'src/index.js:2:3 lint/suspicious/noDebugger  FIXABLE',
    'app/models/user.rb:1:1: C: Style/FrozenStringLiteralComment: Missing frozen string literal comment.',
    '         ^--------^ SC2045 (error): Iterating over ls output is fragile. Use globs.',
  ], [
    "main.c:3:18: error: 'counter' undeclared",
    'main.py:3: error: Name "x" is not defined  [name-defined]',
    'tests/test_api.py:12: AssertionError',
    './main.go:5:2: undefined: total',
    'src/a.ts:3:5 - error TS2322: x',
    'main.py:3:5: E5 too short a code',
    'main.py:3:5: src/lib.py is a path, not a rule',
    'main.py:3:5:',
    '^-- see SC2045',
  ]],
  ['file:line[.col]: message', [
    'grammar.y:10.7: error: unexpected :',
    'scanner.l:7: undefined definition {NUMBER}',
    'm4:config.m4:2: ERROR: end of file in argument list',
    'sudoers:3:36: Cmnd_Alias "SERVICES" referenced but not defined',
    'vet: ./main.go:5:26: unreachable code',
    '"deploy.cron":2: bad hour',
    'firewall.nft:5:16-24: Error: unknown identifier',
    'named.conf:4: missing \';\' before \'}\'',
  ], [
    'internal:0:0-0: Error: Could not open file',
    '"": x',
    "app.rb:3:in 'fetch': key not found: \"target\" (KeyError)",
    'm4:config.m4:2: Warning: too few arguments to builtin `index\'',
    'grammar.y: error: 1 shift/reduce conflict',
    'localhost:5432: connection refused',
    'db:3:4: x',
    'at 10:30: error connecting',
    'config.m4:2:',
  ]],
  ['tool: Word', [
    'snmpget: Timeout',
    'rsync: Timeout.',
  ], [
    'snmpget: Timeout after 5 s',
    'Timeout: No Response from 127.0.0.1:161.',
    'snmpget: 30',
    ': Timeout',
  ]],
  ['on line N[:col] of file', [
    '        on line 3:3 of scss/main.scss',
    'on line 1 of styles/_mixins.scss',
    '\ton line 12:40 of src/theme.less  ',
  ], [
    'Error: Invalid CSV on line 3 of data.csv',
    '        on line 3:3 of stdin',
    '        on line 3: of main.scss',
    '        on line of main.scss',
    '        on line 2:4 of my file.scss',
  ]],
  ['error: file:line message', [
    "error: logrotate.conf:3 bad rotation count 'five'",
    'ERROR: app.conf:12:4 unknown key',
    'fatal: "site.cfg":2 bad value',
  ], [
    'error: logrotate.conf:3: bad rotation count',
    'error: bad top line in state file state',
    'error: app.conf:0 unknown key',
    'warning: app.conf:3 bad value',
    'error: logrotate.conf:3',
  ]],
  ['address …', [
    '192.0.2.10 is unreachable',
    '10.0.0.1:8080 is unreachable',
    '[2001:db8::1] is unreachable',
    'db.example.test is unreachable',
  ], [
    'statement is unreachable',
    'main.c is unreachable',
    '1.2.3 is unreachable',
    '  ',
  ]],
  ['error: (file) [Line N, Column M]', [
    'Template render error: (/work/case/templates/page.njk) [Line 1, Column 4]',
    'Template render error: (config/site.yaml) [Line 3, Column 1]',
  ], [
    'Template render error: (unknown path) [Line 1, Column 24]',
    'Template render error: (data/rows.csv) [Line 1, Column 4]',
    'Template render error: (/usr/lib/node_modules/x/templates/page.njk) [Line 1, Column 4]',
    'Template render error: (/work/case/templates/page.njk)',
    'error: (see above) [Line 1]',
  ]],
  ['N problems', [
    '3 problems',
    '1 problem',
    '✖ 12 problems',
    'Scanned 1 files, found 3 errors in 1 files (26 ms)',
    'Scanned 4 files, found 1 warning in 1 file',
  ], [
    '0 problems',
    '3 problems found in the network layer',
    'Scanned 2 files, found 0 errors in 2 files',
    'Found 3 errors in 1 file (checked 5 source files)',
    'no problems',
  ]],
  ['Error: file:line + code frame', [
    "Error: styles/main.styl:1:9\n   1| @import 'variables'",
    "Error: /work/case/views/index.ejs:1\n >> 1| <%- include('partials/header') %>",
    '[Error: styles/main.styl:3:3\n   1| theme = 1',
  ], [
    'Error: styles/main.styl:1:9',
    "Error: styles/main.styl:1:9 failed\n   1| @import 'variables'",
    'ReferenceError: views/index.ejs:2\n >> 2| <p>',
    'Error: src/app.js:12\n    at main (src/app.js:12:5)',
    'Error: timeout\n   1| x',
  ]],
  ['line:col severity message rule', [
    '  2:10  error  trailing spaces  (trailing-spaces)',
    '  1:10  error  \'x\' is defined but never used  no-unused-vars',
    '  5:5       warning  missing document start "---"  (document-start)',
  ], [
    '  2:10  error  trailing spaces',
    '12:30 error connecting to db: connection refused',
    'at 10:30 error: timeout (retrying)',
    '  2:10  error  message  (two words)',
  ]],
];

describe('line shapes: a diagnostic is known by where its words sit', () => {
  for (const [shape, yes, no] of CASES) {
    describe(shape, () => {
      // At the end of the case's first line (a shape may read the line after it: a code frame).
      test.each(yes)('%s', (line) => expect(lineHasShape(`first line\n${line}\nlast line`, 'first line\n'.length + (line.includes('\n') ? line.indexOf('\n') : line.length) - 1, shape)).toBe(true));
      test.each(no)('not %s', (line) => expect(lineHasShape(line, 0, shape)).toBe(false));
    });
  }

  test('every shape is listed with an example of itself', () => {
    expect(new Set(CASES.map(([shape]) => shape))).toEqual(new Set(LINE_SHAPE_NAMES));
    for (const name of LINE_SHAPE_NAMES) {
      expect(isLineShape(name)).toBe(true);
      expect(lineHasShape(LINE_SHAPES[name].example, 0, name), name).toBe(true);
    }
    expect(isLineShape('file:line')).toBe(false);
  });

  test('the position anywhere on its line: the whole line is the shape', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z_/]{1,20}$/), fc.nat(9999), fc.nat(200), fc.string({ maxLength: 40 }), (path, line, col, msg) => {
      const text = `${path}.c:${line + 1}:${col + 1}: error: ${msg.replace(/\n/g, ' ')}`;
      for (const at of [0, text.length >> 1, text.length - 1]) expect(lineHasShape(text, at, 'file:line[:col]: error:')).toBe(true);
    }));
  });

  test('a compiler diagnostic is never a linter\'s finding: a severity stands where a finding names its rule', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z_/]{1,20}$/), fc.nat(9999), fc.nat(200), fc.constantFrom('error:', 'warning:', 'note:', 'fatal error:'), fc.string({ maxLength: 40 }), (path, line, col, severity, msg) => {
      const text = `${path}.py:${line + 1}:${col + 1}: ${severity} ${msg.replace(/\n/g, ' ')}`;
      expect(lineHasShape(text, 0, 'file:line[:col] RULE message')).toBe(false);
    }));
  });

  test('something before the position breaks the shape', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), (prefix) => {
      expect(lineHasShape(`${prefix} main.c:3:5: error: x`, 0, 'file:line[:col]: error:')).toBe(false);
    }));
  });

  test('bounded: a huge line is read at most SHAPE_REACH either side of the match', () => {
    const huge = `main.c:3:5: error: ${'x'.repeat(10 * SHAPE_REACH)}`;
    expect(lineHasShape(huge, 5, 'file:line[:col]: error:')).toBe(true);
    expect(lineHasShape(huge, huge.length - 1, 'file:line[:col]: error:')).toBe(false);
  });
});
