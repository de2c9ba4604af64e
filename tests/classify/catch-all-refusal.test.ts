/**
 * The catch-all's refusal sentence (src/classify/catch-all-refusal.ts): a failed process that marked
 * no line as its error but said in a sentence that it refuses is ERROR_RESPONSE, the sentence as
 * evidence; UNKNOWN stays for help text, normal output, progress, counts and test reports.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { refusalLine, refusalSentence, REFUSAL_SENTENCE_RULE } from '../../src/classify/catch-all-refusal.js';
import { classify, type Observation } from '../../src/classify/index.js';

/** Each row: the shape, a failed process's output, the sentence the evidence must name. */
const REFUSALS: [what: string, observation: Observation, line: string][] = [
  ['a refusal head on stdout', { stdout: 'WIDGET v 1.2, Copyright (c) 2004 Widget Works.\n\nInvalid command: zz\n', exitCode: 7 }, 'Invalid command: zz'],
  ["can't first", { stdout: "\nCan't find backups/site.wdg\n\nFound     1 error(s)!\n", exitCode: 6 }, "Can't find backups/site.wdg"],
  ['no first', { stderr: 'no schedule for nobody\n', exitCode: 1 }, 'no schedule for nobody'],
  ['a head field before the refusal', { stderr: "line 0: Cannot load input from 'plots/latency.wp'\n", exitCode: 1 }, "line 0: Cannot load input from 'plots/latency.wp'"],
  ['a program and its subcommand before the refusal', { stderr: "wdg checkout: No WDGROOT specified!  Please use the `-d' option\n", exitCode: 1 }, "wdg checkout: No WDGROOT specified!  Please use the `-d' option"],
  ['an object id as the head', { stderr: '.1.3.6.1.2.1.1.4.0: Bad object type: q\n', exitCode: 1 }, '.1.3.6.1.2.1.1.4.0: Bad object type: q'],
  ['the refusal names its field', { stdout: 'Unknown device: png64\n', exitCode: 1 }, 'Unknown device: png64'],
  ['one leading blank', { stderr: ' unable to parse maybe as a boolean. use one of on/off\n', exitCode: 1 }, 'unable to parse maybe as a boolean. use one of on/off'],
  ['failed to, with its object in parentheses', { stderr: 'Failed to load (src/add.c)\n', exitCode: 1 }, 'Failed to load (src/add.c)'],
  ['error first, after a head', { stderr: 'Load key "deploy_key": error in libcrypto\n', exitCode: 255 }, 'Load key "deploy_key": error in libcrypto'],
  ['is not', { stdout: 'Processing archive: backup.wdg\nbackup.wdg is not a WDG archive\n', exitCode: 9 }, 'backup.wdg is not a WDG archive'],
  ["doesn't", { stderr: "Usage data file doesn't found (usage.json)\n", exitCode: 2 }, "Usage data file doesn't found (usage.json)"],
  ['does not, after a marker', { stderr: '*** Host did not advertise STARTTLS\n', exitCode: 29 }, '*** Host did not advertise STARTTLS'],
  ['not present', { stderr: 'Trusted comment not present\n', exitCode: 2 }, 'Trusted comment not present'],
  ['could not, after a code', { stdout: 'E0003 templates/net.yaml could not be processed by glob.glob\nNone:1:1\n', exitCode: 2 }, 'E0003 templates/net.yaml could not be processed by glob.glob'],
  ['failed at the end', { stderr: 'Decoding of hero.png failed.\nStatus: 3(BITSTREAM_ERROR)\n', exitCode: 255 }, 'Decoding of hero.png failed.'],
  ['a named error', { stdout: 'conformability error\n3 kg\n1 m\n', exitCode: 1 }, 'conformability error'],
];

describe('a failed process\'s refusal sentence is its refusal: ERROR_RESPONSE', () => {
  test.each(REFUSALS)('%s', (_, observation, line) => {
    const result = classify(observation);
    expect(result.type).toBe('ERROR_RESPONSE');
    expect(result.confidence).toBe(0.6);
    expect(result.evidence[0]).toMatchObject({ rule: REFUSAL_SENTENCE_RULE, match: line });
  });
});

