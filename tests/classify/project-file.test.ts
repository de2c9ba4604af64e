import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { PROJECT_FILE_RULE } from '../../src/classify/project-file.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A project file refused (issue 30, file roles): a generic refusal whose subject is the project's
 * source or configuration is BROKEN_BUILD; a data file keeps ERROR_RESPONSE. The tool names are
 * invented: the rule reads the file's name, never the tool's.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

/** One row per role and per shape of the subject line. */
const ROWS: [what: string, observation: Observation][] = [
  ['a grammar file, FILE: error:', fail('yaccish: grammar.y: error: 1 shift/reduce conflict [-Werror=conflicts-sr]\n')],
  ["a source file the tool cannot parse, named in its marked line", fail('error: cannot format main.py: Cannot parse: 1:6: def f(:\n1 file would fail to reformat.\n')],
  ['a plot script, "FILE" line N', fail('plot x,,\n     ^\n"plots/latency.gp" line 3: invalid expression \n')],
  ['a template language, FILE:LINE:COL-COL after a severity head', fail('STATIC ERROR: deploy/main.jsonnet:3:13-26: Unknown variable: replica_count\n')],
  ["a macro file joined to the program's name", fail("m4x:config.m4:2: Warning: too few arguments to builtin `index'\n")],
  ['a run-commands file, FILE: line N', fail('mailer: mailerrc: line 2: unknown command hots\n')],
  ['an options dotfile, FILE: message', fail('fmt: .fmt.pro: unknown option "-line-lenght80"\n')],
  ['a unit file, FILE: message', fail('app.service: Command server is not executable: bad format\n')],
  ['a documentation source, FILE:LINE: (level)', fail('docs/index.rst:4: (ERROR/3) Unknown interpreted text role "ref-doc".\n')],
  ['a header, a warning made an error and nothing else read', fail('app.h:2: Warning 301: class keyword used, but not in C++ mode.\n')],
  ['a generator input, FILE: message, nothing else read', fail('keywords.gperf: missing struct declaration for option --struct-type\n')],
  ['a stylesheet, in FILE on line N', fail('lessish: Unrecognised input in /work/case/styles/main.less on line 4, column 8:\n')],
  ["a configuration file's value refused (`no database` is not the input's `no data`)", fail('svc: app.conf: error: no database selected\n')],
  ['a script of the project, FILE: message, nothing else read', fail('ldr: /work/case/boot.lua: refused the given name\n')],
];

/** Look-alikes: a file named, but not a project file that does not parse or load. */
const LOOK_ALIKES: [what: string, observation: Observation, type: FailureType][] = [
  ['a data file refused keeps the refusal', fail('tabler: rows.csv: error: field 3 is not a number\n'), 'ERROR_RESPONSE'],
  ['a JSON answer refused keeps the refusal', fail('reader: answer.json: error: unexpected field "x"\n'), 'ERROR_RESPONSE'],
  ['an archive refused keeps the refusal', fail('unpack: release.tar.gz: error: not an archive\n'), 'ERROR_RESPONSE'],
  ['a project file that is not there is the request refused', fail('catx: config/production.yml: No such file or directory\n'), 'ERROR_RESPONSE'],
  ['a project file that cannot be opened is the request refused', fail("m4x: cannot open `build/config.m4': Permission denied\n"), 'ERROR_RESPONSE'],
  ['a stack frame names the code that ran, not the subject', fail('tool: error: bad request\n    at parse (/work/case/lib/parse.js:12:5)\n'), 'CLI_CRASH'],
  ["a path of the tool's own install", fail('ldr: /usr/share/ldr/boot.lua: refused the given name\n'), 'ERROR_RESPONSE'],
  ['a dependency fetched into node_modules', fail('ldr: /work/case/node_modules/x/boot.lua: refused the given name\n'), 'ERROR_RESPONSE'],
  ['a .c file named in a message about something else', fail('linker: error: cannot reach the license server for helper.c\n'), 'ERROR_RESPONSE'],
  ["another line's file beside the program's marked error", fail("configure.ac:2: installing './missing'\nchecker: error: cannot reach https://example.test/\n"), 'ERROR_RESPONSE'],
  ['an unknown option reported at the build file\'s position is the invocation\'s', fail('', 'builder.build:1:0: ERROR: Unknown options: "frobnicate"\n'), 'ERROR_RESPONSE'],
  ['a failure that speaks of its data file', fail('"plots/latency.gp" line 3: warning: Skipping data file with no valid points\n"plots/latency.gp" line 3: x range is invalid\n'), 'ERROR_RESPONSE'],
  ["a failure that says it had no data to work on", fail('svc: app.conf: error: no data to plot\n'), 'ERROR_RESPONSE'],
  ['a specific cause outranks it: the network', fail('src/fetch.py: error: connect ECONNREFUSED 127.0.0.1:5432\n'), 'NETWORK'],
  ['a specific cause outranks it: a full disk', fail('src/app.c: error: No space left on device\n'), 'RESOURCE_EXHAUSTION'],
  ['a process that did not fail is not read', { stdout: '', stderr: 'grammar.y: error: 1 conflict\n', exitCode: 0 }, 'UNKNOWN'],
];

describe('a project file refused is the build\'s (issue 30, file roles)', () => {
  test.each(ROWS)('%s', (_, observation) => {
    const whole = classify(observation);
    expect(whole.type).toBe('BROKEN_BUILD');
    expect(whole.evidence[0]!.rule).toBe(PROJECT_FILE_RULE);
    expect(generic(observation).type).toBe('BROKEN_BUILD');
  });

  test.each(LOOK_ALIKES)('look-alike: %s', (_, observation, type) => {
    const whole = classify(observation);
    expect(whole.type).toBe(type);
    expect(whole.evidence.map((e) => e.rule)).not.toContain(PROJECT_FILE_RULE);
    expect(generic(observation).type).toBe(type);
  });

  test('the same line with a data file is the refusal it was', () => {
    expect(classify(fail('yaccish: grammar.y: error: bad symbol\n')).type).toBe('BROKEN_BUILD');
    expect(classify(fail('yaccish: grammar.csv: error: bad symbol\n')).type).toBe('ERROR_RESPONSE');
  });

  test("a long log is read at its ends, as the catch-all reads it: the last line's subject counts, one in the middle does not", () => {
    const noise = 'compiling module src/components/widget-0042 (ok) in 12ms\n'.repeat(20_000);
    expect(classify(fail(`${noise}app.h:2: Warning 301: class keyword used\n`)).type).toBe('BROKEN_BUILD');
    expect(classify(fail(`${noise}app.h:2: Warning 301: class keyword used\n${noise}`)).type).toBe('UNKNOWN');
  });
});
