import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A peer that closed the connection before its protocol greeting arrived (issue 30, the thirteenth
 * capture's harmful miss `paramiko.closed`; no tool named): a client library reading the server's
 * banner or greeting — the first line a protocol's server sends — says the read failed (`Error
 * reading SSH protocol banner`, raised from an `EOFError`). NETWORK (DESIGN: the network failed;
 * retried, the peer may come back), not the program's defect the uncaught exception that carries it
 * would otherwise read as. Not when the same text says the wait ran out (`TimeoutError`, `timed
 * out`): that is TIMEOUT, read from the cause by the timeout rules.
 */
export const GREETING_LOST_RULES: readonly Rule[] = [
  {
    id: 'lexicon.greeting-lost',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    wordForms: true,
    unless: [...REPORT, 'timeouterror', 'timed out', 'socket.timeout', 'timeout error'],
    phrases: ['protocol banner', 'server banner', 'server greeting', "server's greeting", 'protocol greeting'],
    requires: ['error reading', 'error while reading', 'failed reading', '{cannot} read', 'no banner', 'closed before'],
    sameLine: true,
  },
];
