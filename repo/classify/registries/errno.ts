import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes, numbers and messages come from. */
const SOURCE = [
  'POSIX.1-2017 <errno.h> (names); Linux include/uapi/asm-generic/errno-base.h and errno.h (numbers); glibc strerror (messages)',
  'POSIX <netdb.h> and RFC 3493 getaddrinfo EAI_* codes, glibc gai_strerror (messages, negative numbers)',
  'c-ares include/ares.h (ARES_ENOTFOUND, as Node names it)',
  'Microsoft Windows Sockets error codes (WSAE*, 10048–10065) and System Error Codes (winerror.h ERROR_*)',
].join('; ');

/** One error number: its name, its Linux number (0: none, a library's own code), its message, what it means. */
type Errno = readonly [name: string, linux: number, message: string, type: FailureType | null];

/**
 * The error numbers a failing tool prints, by what they mean for a recovery. The network is
 * transient (retry), so is a busy resource (a short backoff); an exhausted resource hands off;
 * a refusal of this approach (a permission, a missing file) adapts. `null`: the number alone
 * says nothing a recovery could act on (an interrupted call, a stale handle).
 */
const ERRNO: readonly Errno[] = [
  ['EPERM', 1, 'operation not permitted', 'ERROR_RESPONSE'],
  ['ENOENT', 2, 'no such file or directory', 'ERROR_RESPONSE'],
  ['EINTR', 4, 'interrupted system call', null],
  ['EIO', 5, 'input/output error', null],
  ['ENOEXEC', 8, 'exec format error', 'CLI_NOT_FOUND'],
  ['EAGAIN', 11, 'resource temporarily unavailable', 'RESOURCE_BUSY'],
  ['ENOMEM', 12, 'cannot allocate memory', 'RESOURCE_EXHAUSTION'],
  ['EACCES', 13, 'permission denied', 'ERROR_RESPONSE'],
  ['EBUSY', 16, 'device or resource busy', 'RESOURCE_BUSY'],
  ['EEXIST', 17, 'file exists', 'ERROR_RESPONSE'],
  // A rename across file systems, a directory removed with files in it: the file system refused this operation as asked.
  ['EXDEV', 18, 'invalid cross-device link', 'ERROR_RESPONSE'],
  ['ENOTDIR', 20, 'not a directory', 'ERROR_RESPONSE'],
  ['EISDIR', 21, 'is a directory', 'ERROR_RESPONSE'],
  ['ENFILE', 23, 'too many open files in system', 'RESOURCE_EXHAUSTION'],
  ['EMFILE', 24, 'too many open files', 'RESOURCE_EXHAUSTION'],
  ['ETXTBSY', 26, 'text file busy', 'RESOURCE_BUSY'],
  ['EFBIG', 27, 'file too large', 'RESOURCE_EXHAUSTION'],
  ['ENOSPC', 28, 'no space left on device', 'RESOURCE_EXHAUSTION'],
  ['EROFS', 30, 'read-only file system', 'ERROR_RESPONSE'],
  ['EPIPE', 32, 'broken pipe', 'NETWORK'],
  ['EDEADLK', 35, 'resource deadlock avoided', 'RESOURCE_BUSY'],
  ['ENOLCK', 37, 'no locks available', 'RESOURCE_EXHAUSTION'],
  ['ENOTEMPTY', 39, 'directory not empty', 'ERROR_RESPONSE'],
  ['ENONET', 64, 'machine is not on the network', 'NETWORK'],
  ['EPROTO', 71, 'protocol error', 'NETWORK'],
  ['EADDRINUSE', 98, 'address already in use', 'ERROR_RESPONSE'],
  ['EADDRNOTAVAIL', 99, 'cannot assign requested address', 'NETWORK'],
  ['ENETDOWN', 100, 'network is down', 'NETWORK'],
  ['ENETUNREACH', 101, 'network is unreachable', 'NETWORK'],
  ['ENETRESET', 102, 'network dropped connection on reset', 'NETWORK'],
  ['ECONNABORTED', 103, 'software caused connection abort', 'NETWORK'],
  ['ECONNRESET', 104, 'connection reset by peer', 'NETWORK'],
  ['ENOBUFS', 105, 'no buffer space available', 'RESOURCE_EXHAUSTION'],
  ['ENOTCONN', 107, 'transport endpoint is not connected', 'NETWORK'],
  ['ESHUTDOWN', 108, 'cannot send after transport endpoint shutdown', 'NETWORK'],
  ['ETIMEDOUT', 110, 'connection timed out', 'TIMEOUT'],
  ['ECONNREFUSED', 111, 'connection refused', 'NETWORK'],
  ['EHOSTDOWN', 112, 'host is down', 'NETWORK'],
  ['EHOSTUNREACH', 113, 'no route to host', 'NETWORK'],
  ['ESTALE', 116, 'stale file handle', null],
  ['EDQUOT', 122, 'disk quota exceeded', 'RESOURCE_EXHAUSTION'],
  ['ECANCELED', 125, 'operation canceled', null],
];

