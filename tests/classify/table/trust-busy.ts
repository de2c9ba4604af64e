import { message, stderr, stdout, type Row } from './row.js';

/** Issue 30's two new types: certificate/trust failures (fatal) and held locks, busy resources, servers loading (transient). */
export const TRUST_BUSY_ROWS: Row[] = [
  stderr('npm', 'npm ERR! code UNABLE_TO_VERIFY_LEAF_SIGNATURE\nnpm ERR! errno UNABLE_TO_VERIFY_LEAF_SIGNATURE\nnpm ERR! request to https://registry.npmjs.org/react failed, reason: unable to verify the first certificate', 'CERTIFICATE_ERROR'),
  stderr('git', "fatal: unable to access 'https://git.example.com/repo.git/': SSL certificate problem: self signed certificate in certificate chain", 'CERTIFICATE_ERROR'),
  stderr('docker pull (Go x509)', 'Error response from daemon: Get "https://registry.example.com/v2/": x509: certificate signed by unknown authority', 'CERTIFICATE_ERROR'),
  stderr('node', "Error: certificate has expired\n    at TLSSocket.onConnectSecure (node:_tls_wrap:1540:34)\n    at TLSSocket.emit (node:events:518:28) {\n  code: 'CERT_HAS_EXPIRED'\n}", 'CERTIFICATE_ERROR'),
  message('node (error code only)', 'request to https://api.example.com failed, reason: CERT_HAS_EXPIRED', 'CERTIFICATE_ERROR'),
  stderr('pip', "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get local issuer certificate (_ssl.c:1006)'))': /simple/requests/\nERROR: Could not find a version that satisfies the requirement requests (from versions: none)", 'CERTIFICATE_ERROR'),
  stderr('python requests', "requests.exceptions.SSLError: HTTPSConnectionPool(host='pypi.org', port=443): Max retries exceeded with url: /simple/ (Caused by SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self-signed certificate (_ssl.c:1006)')))", 'CERTIFICATE_ERROR'),
  stderr('curl', 'curl: (60) SSL certificate problem: certificate has expired\nMore details here: https://curl.se/docs/sslcerts.html', 'CERTIFICATE_ERROR'),
  stderr('maven (Java PKIX)', '[ERROR] Failed to execute goal on project app: Could not resolve dependencies: Could not transfer artifact junit:junit:pom:4.13 from/to central (https://repo.maven.apache.org/maven2): PKIX path building failed: sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid certification path to requested target -> [Help 1]', 'CERTIFICATE_ERROR'),
  stderr('git (GnuTLS)', "fatal: unable to access 'https://gitlab.example.com/x.git/': server certificate verification failed. CAfile: none CRLfile: none", 'CERTIFICATE_ERROR'),
  stderr('sqlite3 CLI', 'Error: in prepare, database is locked (5)', 'RESOURCE_BUSY'),
  stderr('python sqlite3', 'Traceback (most recent call last):\n  File "app.py", line 9, in <module>\n    cur.execute("INSERT INTO jobs VALUES (1)")\nsqlite3.OperationalError: database is locked', 'RESOURCE_BUSY'),
  message('node sqlite3', 'Error: SQLITE_BUSY: database is locked', 'RESOURCE_BUSY'),
  stderr('apt-get', 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234 (apt-get)\nN: Be aware that removing the lock file is not a solution and may break your system.\nE: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?', 'RESOURCE_BUSY'),
  stderr('git', "fatal: Unable to create '/home/u/repo/.git/index.lock': File exists.\n\nAnother git process seems to be running in this repository, e.g.\nan editor opened by 'git commit'. Please make sure all processes\nare terminated then try again.", 'RESOURCE_BUSY'),
  stdout('redis-cli', '(error) LOADING Redis is loading the dataset in memory', 'RESOURCE_BUSY'),
  stderr('psql', 'ERROR:  could not obtain lock on row in relation "jobs"', 'RESOURCE_BUSY'),
  stderr('pgx (Go)', 'ERROR: canceling statement due to lock timeout (SQLSTATE 55P03)', 'RESOURCE_BUSY'),
  stderr('mysql', 'ERROR 1205 (HY000) at line 1: Lock wait timeout exceeded; try restarting transaction', 'RESOURCE_BUSY'),
  message('node (Windows)', "Error: EBUSY: resource busy or locked, rename 'C:\\app\\dist\\main.js' -> 'C:\\app\\dist\\main.old.js'", 'RESOURCE_BUSY'),
  stderr('coreutils', "cp: cannot create regular file '/usr/local/bin/app': Text file busy", 'RESOURCE_BUSY'),
  stderr('umount', 'umount: /mnt/data: target is busy.\nrm: cannot remove \'/mnt/data\': Device or resource busy', 'RESOURCE_BUSY'),
];
