import type { Rule } from '../rule.js';

/**
 * A configuration or data file that does not load (issue 30): DESIGN's BROKEN_BUILD — the
 * task's input does not parse — in the words a format's parser uses, whatever the format. A
 * parser raises it as an exception (`tomllib.TOMLDecodeError`, `configparser.ParsingError`,
 * `YAMLException`), so it is printed inside an uncaught-exception wrapper (a traceback, a Node.js
 * stack); the cause outranks the wrapper (a build tier above the crash tier), as the
 * cause-before-wrapper rule says. Formats are concepts (as lexicon.json names JSON), never tools.
 */
export const INPUT_RULES: readonly Rule[] = [
  {
    id: 'lexicon.input-does-not-load',
    type: 'BROKEN_BUILD',
    wordForms: true,
    // Python's codec error is text that is not in its encoding, not a document's structure (lexicon.crash reads it).
    unless: ['unicodedecodeerror', "codec can't decode"],
    phrases: [
      // A decoder or parser of a document format refusing its input, named as its exception class says it
      // ("TOMLDecodeError", "ParsingError: Source contains parsing errors"). Not "exception": an LLM framework's
      // "ToolInputParsingException" is a model's output that does not fit a schema (FORMAT_VALIDATION).
      // Singular, only as a class name or a message's head ("TOMLDecodeError", "parsing error: …"): in prose ("skipped a
      // row after a decode error") it reports, it does not fail (lexicon.input-class).
      'parsing errors',
      // An INI file's structure: a key before any section header, a section or option given twice.
      'missing section header', 'no section headers', 'duplicate section', 'duplicate option',
      // A YAML document's structure: a key given twice in one mapping, an indentation that nests nothing, a tab
      // where indentation must be spaces, a tag no schema defines ("unknown tag !<!env>"). Not YAML's every
      // exception: "unacceptable kind of an object to dump" is the program's value, not a document.
      'duplicated mapping key', 'duplicate mapping key', 'bad indentation', 'must not be used in indentation', 'unknown tag',
    ],
  },
  {
    // A decoder's or parser's error as its class names it (`TOMLDecodeError`, `configparser.ParsingError`) or as a
    // message's head (`decode error:`): not the words in prose.
    id: 'lexicon.input-class',
    type: 'BROKEN_BUILD',
    unless: ['unicodedecodeerror', "codec can't decode"],
    phrases: ['*decodeerror', '*parsingerror', 'decode error:', 'parsing error:'],
  },
];
