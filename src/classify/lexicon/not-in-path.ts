import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A program looked up in the command search path and not found there (issue 30, the sixteenth
 * capture): `Error: Program git-describe-x not found in the tree or in PATH`, `deploy: helm: not
 * found in $PATH`, `could not find kubectl on PATH`. PATH is POSIX's search path for commands, so a
 * name not found in it is a command that is not installed: CLI_NOT_FOUND (fatal: a person must
 * install it), above the build-file diagnostic that may print the line. On the line of the not-found
 * words only; not in a test report.
 */
export const NOT_IN_PATH_RULES: readonly Rule[] = [
  {
    id: 'lexicon.not-in-path',
    type: 'CLI_NOT_FOUND',
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    phrases: ['in path', 'in $path', 'on path', 'on $path', 'in your path', 'on your path'],
    requires: ['not found', 'cannot find', 'could not find', "couldn't find", 'unable to find', 'not installed'],
    sameLine: true,
  },
];
