import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the prefixes and messages come from. */
const SOURCE = 'redis/redis src/server.c createSharedObjects() and the error replies of src/*.c (prefix and message); redis/redis-py redis/_parsers/base.py EXCEPTION_CLASSES (exception per prefix)';

/** A Redis error prefix, how its message begins, what it means, and redis-py's exception for it. */
type Prefix = readonly [prefix: string, message: string, type: FailureType | null, exception?: string];

/**
 * A server still loading, busy with a script, or a cluster slot being moved waits a moment
 * (RESOURCE_BUSY); a cluster that is down or short of replicas is the service's trouble; memory
 * or a failed snapshot (usually a full disk) is a resource; a rejected login or command is a
 * person's or the task's to fix. `null`: redirects a client follows (MOVED, ASK) and the
 * generic ERR.
 */
const PREFIXES: readonly Prefix[] = [
  ['LOADING', 'redis is loading the dataset in memory', 'RESOURCE_BUSY', 'busyloadingerror'],
  ['BUSY', 'redis is busy running a script', 'RESOURCE_BUSY'],
  ['TRYAGAIN', 'multiple keys request during rehashing of slot', 'RESOURCE_BUSY', 'tryagainerror'],
  ['MISCONF', 'redis is configured to save rdb snapshots', 'RESOURCE_EXHAUSTION'],
  ['OOM', "command not allowed when used memory > 'maxmemory'", 'RESOURCE_EXHAUSTION'],
  ['MASTERDOWN', 'link with master is down', 'NETWORK', 'masterdownerror'],
  ['CLUSTERDOWN', 'the cluster is down', 'SERVER_OVERLOADED', 'clusterdownerror'],
  ['NOREPLICAS', 'not enough good replicas to write', 'SERVER_OVERLOADED'],
  ['NOAUTH', 'authentication required', 'AUTH_REQUIRED'],
  ['WRONGPASS', 'invalid username-password pair', 'AUTH_REQUIRED'],
  ['NOPERM', 'this user has no permissions', 'AUTH_REQUIRED', 'nopermissionerror'],
  ['READONLY', "you can't write against a read only replica", 'ERROR_RESPONSE', 'readonlyerror'],
  ['WRONGTYPE', 'operation against a key holding the wrong kind of value', 'ERROR_RESPONSE'],
  ['EXECABORT', 'transaction discarded because of previous errors', 'ERROR_RESPONSE', 'execaborterror'],
  ['NOSCRIPT', 'no matching script', 'ERROR_RESPONSE', 'noscripterror'],
  ['CROSSSLOT', "keys in request don't hash to the same slot", 'ERROR_RESPONSE'],
  ['MOVED', 'moved', null],
  ['ASK', 'ask', null],
  ['ERR', 'err', null],
];

/**
 * A prefix is an everyday word (`BUSY`, `LOADING`, `OOM`): it counts where Redis's reply stands —
 * after redis-cli's `(error)`, a client's `ReplyError:` / `ResponseError:`, or before the
 * message it always comes with.
 */
function spellings([prefix, message, , exception]: Prefix): string[] {
  const p = prefix.toLowerCase();
  return [`(error) ${p}`, `replyerror: ${p}`, `responseerror: ${p}`, `-${p} ${message}`, `${p} ${message}`, ...(exception === undefined ? [] : [exception])];
}

/** Every prefix of the registry, as rows. */
export const REDIS_ROWS: readonly RegistryRow[] = PREFIXES.map((row) => ({ code: row[0], type: row[2], phrases: spellings(row) }));

/** The Redis registry: the server's error prefixes, as redis-cli and the clients print them. */
export const redisPack: RulePack = registryPack(REDIS_ROWS, {
  id: 'redis',
  description: 'Redis error prefixes (LOADING, BUSY, MISCONF, NOAUTH, WRONGPASS, READONLY, OOM, …)',
  source: SOURCE,
  wordForms: false,
  // redis-cli prints the server's replies on stdout, and the prefix is the server's own word.
  ownWords: new Set(),
});
