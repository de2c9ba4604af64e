import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A service's configuration that does not load (issue 30, the tenth capture; no rule names a tool):
 * a checker or a daemon reading its configuration file — a ruleset, a zone file, a unit, a schedule
 * table, a rotation policy — says where it stopped, in one of the position spellings
 * line-shape-position.ts reads (`named.conf:4: missing ';'`, `"deploy.cron":2: bad hour`,
 * `firewall.nft:5:16-24: Error: unknown identifier`, `error: logrotate.conf:3 bad rotation count`),
 * or says the whole configuration failed (`Configuration failed`, `not loaded due to errors`,
 * `Invalid directive at line 2 in file …`, `has a bad unit file setting`, `Improper format of …
 * configuration file`). BROKEN_BUILD (README, label decisions: a project file that does not parse
 * or load). A checker prints its verdict on stdout as often as on stderr, so a failing command's
 * stdout counts. Not when the text says the file itself is not there (`file not found`: the
 * request named a file that does not exist, ERROR_RESPONSE as the corpus labels it).
 */
const NOT_THERE = ['file not found', 'no such file or directory', 'could not open file', 'cannot open file'];

/** A definition's words right after a position's colon (`named.conf:4: missing ';' before '}'`). */
const AFTER_COLON = ['*: bad', '*: missing', '*: unknown', '*: error:', '*: extra', '*: invalid', '*: unexpected', '*: expected', '*: syntax error', '*: near'];

export const CONFIG_LOAD_RULES: readonly Rule[] = [
  {
    id: 'lexicon.config-position',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    // As lexicon.file-diagnostic: a document's validity errors, a method missing at run time. And the options the
    // invocation gave, refused at the build file's first statement (`meson.build:1:0: ERROR: Unknown options: "x"`,
    // plural, a list): the request's, as FIRST-SIGHT.md's fourth session decided; a file's own statement is singular.
    unless: [...REPORT, ...NOT_THERE, 'validity error', 'fails to validate', 'failed to validate', 'undefined method', 'unknown options'],
    shape: 'file:line[.col]: message',
    phrases: AFTER_COLON,
  },
  {
    // `error: logrotate.conf:3 bad rotation count 'five'`: the message's words after the bare position.
    id: 'lexicon.config-position-after-severity',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: [...REPORT, ...NOT_THERE],
    shape: 'error: file:line message',
    phrases: ['bad', 'missing', 'unknown', 'extra arguments', 'invalid', 'unexpected', 'expected', 'syntax error', 'not allowed'],
  },
  {
    // The configuration as a whole refused: the verdict under the line that said why.
    id: 'lexicon.config-not-loaded',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    wordForms: true,
    unless: [...REPORT, ...NOT_THERE],
    phrases: [
      'configuration failed', 'not loaded due to errors', 'not loaded due to error',
      // A configuration's directive refused at a line (`Could not parse makestep directive at line 3 in file chrony.conf`).
      'directive at line', 'invalid directive', 'unknown directive', 'unrecognized directive', 'unrecognised directive', 'bad directive',
    ],
  },
  {
    // A file's setting or format refused, the file named as configuration (`Unit app.service has a bad unit file setting.`,
    // `Improper format of Kerberos configuration file`).
    id: 'lexicon.config-file-refused',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: [...REPORT, ...NOT_THERE],
    phrases: ['file setting', 'improper format', 'bad format', 'malformed'],
    requires: ['bad unit', 'bad configuration', 'bad config', 'configuration file', 'config file'],
    sameLine: true,
  },
];
