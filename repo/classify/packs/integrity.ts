import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/** Where the messages come from, per rule (a rule's `source` holds at most 1000 characters). */
const DATABASES = [
  'SQLite sqlite3ErrStr (SQLITE_CORRUPT "database disk image is malformed")',
  'PostgreSQL bufpage.c ("invalid page in block %u of relation %s", "page verification failed, calculated checksum %u but expected %u"), detoast.c ("missing chunk number %d for toast value %u")',
  'MySQL/InnoDB buf0buf.cc ("Database page corruption on disk or a failed file read"), ER_CRASHED_ON_USAGE 145, ER_NOT_KEYFILE 126',
  'Redis aof.c/rdb.c ("Bad file format reading the append only file", "Wrong RDB checksum"), Kafka CorruptRecordException',
].join('; ');
const OBJECTS = [
  'git object-file.c, packfile.c, read-cache.c ("loose object %s (stored in %s) is corrupt", "object file %s is empty", "index file corrupt", "hash mismatch")',
  'gzip ("invalid compressed data--crc error"), unzip ("bad CRC"), java.util.zip ("invalid LOC header (bad signature)", "invalid CEN header")',
].join('; ');
const CHECKSUMS = [
  'npm/cacache ssri (EINTEGRITY "integrity checksum failed when using sha512"), pip ("THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE")',
  'Go cmd/go modfetch ("verifying %s: checksum mismatch"), coreutils sha256sum ("WARNING: %d computed checksum did NOT match"), moby ("filesystem layer verification failed for digest")',
].join('; ');

/**
 * DATA_CORRUPTION (issue 33, seed 004's "Data corruption detected": critical, IMMEDIATE_HALT):
 * stored data no longer matches what was written — a database page or file that fails its
 * checksum, a git object that does not hash to its name, a download whose digest is not the
 * recorded one. Re-running cannot repair it and may spread it: halt, roll back what the run
 * changed when a rollback is configured, then a person investigates. A pack of its own so that
 * it can be used (or turned off) alone; its phrases are whole corruption verdicts, never the bare
 * word "corrupt" (git's "corrupt patch" is a DIFF_PARSE_ERROR of the patch text, not of data).
 */
export const integrityPack: RulePack = {
  id: 'integrity',
  description: 'Data corruption: checksum mismatches, corrupt database pages and files, integrity checks that failed (critical)',
  rules: [
    {
      id: 'integrity.database',
      type: 'DATA_CORRUPTION',
      source: DATABASES,
      sources: FAILURE_SOURCES,
      codes: ['SQLITE_CORRUPT', 'ER_CRASHED_ON_USAGE', 'ER_NOT_KEYFILE', 'data_corrupted', 'index_corrupted'],
      phrases: [
        'database disk image is malformed', 'invalid page in block', 'page verification failed',
        'missing chunk number', 'database page corruption', 'is marked as crashed and should be repaired', 'incorrect key file for table',
        'wrong rdb checksum', 'bad file format reading the append only file', 'record is corrupt', 'corruptrecordexception',
        'could not locate a valid checkpoint record', 'unexpected inconsistency; run fsck manually',
      ],
    },
    {
      id: 'integrity.object',
      type: 'DATA_CORRUPTION',
      source: OBJECTS,
      sources: FAILURE_SOURCES,
      phrases: [
        'loose object', 'packed object', 'object file', 'index file corrupt', 'hash mismatch', 'sha1 mismatch',
        'invalid loc header', 'invalid cen header', 'crc error', 'bad crc',
      ],
      // "loose object …" and "object file …" are only corruption when git says so on that line.
      requires: ['is corrupt', 'is empty', 'corrupt', 'mismatch', 'bad signature', 'crc error', 'bad crc', 'invalid loc header', 'invalid cen header'],
      sameLine: true,
    },
    {
      id: 'integrity.checksum',
      type: 'DATA_CORRUPTION',
      source: CHECKSUMS,
      sources: FAILURE_SOURCES,
      codes: ['EINTEGRITY'],
      phrases: [
        'checksum mismatch', 'integrity checksum failed', 'integrity check failed', 'checksum verification failed',
        'computed checksum did not match', 'computed checksums did not match', 'do not match the hashes from the requirements file',
        'layer verification failed', 'checksum does not match', 'data corruption detected', 'data corruption',
      ],
    },
  ],
};
