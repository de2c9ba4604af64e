import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A resolver client's own words for a name it could not look up (issue 30, the seventh
 * capture's harmful misses; no rule names a tool): the address of a host or of the DNS server
 * itself not found (`couldn't get address for 'dns.internal.invalid': not found`), or no server
 * that answered at all (`;; no servers could be reached`). NETWORK, as the corpus reads every
 * unknown host (`ENOTFOUND`, `Name or service not known`): retried, never adapted. The
 * resolver's answer codes (NXDOMAIN, SERVFAIL) are the DNS registry's.
 */
export const RESOLVER_RULES: readonly Rule[] = [
  {
    id: 'lexicon.address-not-found',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT,
    phrases: [
      "couldn't get address for", 'could not get address for', "can't get address for", 'cannot get address for', 'unable to get address for',
      'no servers could be reached', 'no server could be reached',
    ],
  },
];
