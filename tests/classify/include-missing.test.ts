/**
 * A project file that does not build because what it includes is not there, or because a bracket
 * in its code is never closed (src/classify/lexicon/include-missing.ts): BROKEN_BUILD over the
 * refusal the missing file's words suggest. Made-up programs' lines in the real shapes, with the
 * generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a document\'s include whose file is not there', { stderr: 'docgen: ERROR: guide.txt: line 3: include file not found: /srv/docs/partials/install.txt\n', exitCode: 1 }, 'BROKEN_BUILD', 'lexicon.include-missing'],
  ['a manual\'s @include that could not find its chapter', { stderr: 'manual.tex:8: @include: could not find chapters/install.tex\n', exitCode: 1 }, 'BROKEN_BUILD', 'lexicon.include-missing'],
  ['a template\'s include, thrown', { stderr: 'Error: Could not find the include file "partials/header"\n    at getIncludePath (/srv/app/node_modules/tmpl/lib/tmpl.js:185:13)\n', exitCode: 1 }, 'BROKEN_BUILD', 'lexicon.include-missing'],
  ['code loaded by a program with a bracket never closed', { stderr: "Error: error when loading custom plugin: '{' was never closed (<string>, line 6)\n", exitCode: 1 }, 'BROKEN_BUILD', 'lexicon.never-closed'],
];

// Look-alikes: a file the program was given that it cannot open (no include word), a template asked for by name.
const LOOK_ALIKES: [what: string, observation: Observation][] = [
  ['a file given that cannot be opened', { stderr: "m5:config.m5:1: cannot open `defs.m5': No such file or directory\n", exitCode: 1 }],
  ['a template asked for by name', { stderr: "Traceback (most recent call last):\n  File \"/srv/app/main.py\", line 4, in <module>\n    env.get_template('prompts/a.j2')\ntmpl.exceptions.TemplateNotFound: 'prompts/a.j2' not found in search path: 'templates'\n", exitCode: 1 }],
];

describe('an include not there, a bracket never closed', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (rule !== undefined) expect(result.evidence[0]!.rule).toBe(rule);
  });

  test.each(LOOK_ALIKES)('look-alike: %s', (_, observation) => {
    const rules = generic(observation).evidence.map((e) => e.rule);
    expect(rules).not.toContain('lexicon.include-missing');
    expect(rules).not.toContain('lexicon.never-closed');
  });

  test('a file given that cannot be opened stays the refusal', () => {
    expect(generic(LOOK_ALIKES[0]![1]).type).toBe('ERROR_RESPONSE');
  });

  test('a test report that names the words is a failed test, not a broken build', () => {
    expect(generic({ stdout: 'FAIL  loader.test.js\n  ✕ reports "include file not found" for a missing partial\nTests: 1 failed, 3 passed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });
});
