import { REPORT_WORDS } from '../packs/markers.js';
import { TYPE_PRIORITY } from '../priority.js';
import type { Rule } from '../rule.js';

/**
 * A peer's answer carried by an uncaught exception (issue 30, session 14; README, label decisions:
 * *What an uncaught exception carries*): what a server the task talks to answered keeps its type
 * whatever exception carried it — ERROR_RESPONSE for a refusal, the status's own type for a status
 * the registries know (a 503 SERVER_OVERLOADED, a 401 AUTH_REQUIRED outrank this). Never above a
 * network, credential or certificate cause: those are a more exact reading of the same failure.
 */
export const PEER_ANSWER_RULES: readonly Rule[] = [
  {
    id: 'lexicon.peer-answer',
    type: 'ERROR_RESPONSE',
    wordForms: true,
    unless: REPORT_WORDS,
    phrases: [
      // A reply that is not what the protocol allows there (`abort: unexpected response: b'220 … ESMTP'`), a reply that
      // does not parse as the protocol's (`ResponseError()`), an XML-RPC fault (`<Fault 404: 'no such release'>`).
      'unexpected response', 'unexpected reply', 'response error', 'invalid response', 'malformed response', '<fault',
      // A line protocol's error reply (`b'-ERR There is no message 42'`: POP3, Redis).
      "b'-err", 'b"-err',
      // A TLS handshake answered in another protocol (a plain-text server on the port): `[SSL: WRONG_VERSION_NUMBER]`.
      'wrong version number',
    ],
  },
  {
    // A server that turns a connection away and asks for a later try (IMAP's `* BYE Too many connections, try again
    // later`, FTP's `421 Too many connections. Service temporarily unavailable.`): overloaded, not the task's own
    // resource exhausted (a database's connection limit without such words stays RESOURCE_EXHAUSTION).
    id: 'lexicon.too-many-connections-later',
    type: 'SERVER_OVERLOADED',
    priority: TYPE_PRIORITY.RESOURCE_EXHAUSTION + 1,
    unless: REPORT_WORDS,
    phrases: ['too many connections'],
    requires: ['try again later', 'temporarily unavailable', 'try again in'],
    sameLine: true,
  },
];
