import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * An uncaught exception whose message is the input's refusal (issue 30, the eleventh capture;
 * README, label decisions: *What an uncaught exception carries* — the type follows what failed):
 * a reader that found a file or stream not in its format, or shorter than its structure, says so
 * in words no program's own defect uses — the file's head is not the format's (`file does not
 * start with RIFF id`), it is `not a WAVE file`/`Not a gzipped file`, an `Invalid file`, a stream
 * that does not decompress (`Error -3 while decompressing data`), a buffer shorter than the
 * structure read from it (`unpack requires a buffer of 1472 bytes`), a cipher text that is not a
 * whole number of blocks (`wrong final block length`: cut short), a key file in which no decoder
 * finds a key (`DECODER routines::unsupported`), a child's `not in gzip format` carried by the
 * error of the call that ran it. ERROR_RESPONSE at its own tier, above the crash that carries it
 * (input-format.ts's tier); a checksum's proof of damage (DATA_CORRUPTION) outranks it.
 *
 * Where: the failure's own words (an exception is printed on stderr or carried as the error), not
 * ordinary stdout. Not evidence: the same words inside a test report (`REPORT_WORDS`), or a stream the program
 * built from its own bytes in memory (`BytesIO(b"…")`: the program's value, CLI_CRASH).
 */
export const INPUT_REFUSED_RULES: readonly Rule[] = [
  {
    // The input's kind named beside the refusal, on the same line: `not a WAVE file`, `Not a gzipped file (b'<h')`,
    // `file does not start with RIFF id`, `file not in GIF format`, a child's `gzip: stdin: not in gzip format`. The line
    // must name a file or a format: `ValueError: not a number` or `not in list` are the program's own values.
    id: 'lexicon.input-refused-in-exception',
    type: 'ERROR_RESPONSE',
    sources: FAILURE_SOURCES,
    unless: [...REPORT_WORDS, 'bytesio(b'],
    phrases: ['is not a', 'not a', 'not an', 'not in', 'does not start with', 'invalid file'],
    requires: ['file', 'format'],
    sameLine: true,
  },
  {
    // A stream or structure the reader could not take apart: these words say of the bytes read, never of the program.
    id: 'lexicon.input-not-decodable',
    type: 'ERROR_RESPONSE',
    sources: FAILURE_SOURCES,
    unless: [...REPORT_WORDS, 'bytesio(b'],
    phrases: ['while decompressing data', 'unpack requires a buffer of', 'wrong final block length', 'decoder routines::unsupported'],
  },
];
