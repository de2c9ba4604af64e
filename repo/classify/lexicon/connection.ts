import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A peer the run could not open a connection to, or one that went away (issue 30, the tenth
 * capture's harmful misses; none names a tool): a client of a daemon, a key server, a mail or test
 * server says so in its own sentence — `Could not open connection to daemon`, `Cannot talk to
 * daemon`, `Cannot contact any KDC for realm …`, `*** Error connecting to host:25:`, `control socket
 * has closed unexpectedly`, a TLS library's transport read or write that failed (`Error in the pull
 * function`). NETWORK (DESIGN: the network failed; retried, the peer may come back), not the
 * request's refusal: adapting the approach cannot bring a daemon back. Not when the same text says
 * a local file was missing (`error connecting to /tmp/sock (No such file or directory)`: a socket
 * file that is not there is the request's, as the corpus labels it).
 */
export const CONNECTION_RULES: readonly Rule[] = [
  {
    id: 'lexicon.connection-not-opened',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    wordForms: true,
    unless: [...REPORT, 'no such file or directory', 'file not found'],
    phrases: [
      // Opening the connection failed: `Could not open connection to daemon`, `Error connecting to smtp.example:25`.
      '{cannot} open {connection} to', '{cannot} open a {connection} to', '{cannot} establish {connection}', '{cannot} establish a {connection}',
      'error connecting to', 'error while connecting to',
      // No peer answered: `506 Cannot talk to daemon`, `Cannot contact any KDC for realm`, `unable to contact the server`.
      '{cannot} talk to daemon', '{cannot} talk to the daemon', '{cannot} talk to server', '{cannot} talk to the server',
      '{cannot} contact any', '{cannot} contact the server', '{cannot} contact server', '{cannot} contact daemon', '{cannot} contact the daemon',
      '{cannot} contact host', '{cannot} contact the host',
    ],
  },
  {
    // The peer went away under an open connection: `control socket has closed unexpectedly`, `connection has closed
    // unexpectedly`; a TLS library's transport callbacks failing to read (`pull`) or write (`push`) the socket
    // (GnuTLS's `Error in the pull function`, printed by whatever program links it).
    id: 'lexicon.connection-gone',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT,
    phrases: [
      'socket has closed', 'socket has been closed', 'socket closed unexpectedly', 'connection has closed', 'connection closed unexpectedly',
      'error in the pull function', 'error in the push function',
    ],
  },
];

/** A probe's verdict that a host it names first on the line does not answer (`192.0.2.10 is unreachable`): NETWORK. */
export const ADDRESS_RULES: readonly Rule[] = [
  {
    id: 'lexicon.address-unreachable',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT,
    shape: 'address …',
    phrases: ['is unreachable', 'is not reachable', 'unreachable'],
  },
];

/**
 * A wait for the peer's answer that ran out, the duration between the words (`<** Timeout (3 secs) waiting for server
 * response`): TIMEOUT, retried, as `timeout waiting for` is. Once the client ends the session after it (its `QUIT`),
 * the closed connection that follows is the session's end, not the network (lexicon.network's look-alike).
 */
export const PEER_WAIT_RULES: readonly Rule[] = [
  {
    id: 'lexicon.peer-answer-timeout',
    type: 'TIMEOUT',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    wordForms: true,
    unless: REPORT,
    phrases: ['waiting for server response', 'waiting for the server response', "waiting for the server's response", 'waiting for a response', 'waiting for response'],
    requires: ['{timeout}', '{timed out}'],
    sameLine: true,
  },
];
