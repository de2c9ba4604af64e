import type { FailureType } from '../../taxonomy/index.js';
import { RULE_PRIORITY } from '../priority.js';
import type { RulePack } from '../rule.js';
import { registryRules, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'RFC 1035 §4.1.1 and RFC 2136 §2.2 (DNS RCODEs, IANA "DNS RCODEs" registry); the spellings of BIND 9 dig (`;; ->>HEADER<<- … status: NXDOMAIN`) and host (`not found: 3(NXDOMAIN)`)';

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
 * The DNS registry. Its rules sit just above a failed check (verification tier): a resolver's
 * answer code is the reason a DNS check failed (`dns check failed for …` beside `status:
 * NXDOMAIN`), as a test runner's timeout is the reason of the test it fails. A broken build or
 * an uncaught error that prints one still yields to it as its root cause (cause.ts).
 */
export const dnsPack: RulePack = {
  id: 'dns',
  description: 'DNS response codes (RFC 1035, 2136: NXDOMAIN, SERVFAIL, REFUSED, NOTIMP, …)',
  rules: registryRules(DNS_ROWS, { id: 'dns', source: SOURCE, wordForms: false }).map((rule) => ({ ...rule, priority: RULE_PRIORITY.verification + 5 })),
};
