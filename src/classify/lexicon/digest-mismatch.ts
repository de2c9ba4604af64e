import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * The standard digest and check-code algorithms by their names: CRC-32 (ISO 3309 / ITU-T V.42),
 * CRC-32C (RFC 3720), Adler-32 (RFC 1950), MD5 (RFC 1321), SHA-1 and SHA-2 (FIPS 180-4), SHA-3
 * (FIPS 202), BLAKE2 (RFC 7693), BLAKE3. Spelled as tools print them, with and without the hyphen.
 */
export const DIGEST_NAMES: readonly string[] = [
  'crc32', 'crc-32', 'crc32c', 'adler32', 'adler-32', 'md5', 'sha1', 'sha-1', 'sha224', 'sha-224', 'sha256', 'sha-256', 'sha384', 'sha-384',
  'sha512', 'sha-512', 'sha3-256', 'sha3-512', 'blake2b', 'blake2s', 'blake3',
];

/**
 * A digest, named by its algorithm, that does not match (issue 30, the sixteenth capture):
 * `frame.b64: CRC32 mismatch: computed 0d4a1185, trailer says 00000000`, `release.tar: sha256
 * mismatch: expected a3f5…, got ffc3…`. The stored bytes are not
 * the ones the digest was taken of: DATA_CORRUPTION, as the lexicon's `checksum mismatch` and `crc
 * mismatch` (integrity.ts), which these names spell out; the "expected … got" beside it is the
 * digest's own, not a test's verdict. Not inside a test report.
 */
export const DIGEST_MISMATCH_RULES: readonly Rule[] = [
  {
    id: 'lexicon.digest-mismatch',
    type: 'DATA_CORRUPTION',
    // The failure's own words, and stdout when the command failed (a checker prints its verdict there): not a success's summary.
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT_WORDS,
    phrases: [
      ...DIGEST_NAMES.flatMap((name) => [`${name} mismatch`, `${name} does not match`, `${name} doesn't match`, `${name} digest mismatch`, `${name} checksum mismatch`,
        // The check run and failed, in a library's error ("ADM-ZIP: CRC32 checksum failed"): the same verdict on the bytes.
        `${name} checksum failed`]),
    ],
  },
];
