import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * The refusal an uncaught exception carries, read over the crash that carries it (issue 30, session
 * 16; README, label decisions: *What an uncaught exception carries* — input unreadable, not in its
 * format or cut short is ERROR_RESPONSE whatever exception carries it, a program's own defect is
 * CLI_CRASH). A word-form table per concept, never per tool; ERROR_RESPONSE at its own tier, above
 * the crash (as input-refused.ts), below every more exact reading (a build's, the network's, a
 * checksum's, a credential's).
 *
 * Where: the failure's own words (`FAILURE_SOURCES`), never inside a test report (`REPORT_WORDS`):
 * "rejects a file it cannot open" names what a test checks. A defect's words (`TypeError`,
 * `AttributeError`, `NameError`, `undefined is not a function`, an assertion) hold none of these.
 */
const CARRIED = { type: 'ERROR_RESPONSE', sources: FAILURE_SOURCES, unless: [...REPORT_WORDS, 'bytesio(b'] } as const;

export const EXCEPTION_REFUSAL_RULES: readonly Rule[] = [
  {
    // A file or database the program was given that it could not open or read: `OSError: Error reading file
    // 'feeds/products.xml': failed to load external entity`, `Error: Unable to open template file "…"`,
    // `OperationalError: unable to open database file`. The file is named on the line: `cannot open display` is not one.
    id: 'lexicon.exception-input-unopened',
    ...CARRIED,
    wordForms: true,
    phrases: ['error reading file', 'unable to open', 'cannot open', 'could not open', 'failed to open', 'failed to load external entity'],
    requires: ['file', 'database'],
    sameLine: true,
  },
  {
    // Input not in a format the reader knows: `shutil.ReadError: Unknown archive format 'release.bin'`,
    // `wave.Error: unknown format: 3`. The format of what was read, not a format name the program's code passed:
    // `ValueError: unknown archive format 'tar.zst'` (a `ValueError` or `TypeError` is an argument the caller got
    // wrong, the program's defect, CLI_CRASH).
    id: 'lexicon.exception-unknown-format',
    ...CARRIED,
    unless: [...CARRIED.unless, 'valueerror:', 'typeerror:'],
    phrases: ['unknown archive format', 'unknown format', 'unsupported format', 'unrecognized format', 'unrecognised format', 'unknown file format'],
  },
  {
    // Input that ended before the reader had what its structure needs, raised bare by the reader: `raise EOFError
    // from None` under a reader's frame (a sound file's header cut short), `EOFError: EOF when reading a line` (no
    // input on stdin). Not `EOFError: End of stream already reached` (a decompressor the code used again: its defect).
    id: 'lexicon.exception-input-ended',
    ...CARRIED,
    inIdentifiers: true,
    phrases: ['raise eoferror', 'eoferror: eof when reading a line'],
  },
  {
    // A store's lookup of a key it was given and does not hold, told in a sentence: `KeyError: 'No message with
    // key: 7'`. Not a key missing from the program's own mapping (`KeyError: 'name'`, CLI_CRASH): that names the key
    // alone, no sentence.
    id: 'lexicon.exception-key-not-held',
    ...CARRIED,
    inIdentifiers: true,
    phrases: ["keyerror: 'no", 'keyerror: "no'],
  },
  {
    // A thing the program was asked for that its store does not hold, named by the exception's class:
    // `mailbox.NoSuchMailboxError: /work/Maildir/.Builds`, `NoSuchKey: The specified key does not exist`,
    // `NoSuchBucket`. A class name that says "no such" is a lookup of something given, not a defect of the code.
    id: 'lexicon.exception-no-such',
    ...CARRIED,
    inIdentifiers: true,
    phrases: ['nosuch*'],
  },
  {
    // A markup document whose structure its reader refused (issue 30, the fifteenth capture): the root or first tag
    // (`Unclosed root tag`, `Non-whitespace before first tag.`), a close tag with no open one (`Unexpected close tag`),
    // an entity's or attribute's syntax (`Invalid character in entity name`, `Attribute without value`). Words of the
    // document read, never of the program; a template that does not compile (BROKEN_BUILD) names its file and a
    // compile word, which outrank this tier. Not `Unclosed tag 'x'` alone (a project's XML, as labelled).
    id: 'lexicon.exception-markup-refused',
    ...CARRIED,
    phrases: ['unclosed root tag', 'unexpected close tag', 'before first tag', 'in entity name', 'attribute without value'],
  },
  {
    // A table whose records its reader refused: a record of the wrong length, a quote not closed or closed where a
    // delimiter belongs, a record over the reader's size (`Invalid Record Length: columns length is 3, got 4`,
    // `Quote Not Closed`, `Invalid Closing Quote`, `Max Record Size`), as `unclosed quoted field` (input-format.ts).
    id: 'lexicon.exception-record-refused',
    ...CARRIED,
    phrases: ['invalid record length', 'invalid closing quote', 'quote not closed', 'max record size'],
  },
  {
    // Serialized input that holds more or less than one whole value: `ExtraData: unpack(b) received extra data.`,
    // `Unpack failed: incomplete input`. Said of the bytes read, whatever class carries it.
    id: 'lexicon.exception-input-extent',
    ...CARRIED,
    phrases: ['received extra data', 'incomplete input'],
  },
  {
    // A class that names its input's format as the failure: `FormatError`, `NumberFormatError: '1.2.3,4x' is not a
    // valid decimal number`. The class says the value read is not in its format, not that the code is wrong.
    id: 'lexicon.exception-format-class',
    ...CARRIED,
    inIdentifiers: true,
    phrases: ['*formaterror'],
  },
  {
    // A file the reader could not recognise or found cut short, the file named on the line: `cannot identify image
    // file 'logo.png'`, `OSError: image file is truncated`.
    id: 'lexicon.exception-file-unrecognised',
    ...CARRIED,
    phrases: ['cannot identify', 'is truncated'],
    requires: ['file'],
    sameLine: true,
  },
  {
    // Encoded text that is not in its alphabet or length (issue 30, the seventeenth capture): `binascii.Error:
    // Non-base16 digit found`, `Incorrect padding`, `Odd-length string`, `Only base64 data is allowed`,
    // `Invalid base64-encoded string`, `Non-hexadecimal digit found`. Said of the text decoded, the input's refusal.
    id: 'lexicon.exception-encoding-alphabet',
    ...CARRIED,
    phrases: ['non-base16 digit', 'non-base32 digit', 'non-hexadecimal digit', 'incorrect padding', 'odd-length string', 'only base64 data is allowed', 'invalid base64-encoded string'],
  },
  {
    // Bytes that are not in the encoding they were read as: `UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9
    // in position 0`, a host name's label that IDNA refuses (`label empty or too long`). Not `can't encode` (the
    // program wrote a character its output's encoding lacks: CLI_CRASH), not `unknown encoding: x` (a name the
    // program's code or its input gave: the sixteenth/seventeenth's labels split it both ways, no generic line). Not
    // bytes the program's own code holds (`b"\xff\xfe".decode("utf-8")`) nor a reader that compares what it read with
    // a bytes literal (`if stream.read(4) != b"TZif"`): a binary file opened as text, the program's defect (CLI_CRASH).
    id: 'lexicon.exception-not-in-encoding',
    ...CARRIED,
    unless: [...CARRIED.unless, 'b"\\x*', "b'\\x*", '!= b"*', "!= b'*", '== b"*', "== b'*"],
    phrases: ["codec can't decode byte", 'codec cannot decode byte', 'label empty or too long'],
  },
  {
    // A date or time read from input that does not parse: `time data '27/11/2026' does not match format '%Y-%m-%d'`,
    // `unconverted data remains: T04:00Z`, `Invalid isoformat string`, `day is out of range for month`,
    // `Invalid date value or format`. Not `'=' is a bad directive in format` (the program's format string: CLI_CRASH).
    id: 'lexicon.exception-date-unparsed',
    ...CARRIED,
    phrases: ['does not match format', 'unconverted data remains', 'invalid isoformat string', 'is out of range for month', 'invalid date value'],
  },
  {
    // An address read from input that does not parse: `'10.0.0.256' does not appear to be an IPv4 or IPv6 address`,
    // `AddressValueError: Octet 300 (> 255) not permitted`, `'33' is not a valid netmask`, `has host bits set`,
    // `TypeError: Invalid URL` with the `input:` it refused. Not `… an IPv4 or IPv6
    // network` given a list (the program passed the wrong value: CLI_CRASH, as labelled).
    id: 'lexicon.exception-address-unparsed',
    ...CARRIED,
    inIdentifiers: true,
    phrases: ['ipv4 or ipv6 address', 'addressvalueerror', 'netmaskvalueerror', 'is not a valid netmask', 'has host bits set', 'typeerror: invalid url'],
  },
  {
    // A markup document that ended or named what it never declared: `ExpatError: no element found: line 1`,
    // `unclosed token: line 4`, `undefined entity: line 2`. The document read, never the program's code.
    id: 'lexicon.exception-markup-ended',
    ...CARRIED,
    phrases: ['no element found', 'unclosed token', 'undefined entity'],
  },
  {
    // Binary records read from input shorter than their layout: `unpack_from requires a buffer of at least 28 bytes`,
    // `iterative unpacking requires a buffer of a multiple of 8 bytes`; a runtime's list read that found no number or
    // no more input: `Fortran runtime error: Bad integer for item 1 in list input`, `Fortran runtime error: End of file`.
    // Not `ushort format requires 0 <= number` (a value the program packs: CLI_CRASH).
    id: 'lexicon.exception-record-short',
    ...CARRIED,
    phrases: ['requires a buffer of', 'bad integer for item', 'bad real number for item', 'runtime error: end of file'],
  },
];
