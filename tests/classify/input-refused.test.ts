import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * An uncaught exception whose message is the input's refusal (issue 30, the eleventh capture;
 * README: the type follows what failed, not the exception that carried it): ERROR_RESPONSE above
 * the crash, by the whole classifier and the generic one alike. Look-alike rows: the program's own
 * values and defects stay crashes.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const py = (frames: string, last: string): Observation => ({
  stdout: '',
  stderr: `Traceback (most recent call last):\n  File "/work/app/main.py", line 3, in <module>\n${frames}${last}\n`,
  exitCode: 1,
});
const node = (excerpt: string, message: string, code = ''): Observation => ({
  stdout: '',
  stderr: `${excerpt}\n\n${message}\n    at Object.<anonymous> (file:///work/app/main.mjs:4:9)${code === '' ? '' : ` {\n  code: '${code}'\n}`}\n\nNode.js v20.20.2\n`,
  exitCode: 1,
});

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a reader whose file does not start with its magic', py('    with wave.open(path) as w:\n', "wave.Error: file does not start with RIFF id"), 'ERROR_RESPONSE'],
  ['a file that is not of the format read', py("    raise Error('not a WAVE file')\n", 'wave.Error: not a WAVE file'), 'ERROR_RESPONSE'],
  ['a stream that is not of the compressed format', py("    raise BadGzipFile('Not a gzipped file (%r)' % magic)\n", "gzip.BadGzipFile: Not a gzipped file (b'<h')"), 'ERROR_RESPONSE'],
  ['an invalid file, as the reader\'s exception says', py('    raise InvalidFileException()\n', 'plistlib.InvalidFileException: Invalid file'), 'ERROR_RESPONSE'],
  ['a stream that does not decompress', py('    uncompress = self._decompressor.decompress(buf, size)\n', 'zlib.error: Error -3 while decompressing data: invalid bit length repeat'), 'ERROR_RESPONSE'],
  ['a buffer shorter than the structure read from it', py('    trans_list_utc = struct.unpack(\n', 'struct.error: unpack requires a buffer of 1472 bytes'), 'ERROR_RESPONSE'],
  ['a cipher text cut short of a whole block', node('node:internal/crypto/cipher:193\n  const ret = this[kHandle].final();\n                            ^', 'Error: error:1C80006B:Provider routines::wrong final block length', 'ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH'), 'ERROR_RESPONSE'],
  ['a key file in which no decoder finds a key', node('node:internal/crypto/keys:631\n    handle.init(kKeyTypePrivate, data, format, type, passphrase);\n           ^', 'Error: error:1E08010C:DECODER routines::unsupported', 'ERR_OSSL_UNSUPPORTED'), 'ERROR_RESPONSE'],
  ['a child\'s refusal of its input, carried by the call that ran it', node('node:child_process:966\n    throw err;\n    ^', "Error: Command failed: tar -xzf release.tgz\n\ngzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now"), 'ERROR_RESPONSE'],
  // A checksum's proof of damage keeps its own, higher reading.
  ['a bad CRC beside the format words stays corruption', py('    self._read_eof()\n', 'gzip.BadGzipFile: CRC check failed 0x0 != 0x8a3c1d2e for file access.log.gz'), 'DATA_CORRUPTION'],
];

describe('an exception that carries the input\'s refusal is the input\'s answer', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });

  test('the evidence names the refusal, not the traceback', () => {
    const result = classify(ROWS[1]![1]);
    expect(result.evidence[0]!.rule).toBe('lexicon.input-refused-in-exception');
    expect(result.evidence[0]!.match).toContain('not a WAVE file');
  });
});

describe('look-alikes: the program\'s own values and defects stay crashes', () => {
  test.each([
    ['a value that is not in a list', py('    i = names.index(name)\n', "ValueError: 'x' is not in list")],
    ['a type the program passed', py('    f.write(b"{}")\n', "TypeError: write() argument must be str, not bytes")],
    // (Session 17's decision moved `int(value)` refusing 'abc' to ERROR_RESPONSE, tests/classify/exception-message.test.ts:
    // the text does not show where the value came from. A literal of the program's code stays its defect.)
    ['a number the program\'s own code wrote', py('    n = int("abc")\n', "ValueError: invalid literal for int() with base 10: 'abc'")],
    ['a zip the program built from its own bytes in memory', py('    zipfile.ZipFile(io.BytesIO(b"not a zip"))\n', 'zipfile.BadZipFile: File is not a zip file')],
    ['a format name the code passed', py('    shutil.unpack_archive(path, format="tar.zst")\n', "ValueError: Unknown unpack format 'tar.zst'")],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('CLI_CRASH');
    expect(generic(observation).type).toBe('CLI_CRASH');
  });

  test('a test that names the words is a failed test, not a refused input', () => {
    const report = { stdout: 'not ok 3 - rejects a file that is not a WAVE file\n# Failed test\n1..3\n', stderr: '', exitCode: 1 };
    expect(classify(report).type).not.toBe('ERROR_RESPONSE');
  });
});