/** Each row: a look-alike that is no refusal sentence, in a failed process's output. */
const NOT_REFUSALS: [what: string, observation: Observation][] = [
  ['progress', { stderr: 'not yet done: 45% of the frames\n', exitCode: 1 }],
  ['normal output', { stdout: 'copied 3 widgets to out/\nthe widget list is ready\n', exitCode: 1 }],
  ['a count of errors', { stdout: 'Build finished: 0 errors, 0 warnings\n', exitCode: 1 }],
  ['help text under a usage line', { stderr: 'usage: widget [-q] FILE\nIf FILE is not given, widget reads stdin.\nOptions not listed here are passed to make.\n  -q  do not print the frames\n', exitCode: 2 }],
  ['an indented help line', { stderr: '       --no-color   do not colour the output\n', exitCode: 2 }],
  ['an instruction', { stderr: "Use 'widget -help' for more information; it cannot guess.\n", exitCode: 1 }],
  ["a failing test's name", { stdout: 'test_invalid_input ... FAILED\nrejects bad input ... ok\nbad input is not accepted FAILED\n', exitCode: 1 }],
  ['a warning', { stderr: 'app.h:2: Warning 301: class keyword used, but not in C++ mode.\nwarning: frames not aligned\n', exitCode: 1 }],
  ['identifiers', { stderr: 'no_cache=1 FAILED_STEP=widget\n', exitCode: 1 }],
  ['a comparison', { stdout: "expected: 'not found'\nreceived: 'ok'\n", exitCode: 1 }],
  ['an error word inside a longer sentence', { stderr: 'the widget reported an error and stopped at frame 3\n', exitCode: 1 }],
  ['a refusal sentence of a process that did not fail', { stderr: 'no schedule for nobody\n', exitCode: 0 }],
  ['a JSON body', { stdout: '{"error": "the widget stopped"}\n', exitCode: 1 }],
];

describe('UNKNOWN stays for what is no refusal sentence', () => {
  test.each(NOT_REFUSALS)('%s', (_, observation) => {
    const result = classify(observation);
    expect(result.evidence.map((e) => e.rule)).not.toContain(REFUSAL_SENTENCE_RULE);
    expect(result.type).not.toBe('ERROR_RESPONSE');
  });

  test('an error-marked line is the catch-all\'s first choice: the refusal sentence is read only without one', () => {
    const result = classify({ stderr: 'Trusted comment not present\nerror: the widget list is empty\n', exitCode: 1 });
    expect(result.evidence[0]).toMatchObject({ rule: 'catch-all.error-marked-line', match: 'error: the widget list is empty' });
  });
});

describe('refusalSentence (the line shape)', () => {
  // Plain words: none of refusal, and none that makes a line a test's report (`… ok`) or a failure the
  // program went on from (`… retrying`), which the reader leaves alone by design.
  const plain = fc.stringMatching(/^[a-z]{1,8}$/).filter((w) => !['ok', 'retrying', 'skipping', 'skipped', 'ignoring', 'ignored', 'continuing', 'falling', 'no', 'not', 'cannot', 'unable', 'failed', 'invalid', 'unknown', 'bad', 'missing', 'illegal', 'wrong', 'problem', 'error', 'failure', 'refused', 'denied', 'garbled', 'malformed', 'unsupported', 'unrecognized', 'unrecognised', 'could', 'can'].includes(w));
  const sentence = fc.array(plain, { minLength: 1, maxLength: 10 }).map((w) => w.join(' '));

  test('a sentence of plain words says no refusal, anywhere', () => {
    fc.assert(fc.property(fc.array(sentence, { maxLength: 6 }), (lines) => {
      expect(refusalLine({ error: [], stderr: [lines.join('\n')], message: [], stdout: [lines.join('\n')] })).toBeNull();
    }));
  });

  test('a refusal head before plain words is a refusal, after a program\'s name too, and not when indented', () => {
    fc.assert(fc.property(fc.constantFrom('Invalid', 'Unknown', 'No', 'Cannot', "Can't", 'Could not', 'Unable to', 'Failed to', 'Bad', 'Missing'), sentence, plain, (head, rest, tool) => {
      expect(refusalSentence(`${head} ${rest}`)).toBe(true);
      expect(refusalSentence(`${tool}: ${head} ${rest}`)).toBe(true);
      expect(refusalSentence(`    ${head} ${rest}`)).toBe(false);
    }));
  });

  test('any line is answered', () => {
    fc.assert(fc.property(fc.string({ maxLength: 120 }), fc.boolean(), (line, predicates) => {
      expect(typeof refusalSentence(line, predicates)).toBe('boolean');
    }));
  });
});
