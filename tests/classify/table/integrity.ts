import { message, stderr, stdout, type Row } from './row.js';

/**
 * Issue 33's DATA_CORRUPTION (critical: halt, roll back, investigate), each text as the tool
 * prints it (sources in src/classify/packs/integrity.ts), and the look-alikes that stay what they were.
 */
export const INTEGRITY_ROWS: Row[] = [
  stderr('sqlite3 CLI', 'Error: in prepare, database disk image is malformed (11)', 'DATA_CORRUPTION'),
  stderr('python sqlite3', 'Traceback (most recent call last):\n  File "app.py", line 4, in <module>\n    cur.execute("SELECT * FROM jobs")\nsqlite3.DatabaseError: database disk image is malformed', 'DATA_CORRUPTION'),
  message('node sqlite3', 'Error: SQLITE_CORRUPT: database disk image is malformed', 'DATA_CORRUPTION'),
  stderr('psql', 'ERROR:  invalid page in block 4 of relation base/16384/16385', 'DATA_CORRUPTION'),
  stderr('postgres (data checksums)', 'WARNING:  page verification failed, calculated checksum 20919 but expected 15254\nERROR:  invalid page in block 0 of relation base/13455/16384', 'DATA_CORRUPTION'),
  stderr('pg_dump', 'pg_dump: error: Dumping the contents of table "events" failed: PQgetResult() failed.\npg_dump: error: Error message from server: ERROR:  missing chunk number 0 for toast value 16452 in pg_toast_16385', 'DATA_CORRUPTION'),
  stderr('mysql', "ERROR 145 (HY000) at line 1: Table './shop/orders' is marked as crashed and should be repaired", 'DATA_CORRUPTION'),
  stderr('mysqld (InnoDB)', '2026-11-27T08:00:01.123456Z 0 [ERROR] [MY-011906] [InnoDB] Database page corruption on disk or a failed file read of page [page id: space=2, page number=3]. You may have to recover from a backup.', 'DATA_CORRUPTION'),
  stderr('git fsck', "error: object file .git/objects/4b/825dc642cb6eb9a060e54bf8d69288fbee4904 is empty\nerror: unable to mmap .git/objects/4b/825dc642cb6eb9a060e54bf8d69288fbee4904: No such file or directory\nfatal: loose object 4b825dc642cb6eb9a060e54bf8d69288fbee4904 (stored in .git/objects/4b/825dc642cb6eb9a060e54bf8d69288fbee4904) is corrupt", 'DATA_CORRUPTION'),
  stderr('git status', 'error: bad signature 0x00000000\nfatal: index file corrupt', 'DATA_CORRUPTION'),
  stderr('git (packfile)', 'error: inflate: data stream error (incorrect header check)\nfatal: packed object 9f2a0d3c8e5a7b1c4d6e8f0a2b4c6d8e0f1a3b5c (stored in .git/objects/pack/pack-1a2b.pack) is corrupt', 'DATA_CORRUPTION'),
  stderr('go mod', 'verifying github.com/pkg/errors@v0.9.1: checksum mismatch\n\tdownloaded: h1:iURUrRGxPUNPdy5/HRSm+Yj6okJ6UtLINN0Q9M4+h3I=\n\tgo.sum:     h1:FEBLx1zS214owpjy7qsBeixbURkuhQAwrK5UwLGTwt4=\n\nSECURITY ERROR\nThis download does NOT match an earlier download recorded in go.sum.', 'DATA_CORRUPTION'),
  stderr('pip --require-hashes', 'ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the package versions, please update the hashes. Otherwise, examine the package contents carefully; someone may have tampered with them.\n    requests==2.31.0 from https://files.pythonhosted.org/packages/requests-2.31.0-py3-none-any.whl:\n        Expected sha256 58cd2187c01e70e6e26505bca751777aa9f2ee0b7f4300988b709f44e013003f\n             Got        0000000000000000000000000000000000000000000000000000000000000000', 'DATA_CORRUPTION'),
  stderr('sha256sum -c', 'release.tar.gz: FAILED\nsha256sum: WARNING: 1 computed checksum did NOT match', 'DATA_CORRUPTION'),
  stderr('gzip', 'gzip: backup.sql.gz: invalid compressed data--crc error', 'DATA_CORRUPTION'),
  stderr('maven (corrupt jar in the local repository)', '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project app: Compilation failure\n[ERROR] error reading /home/u/.m2/repository/com/google/guava/guava/32.1.2-jre/guava-32.1.2-jre.jar; invalid LOC header (bad signature)', 'DATA_CORRUPTION'),
  stderr('redis-server', "# Bad file format reading the append only file appendonly.aof: make a backup of your AOF file, then use ./redis-check-aof --fix <filename.manifest>", 'DATA_CORRUPTION'),
  stderr('docker pull', 'failed to register layer: Error processing tar file(exit status 1): filesystem layer verification failed for digest sha256:4f4fb700ef54461cfa02571ae0db9a0dc1e0cdb5577484a6d75e68dc38e8acc1', 'DATA_CORRUPTION'),
  // Look-alikes: a corrupt *patch* is the patch text's fault (DIFF_PARSE_ERROR); "corrupt" in ordinary output is not evidence.
  stderr('git apply', 'error: corrupt patch at line 12', 'DIFF_PARSE_ERROR'),
  stdout('a test name', 'ok 3 - detects a checksum mismatch in the uploader\nnot ok 4 - retries the upload\n# tests 4\n# fail 1', 'VERIFICATION_FAILED'),
];
