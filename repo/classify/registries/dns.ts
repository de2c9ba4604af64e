import type { FailureType } from '../../taxonomy/index.js';
import { RULE_PRIORITY } from '../priority.js';
import type { RulePack } from '../rule.js';
import { registryRules, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'RFC 1035 §4.1.1 and RFC 2136 §2.2 (DNS RCODEs, IANA "DNS RCODEs" registry); the spellings of BIND 9 dig (`;; ->>HEADER<<- … status: NXDOMAIN`) and host (`not found: 3(NXDOMAIN)`)';

/** Where Node's spellings come from. */
const NODE_SOURCE = 'RFC 1035 §4.1.1 and RFC 2308 §2.2 (the RCODEs and NODATA) in c-ares include/ares.h (ARES_EFORMERR, ARES_ESERVFAIL, ARES_ENOTIMP, ARES_EREFUSED, ARES_ENODATA, ARES_ETIMEOUT) as Node\'s dns module names them (lib/internal/errors.js DNSException)';

/** A DNS response code: number, name, what it says, and what it means for a recovery. */
type Code = readonly [code: number, name: string, meaning: string, type: FailureType | null];

/**
 * A resolver's answer: a name that does not exist is NETWORK, as the corpus reads every unknown
 * host (`ENOTFOUND`, `Name or service not known`: a DNS outage or a name not yet published —
 * retried, never adapted); a server failing to answer (SERVFAIL) a server's transient failure; a
 * query refused, malformed or not implemented the request as given (adapt). `null`: codes that
 * say nothing a recovery acts on (NOERROR; NOTAUTH means "not authoritative" or "not authorized"
 * by context, RFC 8945).
 */
const CODES: readonly Code[] = [
  [0, 'NOERROR', 'no error', null],
  [1, 'FORMERR', 'format error: the server could not read the query', 'ERROR_RESPONSE'],
  [2, 'SERVFAIL', 'server failure', 'SERVER_ERROR'],
  [3, 'NXDOMAIN', 'the name does not exist', 'NETWORK'],
  [4, 'NOTIMP', 'not implemented', 'ERROR_RESPONSE'],
  [5, 'REFUSED', 'refused for policy reasons', 'ERROR_RESPONSE'],
  [6, 'YXDOMAIN', 'a name exists when it should not (dynamic update)', 'ERROR_RESPONSE'],
  [7, 'YXRRSET', 'an RR set exists when it should not (dynamic update)', 'ERROR_RESPONSE'],
  [8, 'NXRRSET', 'an RR set that should exist does not (dynamic update)', 'ERROR_RESPONSE'],
  [9, 'NOTAUTH', 'not authoritative / not authorized', null],
  [10, 'NOTZONE', 'a name not in the zone (dynamic update)', 'ERROR_RESPONSE'],
];

/**
 * The names are codes as resolvers print them: `status: NXDOMAIN` (dig's header), `3(NXDOMAIN)`
 * (host), `rcode NXDOMAIN`: only in those positions, not alone (a resolver's usage text lists `-s a
 * SERVFAIL response should stop query`; REFUSED is an English word).
 */
export const DNS_ROWS: readonly RegistryRow[] = CODES.map(([code, name, , type]) => ({
  code: name,
  type,
  codes: [name],
  phrases: [`status: ${name}`, `${code}(${name})`, `rcode ${name}`, `rcode: ${name}`, `rcode=${name}`],
}));

/**
 * The same answers as Node prints them (c-ares status codes, `ares.h`; Node's `dns` module:
 * `Error: queryA EREFUSED api.example.test`, `code: 'EREFUSED'`), by the RCODEs' decisions above:
 * FORMERR, NOTIMP, REFUSED the request as given, SERVFAIL the server's failure; NODATA (a NOERROR
 * answer with no record of the type asked, RFC 2308 §2.2) the answer as given too; TIMEOUT no
 * answer in time. NOTFOUND (NXDOMAIN) and CONNREFUSED (no server reached) stay the errno
 * registry's NETWORK. The spellings count beside a resolver's words (`hostname:`, `query…`,
 * `dns`): ENODATA is also a Linux errno name.
 */
const NODE_CARES: readonly [name: string, type: FailureType][] = [
  ['EFORMERR', 'ERROR_RESPONSE'],
  ['ENOTIMP', 'ERROR_RESPONSE'],
  ['EREFUSED', 'ERROR_RESPONSE'],
  ['ENODATA', 'ERROR_RESPONSE'],
  ['ESERVFAIL', 'SERVER_ERROR'],
  ['ETIMEOUT', 'TIMEOUT'],
];

/** Node's c-ares spellings as rows: the `code` field, and the name in the error's text. */
export const NODE_DNS_ROWS: readonly RegistryRow[] = NODE_CARES.map(([name, type]) => ({ code: name, type, codes: [name], phrases: [name.toLowerCase()] }));

/** Words of a resolver's failure beside which Node's c-ares names are its answer. */
const RESOLVER_WORDS = ['hostname:', 'query*', 'dns*', 'getaddrinfo', 'gethostbyaddr', 'getnameinfo', 'resolve*'];

/**
 * The DNS registry. Its rules sit just above a failed check (verification tier): a resolver's
 * answer code is the reason a DNS check failed (`dns check failed for …` beside `status:
 * NXDOMAIN`), as a test runner's timeout is the reason of the test it fails. A broken build or
 * an uncaught error that prints one still yields to it as its root cause (cause.ts).
 */
export const dnsPack: RulePack = {
  id: 'dns',
  description: 'DNS response codes (RFC 1035, 2136: NXDOMAIN, SERVFAIL, REFUSED, NOTIMP, …)',
  rules: [
    ...registryRules(DNS_ROWS, { id: 'dns', source: SOURCE, wordForms: false }),
    ...registryRules(NODE_DNS_ROWS, { id: 'dns.node', source: NODE_SOURCE, wordForms: false }).map((rule) => ({ ...rule, requires: RESOLVER_WORDS })),
  ].map((rule) => ({ ...rule, priority: RULE_PRIORITY.verification + 5 })),
};
