import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * Archives, images and documents a CLI cannot read (issue 30, the seventh capture): not in their
 * format or cut short is the input's answer (ERROR_RESPONSE, adapt); a CRC that does not match
 * is proof the stored bytes changed (DATA_CORRUPTION, halt).
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 2 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a CRC that failed', fail('ERROR: CRC Failed : assets.bin\n', '\nArchives with Errors: 1\n'), 'DATA_CORRUPTION'],
  ['a CRC error in a frame', fail('decompress: CRC error in data stream\n'), 'DATA_CORRUPTION'],
  ['a member\'s bad CRC against the one stored', fail('d/data.bin              bad CRC 5d79b334  (should be d8e50ea8)\n'), 'DATA_CORRUPTION'],
  ['an archive test that printed a bad CRC on stdout', fail('', 'd/data.bin              bad CRC 5d79b334  (should be d8e50ea8)\ntest of a.zip FAILED\n\nzip error: Zip file invalid, could not spawn unzip, or wrong unzip (original files unmodified)\n'), 'DATA_CORRUPTION'],
  ['an archive that does not open as its format', fail('ERROR: assets.7z\nOpen ERROR: Cannot open the file as [7z] archive\n\nERRORS:\nUnexpected end of archive\n'), 'ERROR_RESPONSE'],
  ['a compressed file of another format', fail('unpack: dump.sql.lzo: not a lzop file\n'), 'ERROR_RESPONSE'],
  ['a compressed file cut short, named by its extension', fail('unpack: unexpected end of file: dump.sql.lzo\n'), 'ERROR_RESPONSE'],
  ['an image that is another format', fail('Error: Not a valid JPG (looks more like a PNG) - photo.jpg\n', '    1 files weren\'t updated due to errors\n'), 'ERROR_RESPONSE'],
  ['an image cut short', fail('Error: Corrupted JPEG image - photo.jpg\n'), 'ERROR_RESPONSE'],
];

describe('archives, images and documents a CLI cannot read', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes', () => {
  test('a source file that ends early is still a build that does not parse', () => {
    expect(classify(fail('src/app.js: SyntaxError: Unexpected end of input\n')).type).toBe('BROKEN_BUILD');
    expect(classify(fail('parse error: unexpected end of file in config.y\n')).type).not.toBe('ERROR_RESPONSE');
  });

  test('a CRC named as a setting or in a test\'s report is no failure', () => {
    expect(classify(fail('not ok 2 - reports a CRC failed archive\n')).type).not.toBe('DATA_CORRUPTION');
    expect(classify(fail('error: option --crc-failed-action needs a value\n')).type).not.toBe('DATA_CORRUPTION');
  });

  test('"looks more like a" needs a reader\'s sentence, not a report', () => {
    expect(classify(fail('not ok 1 - looks more like a PNG\n')).type).not.toBe('ERROR_RESPONSE');
  });
});
