/**
 * A linter's findings that nothing else reads, by the count the run ends with (issue 30, the
 * fifteenth capture; src/classify/lexicon/lint-count.ts, line shape `N problems`): QUALITY_GATE_FAIL.
 * Made-up linters' outputs in the layouts the capture met, with the generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const RED = '\u001b[31m', OFF = '\u001b[39m';

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['findings as `file: line N, col M, error - …` then a count', { stdout: `/srv/site/a.html: line 2, col 46, error - Tag must be paired (tag-pair)\n\n${RED}1 problems${OFF}\n`, stderr: '', exitCode: 1 }, 'QUALITY_GATE_FAIL'],
  ['findings under a file name with caret frames, then a scan summary', { stdout: `\n   /srv/site/index.html\n      L5 |<IMG src="logo.png">\n          ^ The element name must be in lowercase. (name-lowercase)\n\nScanned 1 files, found 1 errors in 1 files (26 ms)\n`, stderr: '', exitCode: 1 }, 'QUALITY_GATE_FAIL'],
  ['a position with the rule in brackets, then a count', { stdout: `/srv/site/page.html:1:1: Doctype must be declared first. [error/doctype-first]\n\n${RED}2 problems${OFF}\n`, stderr: '', exitCode: 1 }, 'QUALITY_GATE_FAIL'],
  ['a count with a cross, on stderr', { stderr: 'docs/guide.txt: 3: passive voice\n✖ 1 problem\n', exitCode: 1 }, 'QUALITY_GATE_FAIL'],
];

// Look-alikes: a count of none on a failed run, prose about problems, a count inside a sentence.
const LOOK_ALIKES: [what: string, observation: Observation][] = [
  ['a run that counts none', { stdout: 'Scanned 3 files, found 0 errors in 3 files\n0 problems\n', stderr: '', exitCode: 1 }],
  ['prose about problems on a failed run', { stderr: 'There were 3 problems reaching the mirror, giving up\n', exitCode: 1 }],
  ['a count inside a sentence', { stderr: 'deploy: 2 problems found in the manifest, see above\n', exitCode: 1 }],
];

describe('a linter\'s count of its findings', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (type === 'QUALITY_GATE_FAIL') expect(result.evidence[0]!.rule).toBe('lexicon.lint-count');
  });

  test.each(LOOK_ALIKES)('look-alike: %s', (_, observation) => {
    expect(generic(observation).type).not.toBe('QUALITY_GATE_FAIL');
  });

  test('a type checker\'s count stays a broken build', () => {
    expect(generic({ stdout: 'src/app.py:3: error: Incompatible types in assignment  [assignment]\nFound 1 error in 1 file (checked 4 source files)\n', stderr: '', exitCode: 1 }).type).toBe('BROKEN_BUILD');
  });
});
