import { RULE_PRIORITY } from '../priority.js';
import type { RulePack } from '../rule.js';

const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ERR_NETWORK'];
const TIMEOUT_CODES = ['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'TimeoutError', 'ERR_TIMEOUT'];
const RESOURCE_CODES = ['ENOSPC', 'ENOMEM', 'EMFILE', 'ENFILE', 'EDQUOT', 'ERR_WORKER_OUT_OF_MEMORY'];
const lower = (codes: readonly string[]): string[] => codes.map((c) => c.toLowerCase());

/**
 * Node.js system errors (and the same conditions as other runtimes print them): the network
 * (ECONNREFUSED, ECONNRESET, ENOTFOUND, EAI_AGAIN, socket hang up) and timeouts are transient;
 * ENOSPC and an exhausted heap are resource exhaustion. EACCES/EPERM on an ordinary path is
 * ERROR_RESPONSE: the environment refused this approach, retrying it as is cannot help, another
 * path or a human can (sensitive paths are the security pack's). A missing file (ENOENT) is
 * also ERROR_RESPONSE; `spawn … ENOENT` is a missing command.
 */
export const nodeSystemPack: RulePack = {
  id: 'node-system',
  description: 'Node.js system errors: network, timeouts, memory and disk, permissions, missing files, aborts',
  rules: [
    {
      id: 'node-system.network',
      type: 'NETWORK',
      codes: NETWORK_CODES,
      phrases: [
        ...lower(NETWORK_CODES), 'socket hang up', 'connection refused', 'connection reset', 'connection reset by peer',
        'network is unreachable', 'no route to host', 'getaddrinfo', 'fetch failed', 'failed to fetch', 'network error',
        'networkerror', 'other side closed', 'temporary failure in name resolution', 'name or service not known',
        'could not resolve host', 'no such host', 'unknown host', 'connection closed unexpectedly', 'socket disconnected before secure tls connection',
      ],
    },
    {
      id: 'node-system.timeout',
      type: 'TIMEOUT',
      codes: TIMEOUT_CODES,
      phrases: [...lower(TIMEOUT_CODES), 'timed out', 'timeouterror', 'timeout exceeded', 'connect timeout', 'headers timeout', 'operation timed out'],
    },
    {
      id: 'node-system.timeout-of',
      type: 'TIMEOUT',
      phrases: ['timeout of'],
      requires: ['exceeded'],
    },
    {
      id: 'node-system.resource',
      type: 'RESOURCE_EXHAUSTION',
      codes: RESOURCE_CODES,
      phrases: [
        ...lower(RESOURCE_CODES), 'heap out of memory', 'reached heap limit', 'allocation failed', 'no space left on device',
        'out of memory', 'cannot allocate memory', 'too many open files', 'disk quota exceeded', 'oomkilled', 'oom-killer',
        'system limit for number of file watchers reached',
      ],
    },
    {
      // Node aborts (SIGABRT, exit 134) when its heap runs out: the message names the cause the
      // exit code only hints at, so it outranks the generic "crashed" reading of 134.
      id: 'node-system.heap-abort',
      type: 'RESOURCE_EXHAUSTION',
      priority: RULE_PRIORITY.processEndCause,
      phrases: ['javascript heap out of memory', 'reached heap limit', 'std::bad_alloc'],
    },
    {
      id: 'node-system.spawn-enoent',
      type: 'CLI_NOT_FOUND',
      phrases: ['spawn'],
      requires: ['enoent'],
    },
    {
      id: 'node-system.permission',
      type: 'ERROR_RESPONSE',
      confidence: 0.75,
      codes: ['EACCES', 'EPERM'],
      phrases: ['eacces', 'eperm', 'permission denied', 'operation not permitted'],
    },
    {
      id: 'node-system.missing-file',
      type: 'ERROR_RESPONSE',
      confidence: 0.75,
      codes: ['ENOENT', 'ENOTDIR', 'EISDIR'],
      phrases: ['enoent', 'no such file or directory', 'enotdir', 'eisdir'],
    },
    {
      id: 'node-system.address-in-use',
      type: 'ERROR_RESPONSE',
      codes: ['EADDRINUSE'],
      phrases: ['eaddrinuse', 'address already in use'],
    },
    {
      id: 'node-system.abort',
      type: 'USER_ABORT',
      codes: ['ABORT_ERR', 'AbortError'],
      phrases: ['aborterror', 'abort_err', 'this operation was aborted', 'the operation was aborted'],
      unless: ['timeout'],
    },
    {
      // An uncaught JavaScript error: its message, then stack frames in .js/.ts files.
      id: 'node-system.stack',
      type: 'CLI_CRASH',
      source: 'V8 Error.prototype.stack format ("Error: message\\n    at fn (file.js:line:col)")',
      phrases: ['*error:'],
      requires: ['*.js:*', '*.mjs:*', '*.cjs:*', '*.ts:*', '*.tsx:*', '*.jsx:*'],
    },
    {
      id: 'node-system.crash',
      type: 'CLI_CRASH',
      phrases: [
        'node.js v1*', 'node.js v2*', 'uncaught exception', 'uncaughtexception', 'unhandled promise rejection',
        'unhandledpromiserejection', 'err_unhandled_rejection', 'triggeruncaughtexception',
      ],
    },
  ],
};
