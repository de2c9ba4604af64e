import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A reason returned in an error tuple (issue 30, the sixteenth capture): a runtime whose calls
 * answer `{error, Reason}` prints the reason as a lower-case atom — `{error,econnrefused}`,
 * `{error,nxdomain}`, `{error,timeout}` — and, when nothing matched the answer, reports the whole
 * tuple in its uncaught-exception line (`no match of right hand side value {error,nxdomain}`). An
 * errno name there is the errno registry's already; these are the two reasons that are not errno
 * names: `nxdomain` (the name does not exist: DNS's NXDOMAIN, RFC 1035 — NETWORK, as the DNS
 * registry reads it) and `timeout` (no answer in the time given — TIMEOUT). Only as the tuple's
 * reason, in the term notation (`{error,R}`, `{error, R}`, `{:error, :R}`): the bare words are too
 * common (a resolver's usage text lists NXDOMAIN; "timeout" names options). Where: the failure's own
 * words (`FAILURE_SOURCES`), never a test report.
 */
export const ERROR_TUPLE_RULES: readonly Rule[] = [
  {
    id: 'lexicon.error-tuple-nxdomain',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    inIdentifiers: true,
    phrases: ['{error,nxdomain}', '{error, nxdomain}', '{:error, :nxdomain}'],
  },
  {
    id: 'lexicon.error-tuple-timeout',
    type: 'TIMEOUT',
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    inIdentifiers: true,
    phrases: ['{error,timeout}', '{error, timeout}', '{:error, :timeout}'],
  },
];
