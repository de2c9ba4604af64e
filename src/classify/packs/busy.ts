import type { RulePack } from '../rule.js';

/** Where the busy and lock messages come from. */
const SOURCES = [
  'SQLite sqlite3ErrStr (SQLITE_BUSY "database is locked", SQLITE_LOCKED "database table is locked")',
  'apt/dpkg apt-pkg/contrib/fileutl.cc GetLock ("Could not get lock %s. It is held by process %d", "Unable to acquire the dpkg frontend lock")',
  'git lockfile.c unable_to_lock_message ("Unable to create \'…index.lock\': File exists. Another git process seems to be running")',
  'Redis src/server.c shared.loadingerr ("-LOADING Redis is loading the dataset in memory")',
  'PostgreSQL src/backend/utils/errcodes.txt (55P03 lock_not_available, 55006 object_in_use), MySQL ER_LOCK_WAIT_TIMEOUT 1205',
  'libuv/Node EBUSY ("resource busy or locked"), Linux ETXTBSY ("Text file busy")',
].join('; ');

/**
 * A lock held by someone else, a busy resource, a server still loading (issue 30):
 * RESOURCE_BUSY, transient with a short backoff — the holder finishes and the lock frees
 * itself. Not DEPENDENCY_FAILURE (an input that is missing) nor TIMEOUT (the attempt itself ran
 * too long): "lock timeout" and "lock wait timeout exceeded" say the lock was the cause.
 */
export const busyPack: RulePack = {
  id: 'busy',
  description: 'Held locks, busy resources, servers still loading (SQLite, apt/dpkg, git, Redis, SQLSTATE 55P03, EBUSY, ETXTBSY)',
  rules: [
    {
      id: 'busy.lock-held',
      type: 'RESOURCE_BUSY',
      source: SOURCES,
      codes: ['EBUSY', 'ETXTBSY', 'SQLITE_BUSY', 'SQLITE_LOCKED', '55P03', '55006', 'ER_LOCK_WAIT_TIMEOUT', 'ER_LOCK_DEADLOCK'],
      phrases: [
        'database is locked', 'database table is locked', 'sqlite_busy', 'sqlite_locked', 'could not get lock',
        'unable to acquire the dpkg frontend lock', 'unable to lock the administration directory', 'another git process seems to be running',
        'loading redis is loading the dataset in memory', 'redis is loading the dataset in memory', '55p03', 'lock not available',
        'could not obtain lock on', 'canceling statement due to lock timeout', 'lock wait timeout exceeded', 'try restarting transaction',
        'ebusy', 'resource busy or locked', 'device or resource busy', 'text file busy', 'etxtbsy',
      ],
    },
    {
      // A lock file another process holds, in its library's own words: Python filelock's Timeout ("The file lock '…'
      // could not be acquired."), Node proper-lockfile's ELOCKED ("Lock file is already being held"). The holder
      // finishes and the lock frees: a short backoff, not a crash of the program that asked.
      id: 'busy.lock-not-acquired',
      type: 'RESOURCE_BUSY',
      source: 'py-filelock src/filelock/_error.py Timeout ("The file lock \'%s\' could not be acquired."); proper-lockfile lib/lockfile.js ELOCKED ("Lock file is already being held")',
      codes: ['ELOCKED'],
      phrases: ['could not be acquired', 'cannot be acquired', 'could not acquire', 'is already being held', 'is already held', 'elocked'],
      requires: ['lock'],
      sameLine: true,
    },
  ],
};
