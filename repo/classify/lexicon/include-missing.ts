import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A project file that does not build because what it includes is not there, or because its code
 * does not parse (issue 30, the fourteenth and fifteenth captures; README, label decisions: a
 * project file that does not parse or load — source, a template, a document — is BROKEN_BUILD).
 * Word forms by concept, never by tool; BROKEN_BUILD at the build tier, above the refusal the
 * missing file's words also suggest (`not found`, `could not find`).
 *
 * An include directive's target not found (`guide.adoc: line 3: include file not found: …`,
 * `manual.texi:8: @include: could not find chapters/install.texi`, `unable to open include file`):
 * the file holding the directive is the project's and cannot be built, as the corpus labels a
 * missing include or import (assemblers, documentation, templates, stylesheets). Not a file the
 * program was given that cannot be opened (`m4:config.m4:1: cannot open `defs.m4'`: no include word,
 * ERROR_RESPONSE as labelled), nor a template the program asked for by name (`TemplateNotFound`).
 *
 * A bracket a parser found never closed (`'{' was never closed`: CPython's words for code that does
 * not parse, printed also by programs that load code, `error when loading custom lexer: …`).
 *
 * Where: the failure's own words, never inside a test report (`REPORT_WORDS`).
 */
export const INCLUDE_MISSING_RULES: readonly Rule[] = [
  {
    id: 'lexicon.include-missing',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    phrases: [
      'include file not found', 'included file not found', 'include: could not find', 'include: cannot find', "include: can't find",
      'could not find the include file', 'unable to open include file',
    ],
  },
  {
    id: 'lexicon.never-closed',
    type: 'BROKEN_BUILD',
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    phrases: ["' was never closed"],
  },
];
