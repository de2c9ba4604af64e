import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A tool or compiler a build names that is not there or does not run (issue 30, the twelfth
 * capture): CLI_NOT_FOUND (a person installs it), not the tool refusing a request.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

describe('a build tool that is not there', () => {
  test.each([
    ['a helper tool at the path the configuration gave', fail("error: the dot tool could not be found as '/opt/graphviz/bin/dot'\n (warning treated as error, aborting now)\n")],
    ['a compiler that cannot make a program', fail("configure: error: in `/work/case':\nconfigure: error: C compiler cannot create executables\nSee `config.log' for more details\n")],
    ['a code generator the build names', fail("gen: error: the protoc tool could not be found as '/usr/local/bin/protoc'\n")],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('CLI_NOT_FOUND');
    expect(generic(observation).type).toBe('CLI_NOT_FOUND');
  });
});

describe('look-alikes', () => {
  test.each([
    ["an agent's tool call with no path", fail("agent: error: Tool 'search' could not be found\n")],
    ['a record that could not be found as a user', fail("ldapsearch: error: the entry could not be found as uid=alice\n")],
  ])('%s is not a missing program', (_, observation) => {
    expect(classify(observation).type).not.toBe('CLI_NOT_FOUND');
  });
});