/** getaddrinfo's codes (glibc numbers them below zero: Python prints `[Errno -2]`). */
const EAI: readonly Errno[] = [
  ['EAI_NONAME', -2, 'name or service not known', 'NETWORK'],
  ['EAI_AGAIN', -3, 'temporary failure in name resolution', 'NETWORK'],
  ['EAI_FAIL', -4, 'non-recoverable failure in name resolution', 'NETWORK'],
  ['EAI_NODATA', -5, 'no address associated with hostname', 'NETWORK'],
  // A port, family or flag the program passed that the resolver does not take: the program's value (the crash reads it).
  ['EAI_BADFLAGS', -1, 'bad value for ai_flags', null],
  ['EAI_FAMILY', -6, 'ai_family not supported', null],
  ['EAI_SOCKTYPE', -7, 'ai_socktype not supported', null],
  ['EAI_SERVICE', -8, 'servname not supported for ai_socktype', null],
];

/** c-ares (Node's DNS): the codes `dns` and `getaddrinfo` failures carry in Node (`getaddrinfo ENOTFOUND host`). */
const CARES: readonly Errno[] = [
  ['ENOTFOUND', 0, 'domain name not found', 'NETWORK'],
  // ESERVFAIL, EREFUSED and the other answers of a DNS server are the DNS registry's (dns.ts, NODE_DNS_ROWS): an answer, not the network.
];

/** Windows: sockets (`[WinError 10061]`, `WSAECONNREFUSED`) and system errors (`ERROR_SHARING_VIOLATION`). */
const WINDOWS: readonly Errno[] = [
  ['WSAEADDRINUSE', 10048, 'only one usage of each socket address', 'ERROR_RESPONSE'],
  ['WSAENETUNREACH', 10051, 'a socket operation was attempted to an unreachable network', 'NETWORK'],
  ['WSAECONNABORTED', 10053, 'an established connection was aborted by the software in your host machine', 'NETWORK'],
  ['WSAECONNRESET', 10054, 'an existing connection was forcibly closed by the remote host', 'NETWORK'],
  ['WSAETIMEDOUT', 10060, 'the connected party did not properly respond after a period of time', 'TIMEOUT'],
  ['WSAECONNREFUSED', 10061, 'the target machine actively refused it', 'NETWORK'],
  ['WSAEHOSTUNREACH', 10065, 'a socket operation was attempted to an unreachable host', 'NETWORK'],
  ['ERROR_NOT_ENOUGH_MEMORY', 8, 'not enough memory resources are available', 'RESOURCE_EXHAUSTION'],
  ['ERROR_SHARING_VIOLATION', 32, 'being used by another process', 'RESOURCE_BUSY'],
  ['ERROR_LOCK_VIOLATION', 33, 'another process has locked a portion of the file', 'RESOURCE_BUSY'],
  ['ERROR_DISK_FULL', 112, 'there is not enough space on the disk', 'RESOURCE_EXHAUSTION'],
];

