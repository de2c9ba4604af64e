import { REPORT_WORDS } from '../packs/markers.js';
import { TYPE_PRIORITY } from '../priority.js';
import type { Rule } from '../rule.js';

/**
 * Input the program reads that is not in its format, cut short or empty (issue 30, session 14;
 * README, label decisions: *What an uncaught exception carries*): ERROR_RESPONSE, whatever
 * exception carried it — a library's refusal of a file, an archive or a compressed stream is the
 * input's answer, as the same words from a CLI are (gzip's `not in gzip format`). Above the crash
 * that carries it (ERROR_RESPONSE's tier is above CLI_CRASH's); below every more exact reading. Its
 * damage proven by a checksum is DATA_CORRUPTION (integrity.ts), which outranks this.
 */
export const INPUT_FORMAT_RULES: readonly Rule[] = [
  {
    id: 'lexicon.input-not-in-format',
    type: 'ERROR_RESPONSE',
    wordForms: true,
    // A stream the program built in memory from its own bytes (`io.BytesIO(b"not a zip")`) is the program's value,
    // not an input it read: the crash reads it (README: a value its own code passed is CLI_CRASH).
    unless: [...REPORT_WORDS, 'bytesio(b'],
    phrases: [
      // Not a file of the format the reader expects: `BadZipFile: File is not a zip file`, `ReadError('not a bzip2 file')`,
      // `UnpicklingError: invalid load key, '{'`, `dbm.error: db type could not be determined`, zlib's `incorrect header
      // check`, `LZMAError: Input format not supported by decoder`. Not `unknown archive format`: shutil says it of a format name the code
      // passed too (`ValueError: unknown archive format 'tar.zst'`).
      'bad zip file', 'not a zip file', 'not a gzip file', 'not a bzip2 file', 'not an lzma file', 'not a tar file', 'not an archive',
      'unpickling error', 'invalid load key', 'incorrect header check', 'input format not supported',
      'file format not recognized', 'db type could not be determined', 'decompression failed', 'bad magic number', 'invalid magic number',
      // A decoder that finds no stream of its format in the file (`OSError: Invalid data stream` of a bzip2 reader), a
      // serializer whose file does not start with its magic number (`Magic number checking on storable file failed`).
      'invalid data stream', 'magic number checking', 'magic number check failed',
      // A table whose rows do not parse as CSV (`CSV::MalformedCSVError: Unclosed quoted field in line 2.`, `_csv.Error`'s
      // words): the file read is not in the format; a program's own CSV writer has no such error.
      'malformed csv', 'unclosed quoted field',
      // OpenSSL's PEM library refusing a file that is not PEM (`ssl.SSLError: [SSL] PEM lib`): the file, not trust.
      '[ssl] pem lib',
      // Cut short or empty: `pickle data was truncated`, `ReadError('truncated header')`, `EOFError: Ran out of input`,
      // `EOFError: Compressed file ended before the end-of-stream marker was reached`.
      'data was truncated', 'truncated header', 'ran out of input', 'file ended before', 'ended before the end-of-stream',
      // A member the archive the program reads does not have (`KeyError: "There is no item named 'x' in the archive"`),
      // as a CLI's `filename not matched` is.
      'no item named',
      // A CLI's reader that sniffed another format or found the file's own structure broken (issue 30, the seventh
      // capture): `not a lzop file`, `Not a valid JPG (looks more like a PNG)`, `Corrupted JPEG image`.
      'not a lzop file', 'not an lzop file', 'not a lz4 file', 'not an xz file', 'not a zstd file', 'not a 7z archive', 'not a rar archive',
      'not a cpio archive', 'looks more like a', 'corrupted jpeg image', 'corrupted png image', 'corrupted image',
      // A zip reader's own words for an archive whose structure does not hold (issue 30, the nineteenth capture): `Can't
      // find end of central directory : is this a zip file ?`, `Corrupted zip : compression … unknown`, `Invalid or
      // unsupported zip format. No END header found`, `Encrypted zip are not supported`. The archive read is the subject
      // (session 17's step 1), whatever uncaught exception carried it.
      'corrupted zip', 'end of central directory', 'is this a zip file', 'unsupported zip format', 'encrypted zip',
    ],
  },
  {
    // An archive or document whose structure does not open (issue 30, the seventh capture): `Cannot open the file as [7z]
    // archive`, `Unexpected end of archive`, a PDF reader's `May not be a PDF file` over `Couldn't find trailer
    // dictionary` / `Couldn't read xref table`. A reader prints these as `Syntax Error:` or with a parser's `unexpected
    // end`, which a source file's rules read as a broken build: above that tier, as a stream cut short is.
    id: 'lexicon.document-does-not-open',
    type: 'ERROR_RESPONSE',
    priority: TYPE_PRIORITY.BROKEN_BUILD + 5,
    unless: REPORT_WORDS,
    phrases: [
      'cannot open the file as', 'can not open the file as', "can't open as archive", 'unexpected end of archive', 'may not be a pdf file',
      "couldn't find trailer dictionary", "couldn't read xref table", 'could not find trailer dictionary', 'could not read xref table',
    ],
  },
  {
    // A compressed stream or archive that ends early (`Error: unexpected end of file` with zlib's `Z_BUF_ERROR`, `gzip:
    // t.gz: unexpected end of file`, `tar: Unexpected EOF in archive`): the input was cut short. Its words are a parser's
    // too (`unexpected end of input` is a source file that does not parse: BROKEN_BUILD), so they count here only beside
    // a word of a compressed stream or an archive, above the build tier that would otherwise read them.
    id: 'lexicon.input-cut-short',
    type: 'ERROR_RESPONSE',
    priority: TYPE_PRIORITY.BROKEN_BUILD + 5,
    unless: REPORT_WORDS,
    phrases: ['unexpected end of file', 'unexpected eof', 'premature end'],
    requires: ['z_buf_error', 'gzip:', 'in archive', '.gz:', '.zst', '.xz:', '.bz2:', 'read error', '*.lzo', '*.lz4', '*.7z'],
  },
  {
    // A DER/ASN.1 structure that does not parse (`ValueError: error parsing asn1 value: ParseError { kind: ShortData }`): a
    // certificate or key file that is not one, in words a source parser's rule would read as a broken build.
    id: 'lexicon.input-not-asn1',
    type: 'ERROR_RESPONSE',
    priority: TYPE_PRIORITY.BROKEN_BUILD + 5,
    unless: REPORT_WORDS,
    phrases: ['error parsing asn1', 'asn1 parse error', 'asn.1 parse error'],
  },
];
