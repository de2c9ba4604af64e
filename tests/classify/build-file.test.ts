import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A project file of the build, refused (issue 30, the twelfth capture): an error line that names
 * the build's own description file, or says what the project needs to build, is BROKEN_BUILD, where
 * the catch-all alone reads the tool refusing its request (ERROR_RESPONSE).
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a generated makefile template the configure step cannot find', fail("config.status: error: cannot find input file: `Makefile.in'\n"), 'BROKEN_BUILD'],
  ["a build description that is not there", fail("configure.ac:2: installing './missing'\nautomake: error: no 'Makefile.am' found for any configure output\n"), 'BROKEN_BUILD'],
  ["a package's control file that does not parse", fail("dpkg-deb: error: parsing file 'pkg/DEBIAN/control' near line 5 package 'app':\n missing 'Version' field\n"), 'BROKEN_BUILD'],
  ["a source package's control file in its usual place", fail("mkpkg: error: debian/control: field name 'Depends' must be followed by colon\n"), 'BROKEN_BUILD'],
  ['a library the project needs to build', fail('configure: error: libzzcodec is required to build app\n'), 'BROKEN_BUILD'],
  ["a build's unmet dependencies", fail('error: Failed build dependencies:\n\tlibzzcodec-devel >= 2.1 is needed by app-1.0-1.noarch\n'), 'BROKEN_BUILD'],
];

describe("a project file of the build, refused, is the build's", () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });

  test('without the build file on the line the same error is the request refused', () => {
    expect(classify(fail("tool: error: cannot find input file: `data.csv'\n")).type).toBe('ERROR_RESPONSE');
    expect(classify(fail('tool: error: parsing file \'rows.txt\' near line 5: missing field\n')).type).not.toBe('BROKEN_BUILD');
  });
});

describe('look-alikes', () => {
  test.each([
    ['a build file named on a line that is no error', { stdout: '', stderr: "configure.ac:2: installing './missing'\nlinkchecker: error: cannot reach https://example.test/\n", exitCode: 1 }, 'ERROR_RESPONSE'],
    ["a build file's mode refused", fail("cp: cannot create regular file './depcomp': Permission denied\nMakefile.am: error: installing './depcomp'\n"), 'ERROR_RESPONSE'],
    ['a test report that names a build file in a failed assertion', { stdout: '', stderr: 'FAILED tests/test_build.py::test_configure - AssertionError: error in configure.ac\n1 failed, 2 passed\n', exitCode: 1 }, 'VERIFICATION_FAILED'],
    ['data rows that an index needs', fail('indexer: error: 3 rows are required to build the index; got 2\n'), 'ERROR_RESPONSE'],
  ])('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
  });
});