/**
 * Other names the same condition goes by, where they are not the message's words joined (those
 * match by word forms: `ConnectionRefused`, `ConnectionRefusedError`): Rust's `io::ErrorKind`
 * and Python's OSError subclasses (PEP 3151).
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  ENOENT: ['filenotfounderror'],
  EACCES: ['permissionerror'],
  EAGAIN: ['would block', 'blockingioerror'],
  ETIMEDOUT: ['timed out'],
  ECONNRESET: ['connection reset'],
  ECONNABORTED: ['connection aborted'],
  EPIPE: ['brokenpipeerror'],
  EADDRINUSE: ['addr in use'],
  EADDRNOTAVAIL: ['addr not available'],
  ENOTCONN: ['not connected'],
  EHOSTUNREACH: ['host unreachable'],
  ENETUNREACH: ['network unreachable'],
  ENOSPC: ['storage full'],
  ENOMEM: ['out of memory'],
  EDQUOT: ['filesystem quota exceeded'],
};

/** How tools print an error number: Node `errno: -111`, Python `[Errno 111]`, Rust `os error 111`, OpenSSL `errno=111`. */
function numberSpellings(n: number): string[] {
  if (n === 0) return [];
  return n > 0 ? [`errno: -${n}`, `errno -${n}`, `errno=-${n}`, `errno: ${n}`, `errno=${n}`, `[errno ${n}]`, `os error ${n}`] : [`[errno ${n}]`];
}

function unixRow([name, n, message, type]: Errno): RegistryRow {
  return { code: name, type, codes: [name], phrases: [name.toLowerCase(), message, ...numberSpellings(n), ...(ALIASES[name] ?? [])] };
}

function windowsRow([name, n, message, type]: Errno): RegistryRow {
  const number = name.startsWith('WSA') ? [`[winerror ${n}]`, `wsaerror ${n}`, `error ${n}`] : [`[winerror ${n}]`];
  return { code: name, type, codes: [name], phrases: [name.toLowerCase(), message, ...number] };
}

/** Every error number of the registry, as rows. */
export const ERRNO_ROWS: readonly RegistryRow[] = [
  ...ERRNO.map(unixRow),
  ...EAI.map(unixRow),
  ...CARES.map(unixRow),
  ...WINDOWS.map(windowsRow),
];

/** The errno registry: POSIX/Linux error numbers, getaddrinfo's, and Windows' socket and system errors. */
const pack = registryPack(ERRNO_ROWS, {
  id: 'errno',
  description: 'Error numbers: POSIX/Linux errno (names, numbers, messages), getaddrinfo EAI_*, c-ares (Node DNS), Windows WSAE*/ERROR_*',
  source: SOURCE,
});

/** EPROTO's message. */
const EPROTO_WORDS = 'protocol error';
/** A peer's status with its reason phrase: the answer a protocol error carries (4xx: the request refused). */
const STATUS_LINES = ['400 bad request', '404 not found', '405 method not allowed', '406 not acceptable', '409 conflict', '410 gone', '415 unsupported media type', '422 unprocessable entity'];

/** The types getaddrinfo's codes route to: their rules read Python's bracketed negative numbers. */
const EAI_TYPES = new Set(EAI.map((row) => row[3]));

/**
 * The errno registry. Python prints getaddrinfo's codes as a bracketed negative number (`[Errno -8]
 * Servname not supported`: EAI_SERVICE); inside it, Node's negated spelling of a positive errno
 * (`errno -8`, ENOEXEC) is not evidence (session 14), so the other types' rules do not count in a
 * field that has one.
 */
export const errnoPack: RulePack = {
  ...pack,
  rules: pack.rules.map((rule) => {
    const guarded = EAI_TYPES.has(rule.type) ? rule : { ...rule, unless: [...(rule.unless ?? []), '[errno -*'] };
    // EPROTO's message is also the class of an exception that carries a peer's status (`ProtocolError for host/RPC2: 404
    // Not Found`): there the status is the answer (the HTTP registry reads it), so its words count only in a rule of
    // their own that yields to a status on the line (session 14).
    return guarded.phrases?.includes(EPROTO_WORDS) ? { ...guarded, phrases: guarded.phrases.filter((p) => p !== EPROTO_WORDS) } : guarded;
  }).concat([{
    id: 'errno.protocol-error',
    type: 'NETWORK',
    source: SOURCE,
    phrases: [EPROTO_WORDS],
    wordForms: true,
    unless: STATUS_LINES,
  }]),
};
