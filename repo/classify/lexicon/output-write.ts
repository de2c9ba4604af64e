import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * Why an output could be opened and not written (issue 30, the ninth capture's harmful misses; none
 * names a tool). Every tool of the capture told its two failures apart in the same way: a read-only
 * or missing destination fails at the *open* (`Cannot open output file`, `can't create`, `Read-only
 * file system`: the destination refused, ERROR_RESPONSE), a full disk fails at the *write*, after the
 * open succeeded (`error while writing output file`, `Can't write the output file`, a writer's `I/O
 * error`). What fails a write into a file already open is the room behind it — a full device, a
 * quota, a file-size limit, or the device itself: RESOURCE_EXHAUSTION (handoff), not the approach's
 * error. A bare `write error`, `failed to write` or `short write` is not enough (a pipe closed,
 * a header whose open failed): the words must say the *output file* was being written, or the writer
 * answered an I/O error. Not when the same output names an open failure's reason.
 */
const OPEN_FAILURES = [
  'no such file', 'not a directory', 'is a directory', 'permission denied', 'read-only', 'read only file system', 'access denied',
  'operation not permitted', 'broken pipe', 'epipe',
  ...['cannot', "can't", 'could not', "couldn't", 'unable to', 'failed to'].flatMap((cannot) => [`${cannot} open`, `${cannot} create`]),
];

/** Rules of the lexicon: a write into an opened output that failed (RESOURCE_EXHAUSTION). */
export const OUTPUT_WRITE_RULES: readonly Rule[] = [
  {
    id: 'lexicon.output-write',
    type: 'RESOURCE_EXHAUSTION',
    sources: FAILURE_SOURCES,
    wordForms: true,
    unless: [...REPORT, ...OPEN_FAILURES],
    phrases: [
      'error while writing output file', 'error while writing the output file', 'error while writing to output file',
      'error writing output file', 'error writing the output file', 'error writing to output file', 'error writing to the output file', '{cannot} write the output file', '{cannot} write output file',
      '{cannot} write to the output file', '{cannot} write to output file', 'write error on output file', 'short write on output file',
    ],
  },
  {
    // An output writer that answered an I/O error ("BAD_WRITE: Picture writer returned an I/O error"): the write into the
    // opened file failed at the device, as above. On the writer's own line only: a read's I/O error is the input's.
    id: 'lexicon.output-write-io',
    type: 'RESOURCE_EXHAUSTION',
    sources: FAILURE_SOURCES,
    unless: [...REPORT, ...OPEN_FAILURES],
    // EIO as strerror spells it ("Input/output error") too.
    phrases: ['i/o error', 'input/output error'],
    // A store's commit or sync is its write too (`txn_commit: Input/output error`, the fifteenth capture's `lmdb-utils.disk-full`:
    // an embedded database reports its short write to a full device as EIO).
    requires: ['writer', 'bad_write', 'while writing', 'write failed', 'commit', 'txn_commit', 'fsync'],
    sameLine: true,
  },
  {
    // The same failed write in a writer's other words (issue 30, the fourteenth capture's harmful misses `lame.disk-full`,
    // `vorbis-tools.disk-full`; no tool named): "Error writing mp3 output", "Failed writing data to output stream" — an
    // encoder that opened its output, wrote part of it and could not write the rest. The line must name the output being
    // written (a bare "failed writing body" is a pipe's reader gone, curl's); not when an open failure's reason or a closed
    // pipe is printed (OPEN_FAILURES), nor in a test report.
    id: 'lexicon.output-write-words',
    type: 'RESOURCE_EXHAUSTION',
    sources: FAILURE_SOURCES,
    unless: [...REPORT, ...OPEN_FAILURES],
    phrases: ['error writing', 'failed writing', 'failure writing', 'error while writing'],
    requires: ['output', 'output stream'],
    sameLine: true,
  },
];
