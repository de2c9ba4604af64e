/**
 * The refusal an uncaught exception carries, the seventeenth capture's word forms
 * (src/classify/lexicon/exception-refusal.ts): encoded text not in its alphabet, bytes not in the
 * encoding they were read as, a date or an address read from input that does not parse, a markup
 * document that ended early, binary records shorter than their layout — ERROR_RESPONSE over the crash
 * that carries them. Look-alikes: the program's own defect (a format string it wrote, bytes its own
 * code holds, a binary file it opened as text, a value it packs, a list it passed) stays CLI_CRASH.
 * Made-up programs' tracebacks and stacks in each language's real shape, with the generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const py = (frame: string, last: string): string => `Traceback (most recent call last):\n  File "/srv/app/ingest.py", line 12, in <module>\n    ${frame}\n${last}\n`;
const node = (first: string, extra = ''): string => `${first}\n    at new URL (node:internal/url:775:36)\n    at Object.<anonymous> (/srv/app/probe.js:5:15)${extra}\n\nNode.js v20.20.2\n`;
const fortran = (what: string): string => `At line 9 of file ingest.f90 (unit = 10, file = 'counts.txt')\nFortran runtime error: ${what}\n\nError termination. Backtrace:\n#0  0x7f1c2a823960 in ???\n#1  0x55d0c8a1f2b1 in ???\n`;

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a hex digest with a digit outside its alphabet', { stderr: py('key = base64.b16decode(line)', 'binascii.Error: Non-base16 digit found'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-encoding-alphabet'],
  ['a token with its padding cut', { stderr: py('raw = base64.urlsafe_b64decode(token)', 'binascii.Error: Incorrect padding'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-encoding-alphabet'],
  ['a hex key of odd length', { stderr: py('key = bytes.fromhex(cfg_key) or binascii.unhexlify(cfg_key)', 'binascii.Error: Odd-length string'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-encoding-alphabet'],
  ['a file whose bytes are not UTF-8', { stderr: py('rows = list(csv.reader(f))', "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xfc in position 17: invalid start byte"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-not-in-encoding'],
  ['a host name IDNA refuses', { stderr: py("host.encode('idna')", "UnicodeError: encoding with 'idna' codec failed (UnicodeError: label empty or too long)"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-not-in-encoding'],
  ['a timestamp not in the expected format', { stderr: py("when = datetime.strptime(row[0], '%Y-%m-%d')", "ValueError: time data '11/28/2026' does not match format '%Y-%m-%d'"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-date-unparsed'],
  ['a timestamp with text left over', { stderr: py("when = datetime.strptime(row[0], '%Y-%m-%d')", 'ValueError: unconverted data remains: 08:15'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-date-unparsed'],
  ['an ISO date that is not one', { stderr: py("since = date.fromisoformat(args.since)", "ValueError: Invalid isoformat string: 'last week'"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-date-unparsed'],
  ['a day past its month', { stderr: py('due = date(y, m, d)', 'ValueError: day is out of range for month'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-date-unparsed'],
  ['an address that does not parse', { stderr: py('peer = ip_address(field)', "ValueError: '172.16.0.999' does not appear to be an IPv4 or IPv6 address"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-address-unparsed'],
  ['an octet out of range, by class', { stderr: py('peer = IPv4Address(field)', "ipaddress.AddressValueError: Octet 256 (> 255) not permitted in '10.0.0.256'"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-address-unparsed'],
  ['a netmask out of range', { stderr: py('net = ip_network(cidr)', "ipaddress.NetmaskValueError: '40' is not a valid netmask"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-address-unparsed'],
  ['a URL read from config that does not parse', { stderr: node("TypeError: Invalid URL", " {\n  code: 'ERR_INVALID_URL',\n  input: 'htp:/example'\n}"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-address-unparsed'],
  ['a markup document with no element', { stderr: py("doc = parse('sitemap.xml')", 'xml.parsers.expat.ExpatError: no element found: line 1, column 0'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-ended'],
  ['a markup document naming an entity it never declared', { stderr: py("doc = parse('sitemap.xml')", 'xml.parsers.expat.ExpatError: undefined entity: line 4, column 9'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-markup-ended'],
  ['binary records shorter than their layout', { stderr: py("ts, v = struct.unpack_from('<Id', blob, off)", 'struct.error: unpack_from requires a buffer of at least 12 bytes for unpacking 12 bytes at offset 24 (actual buffer size is 30)'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-record-short'],
  ['a list read that found no integer', { stderr: fortran('Bad integer for item 2 in list input'), exitCode: 2 }, 'ERROR_RESPONSE', 'lexicon.exception-record-short'],
  ['a list read past the end of its file', { stderr: fortran('End of file'), exitCode: 2 }, 'ERROR_RESPONSE', 'lexicon.exception-record-short'],
  // Look-alikes: the program's own defect.
  ['bytes the program\'s own code holds', { stderr: py('b"\\xfe\\xff".decode("utf-8")', "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xfe in position 0: invalid start byte"), exitCode: 1 }, 'CLI_CRASH'],
  ['a binary file opened as text by a reader comparing bytes', { stderr: `Traceback (most recent call last):\n  File "/srv/app/tz.py", line 4, in <module>\n    hdr = read_header(f)\n  File "/srv/app/tzfile.py", line 20, in read_header\n    if stream.read(4) != b"TZif":\n       ^^^^^^^^^^^^^^\n  File "<frozen codecs>", line 322, in decode\nUnicodeDecodeError: 'utf-8' codec can't decode byte 0xa0 in position 40: invalid start byte\n`, exitCode: 1 }, 'CLI_CRASH'],
  ['a character the program writes that its output cannot hold', { stderr: py("out.write('Zürich')", "UnicodeEncodeError: 'ascii' codec can't encode character '\\xfc' in position 1: ordinal not in range(128)"), exitCode: 1 }, 'CLI_CRASH'],
  ['a value the program packs out of range', { stderr: py("struct.pack('!H', port)", 'struct.error: ushort format requires 0 <= number <= 65535'), exitCode: 1 }, 'CLI_CRASH'],
  ['a list passed where one network belongs', { stderr: py('ip_network(allowed)', "ValueError: ['10.0.0.0/8'] does not appear to be an IPv4 or IPv6 network"), exitCode: 1 }, 'CLI_CRASH'],
  ['an index past the end of an array', { stderr: fortran("Index '4' of dimension 1 of array 'shards' above upper bound of 3"), exitCode: 2 }, 'CLI_CRASH'],
];

describe('the refusal an uncaught exception carries: encoding, date, address, markup ended, records short', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (rule !== undefined) expect(result.evidence[0]!.rule).toBe(rule);
  });

  test('a format string the program wrote is not the input refused', () => {
    // `'q' is a bad directive in format` names the program's own format string; main reads it BROKEN_BUILD
    // (lexicon.config-not-loaded, a miss this file does not own): assert only that no date-refusal row reads it.
    const result = generic({ stderr: py("datetime.strptime(s, '%Y-%q')", "ValueError: 'q' is a bad directive in format '%Y-%q'"), exitCode: 1 });
    expect(result.type).not.toBe('ERROR_RESPONSE');
    expect(result.evidence.map((e) => e.rule)).not.toContain('lexicon.exception-date-unparsed');
  });

  test('a test report that names the words is a failed test, not a refusal', () => {
    expect(generic({ stdout: 'FAIL  dates.test.js\n  ✕ rejects "does not match format" input\nTests: 1 failed, 3 passed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });
});
