import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import type { Rule } from '../rule.js';

/**
 * A project that does not build, in words no compiler's line shape carries (issue 30, the seventh
 * capture's misses by mechanism; none names a tool): a program given on the command line that does
 * not parse, a project that needs a newer tool than the one installed, a build graph that cannot be
 * made, a summary of fatal errors after a file's diagnostics. DESIGN's BROKEN_BUILD: the task's own
 * artifact (its script, its build files, its sources) must change.
 */
export const BUILD_RULES: readonly Rule[] = [
  {
    // A script given as an argument refused at a position in it: "sed: -e expression #1, char 18: invalid reference \1 on
    // `s' command's RHS". The program text is the task's own (the corpus labels it BROKEN_BUILD), above the refusal
    // words ("unknown command", "unknown option") the message also carries.
    id: 'lexicon.expression-does-not-parse',
    type: 'BROKEN_BUILD',
    unless: REPORT,
    phrases: ['expression #*'],
    requires: ['char'],
    sameLine: true,
  },
  {
    // A project that needs a newer tool: "ERROR: Meson version is 1.0.1 but project requires >=9.0", "this project requires
    // CMake 3.28 or newer". The installed tool cannot build it; a build's problem, not a refused request.
    id: 'lexicon.tool-too-old',
    type: 'BROKEN_BUILD',
    unless: REPORT,
    phrases: [
      'but project requires', 'this project requires', 'the project requires', 'project requires version', 'or newer is required', 'or later is required',
      'minimum required version', 'requires a newer version of',
    ],
  },
  {
    // A build graph that cannot be made: "could not determine root nodes of build graph", "dependency cycle", a cycle in
    // the targets. The build files are wrong.
    id: 'lexicon.build-graph',
    type: 'BROKEN_BUILD',
    unless: REPORT,
    wordForms: true,
    phrases: ['build graph', 'root nodes', 'dependency graph', 'target graph'],
    requires: ['cycle', 'cyclic', 'circular', '{cannot} determine', '{cannot} build', '{cannot} resolve'],
    sameLine: true,
  },
  {
    // A compiler-like tool's summary after its `file:line:` diagnostics: "msgfmt: found 1 fatal error". None were found in
    // "found 0 fatal errors".
    id: 'lexicon.fatal-errors-found',
    type: 'BROKEN_BUILD',
    unless: [...REPORT, 'found 0 fatal', 'found no fatal', 'no fatal errors'],
    wordForms: true,
    phrases: ['fatal error', 'fatal errors'],
    requires: ['found'],
    sameLine: true,
  },
];
