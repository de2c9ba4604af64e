import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A project file of the build, refused (issue 30, the twelfth capture; no rule names a tool): the
 * line a build step marked as its error names the build's own description — by the file's kind,
 * its conventional name (`Makefile.am`, `Makefile.in`, `configure.ac`, a package's `debian/control`
 * or `DEBIAN/control`) — or says what the project needs to build (`required to build`, `failed
 * build dependencies`). DESIGN's BROKEN_BUILD (the project does not build), where the catch-all
 * would read the same line as the tool refusing its request (ERROR_RESPONSE). Only on a line that
 * says *error* (`sameLine`): a build file named in passing is no evidence. Not when the line says
 * a permission refused the file (a file's mode: ERROR_RESPONSE, as the corpus labels it).
 */

/** Conventional names of a build's description files, matched inside paths and quotes. */
export const BUILD_FILE_NAMES = ['makefile.am', 'makefile.in', 'configure.ac', 'configure.in', 'debian/control'];

/** Words that say the project needs something to build (one thing, `is`: `3 rows are required to build the index` is data). */
export const BUILD_NEEDS = ['is required to build', 'failed build dependencies', 'unmet build dependencies'];

export const BUILD_FILE_RULES: readonly Rule[] = [
  {
    id: 'lexicon.build-file-refused',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    inIdentifiers: true,
    unless: [...REPORT, 'permission denied'],
    phrases: BUILD_FILE_NAMES,
    requires: ['error'],
    sameLine: true,
  },
  {
    id: 'lexicon.build-needs',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    unless: [...REPORT],
    phrases: BUILD_NEEDS,
    requires: ['error'],
    sameLine: true,
  },
];
