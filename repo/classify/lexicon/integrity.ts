import type { Rule } from '../rule.js';
import { REPORT_WORDS as REPORT } from '../packs/markers.js';

/**
 * Stored data that fails its own integrity check (issue 30), in words any tool uses: DESIGN's
 * DATA_CORRUPTION (critical: halt, no retry, rolled back when a rollback is configured). A
 * digest that does not match what was downloaded or stored, an authenticated payload whose tag
 * does not verify (the ciphertext was changed), a file system check that found its structures
 * inconsistent. Tools' own sentences are the integrity pack's; these are the concepts.
 */
export const INTEGRITY_RULES: readonly Rule[] = [
  {
    id: 'lexicon.corruption',
    type: 'DATA_CORRUPTION',
    wordForms: true,
    unless: REPORT,
    // A check's verdict is its own words wherever the checker printed them (fsck writes its findings to stdout).
    failingStdout: true,
    phrases: [
      // A digest that does not match ("Checksum error detected. file=…", "checksum mismatch").
      'checksum {error}', 'checksum mismatch', 'checksums do not match', 'hash mismatch', 'digest mismatch',
      // A compressed stream's own check of its content ("contentChecksum_invalid", zlib's "incorrect data check"): the
      // stored frame was changed. Not "invalid checksum" before a name: a key or address typed wrong carries one too.
      'checksum invalid', 'incorrect data check',
      // A cyclic redundancy check that does not match ("ERROR: CRC Failed : assets.bin", "CRC error"): an archive's or a
      // frame's stored bytes changed (issue 30, the seventh capture), and a member's "bad CRC 5d79b334 (should be
      // d8e50ea8)": relabelled DATA_CORRUPTION in the ninth capture's session, by the README's decision (a checksum proves it).
      'crc {fail}', 'crc {error}', 'crc mismatch', 'wrong crc', 'bad crc', 'crc check {fail}',
      // A decoder that found its input's structure broken ("Corrupt input data") or its restored bytes unlike the stored
      // digest ("Restored data doesn't match checksum"): the stored data changed, not the approach.
      'corrupt input data', 'input data is corrupt', "doesn't match checksum", 'does not match checksum', 'does not match its checksum',
      // Authenticated encryption whose tag does not verify: the payload was changed (a wrong key is a credential: access.ts).
      'decrypt and authenticate', 'authentication tag mismatch',
      // A file system check's findings left unfixed ("Filesystem still has errors", "Block bitmap differences").
      'still has errors', 'bitmap differences', 'count wrong for', 'inconsistencies found', 'file system is inconsistent',
      'filesystem is inconsistent', 'file system is corrupt', 'filesystem is corrupt',
    ],
  },
  {
    // A digest stated beside the one expected (`file ./app_1.0.tar.xz has checksum 62e7… instead of expected b88c…`,
    // issue 30, the twelfth capture): the stored bytes are not the ones the manifest describes. On the digest's line only.
    id: 'lexicon.checksum-not-expected',
    type: 'DATA_CORRUPTION',
    failingStdout: true,
    unless: REPORT,
    phrases: ['instead of expected', 'but expected', 'expected checksum', 'expected digest'],
    requires: ['checksum', 'digest', 'hash sum', 'md5sum', 'sha256sum'],
    sameLine: true,
  },
];
