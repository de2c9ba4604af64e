import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A grammar, scanner, macro or configuration file diagnosed at its position (issue 30, the seventh
 * capture): BROKEN_BUILD by the position in front of a definition's words, whatever tool printed it.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a parser generator\'s error at line.column', fail('grammar.y:10.7: error: unexpected :\n   10 | term: : NUM ;\n      |       ^\n'), 'BROKEN_BUILD'],
  ['a scanner specification\'s undefined definition', fail('scanner.l:7: undefined definition {NUMBER}\nscanner.l:7: unrecognized rule\n'), 'BROKEN_BUILD'],
  ['a directive not recognised', fail('scanner.l:4: unrecognized %option: fastest\n'), 'BROKEN_BUILD'],
  ['the file ends inside an action', fail('scanner.l:8: EOF encountered inside an action\n'), 'BROKEN_BUILD'],
  ['a negative range in a pattern', fail('lexer.l:12: negative range in character class\n'), 'BROKEN_BUILD'],
  ['a macro file ends inside a string (the program\'s name joined in front)', fail('m4:config.m4:1: ERROR: end of file in string\n'), 'BROKEN_BUILD'],
  ['a configuration without an extension, at line and column', fail('sudoers:3:36: Cmnd_Alias "SERVICES" referenced but not defined\n'), 'BROKEN_BUILD'],
  ['a name defined twice, with the line quoted under it', fail('sudoers:2:39: Alias "SERVICES" already defined\nCmnd_Alias SERVICES = /usr/bin/service\n                                      ^\n'), 'BROKEN_BUILD'],
  ['an unknown entry outranks the refusal its word means elsewhere', fail('policy.conf:1:18: unknown defaults entry "env_rest"\n'), 'BROKEN_BUILD'],
  ['a declarations file left unterminated, at its line', fail('keywords.gperf:1: unterminated %{ section\n'), 'BROKEN_BUILD'],
  // The message, then its position on a line of its own (the ninth capture): the stylesheet does not compile.
  ['a stylesheet\'s undefined variable, its position under it', fail('Error: Undefined variable: "$brand-primary".\n        on line 1:15 of scss/main.scss\n>> .btn { color: $brand-primary; }\n\n   --------------^\n'), 'BROKEN_BUILD'],
  ['a stylesheet\'s import that does not resolve is the stylesheet\'s, not a missing input', fail('Error: File to import not found or unreadable: variables.\n        on line 1:1 of scss/main.scss\n>> @import "variables";\n\n   ^\n'), 'BROKEN_BUILD'],
  ['a stylesheet\'s syntax error, its position under it', fail('Error: Invalid CSS after "  padding": expected "}", was ": 4px;"\n        on line 3:3 of scss/main.scss\n>>   padding: 4px;\n\n   --^\n'), 'BROKEN_BUILD'],
  ['`expected` at a position is the file\'s, not a failed check\'s', fail('sudoers:3:28: expected a fully-qualified path name\ndeploy ALL=(ALL) NOPASSWD: systemctl restart app\n                           ^~~~~~~~~\n'), 'BROKEN_BUILD'],
];

describe('a file in a tool\'s own language that does not parse or load', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

const LOOKALIKES: [what: string, observation: Observation, type: FailureType][] = [
  // A document that parses and fails its schema: the validation's.
  ['a schema validity error at a position', fail("config/app.xml:3: element replica: Schemas validity error : Element 'replica': This element is not expected.\nconfig/app.xml fails to validate\n"), 'FORMAT_VALIDATION'],
  // A data file's order checked: the check's.
  ['a sort check\'s disorder at a position', fail('sort: users.txt:2: disorder: alpha 1\n'), 'VERIFICATION_FAILED'],
  // A sentence that names a line of its input: the input's refusal, not a position line of a source.
  ['a data file\'s line named inside the sentence', fail('csvtool: Error: invalid field count on line 3 of data.csv\n'), 'ERROR_RESPONSE'],
  // The input a converter reads, with no position line: still the input's.
  ['a stylesheet compiler\'s missing input', fail('Internal Error: File to read not found or unreadable: scss/app.scss\n'), 'ERROR_RESPONSE'],
];

describe('look-alikes: a position is not always a file that does not load', () => {
  test.each(LOOKALIKES)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
  });

  test('a Ruby frame is the position of a crash, not of a definition: no evidence of this concept', () => {
    const frame = fail("app.rb:3:in '<main>': undefined local variable or method 'totl' for main:Object (NameError)\n");
    expect(classify(frame).evidence.map((e) => e.rule)).not.toContain('lexicon.file-diagnostic');
    expect(classify(fail('scanner.l:7: undefined definition {NUMBER}\n')).evidence.map((e) => e.rule)).toContain('lexicon.file-diagnostic');
  });

  test('a host and port in front of a refusal is no file position', () => {
    expect(classify(fail('localhost:5432: unknown host\n')).type).not.toBe('BROKEN_BUILD');
    expect(classify(fail('db:3:4: unexpected reply\n')).type).not.toBe('BROKEN_BUILD');
  });

  test('a warning at a position is not the failure', () => {
    expect(classify(fail('m4:config.m4:2: Warning: undefined macro `foo\'\n')).type).not.toBe('BROKEN_BUILD');
  });
});
