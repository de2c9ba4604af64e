import { RULE_PRIORITY } from '../priority.js';
import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * The environment's failures in words any tool uses (issue 30): the network, time, resources,
 * held locks, busy or failing servers. No tool's sentence; each phrase is a concept in its word
 * forms (`{stem}`: see word-forms.ts), so `ConnectionRefusedError`, "failed to connect" and
 * "connect failed" are one phrase each, not one per tool.
 */
export const ENVIRONMENT_RULES: readonly Rule[] = [
  {
    id: 'lexicon.network',
    type: 'NETWORK',
    wordForms: true,
    phrases: [
      '{connection} {refused}', '{connection} {reset}', '{connection} {closed}', '{connection} {error}', '{connection} {fail}',
      '{cannot} {connection}', 'lost {connection}', '{connection} was {closed}', '{connection} has been {closed}',
      '{cannot} {resolve} {host}', '{host} {resolve} {fail}', 'dns {resolve}', 'unknown {host}', 'no such host', 'host not found', 'hostname not found',
      '{host} {unreachable}', 'network {unreachable}', 'network is {unreachable}', 'network {error}', 'network is down',
      'no route to host', 'name resolution', 'dns {fail}', 'dns {error}', 'remote end {closed}', 'remote host {closed}',
      '{closed} by remote host', '{closed} by peer', '{closed} by the remote', 'reset by peer', 'remote disconnected',
      'server {closed} the {connection}', 'disconnected from server', 'socket hang up', 'socket {closed}', 'stream disconnected',
      'stream {closed} before',
      // A client's hint that nothing answered where it connected (libpq, MySQL's client): the server is not there now.
      'is the server running', 'server is not running', 'no server running', 'no response from server', 'server did not respond',
      // A server ending the session ("terminating connection due to administrator command"); a name DNS did not resolve (net::ERR_NAME_NOT_RESOLVED).
      'terminating connection', 'name not resolved',
      // A peer that closed a stream before the bytes it announced arrived (IncompleteReadError, http.client's IncompleteRead).
      'incomplete read',
    ],
    // A memory checker's "SEGV on unknown address 0x0" is a memory address, not a host. A session transcript where the
    // client sent its QUIT (`-> QUIT`, `---> QUIT`) or the server said goodbye (SMTP's and FTP's `221`): the connection
    // closed because the session ended, not because the network failed (the tenth capture, connection-close.test.ts).
    unless: ['segv on unknown address', 'bus on unknown address', '> quit', '221 2.0.0', '221 bye', '221 goodbye', '221 closing'],
  },
  {
    id: 'lexicon.timeout',
    type: 'TIMEOUT',
    wordForms: true,
    phrases: [
      '{timed out}', '{timeout} {error}', '{timeout} {exceed}', '{exceed} {timeout}', '{timeout} expired', '{timeout} occurred',
      '{timeout} waiting for', '{timeout} while', 'deadline {exceed}', 'read {timeout}', 'connect {timeout}', '{connection} {timeout}',
      'request {timeout}', 'operation {timeout}', 'socket {timeout}', 'idle {timeout}', 'took too long', 'did not respond in time',
      'did not complete in time', 'did not finish in time', 'no response within', 'statement {timeout}', 'due to {timeout}',
      '{timeout} after', '{timeout} when waiting', 'maximum execution time', 'execution time exceeded', 'time limit {exceed}', '{exceed} the time limit',
    ],
  },
  {
    // A timeout as a program's whole message (`snmpget: Timeout`), or a heading over the silence (`Timeout: No Response
    // from 127.0.0.1:161`): the ninth capture. The bare word elsewhere is an option's or a setting's name.
    id: 'lexicon.timeout-message',
    type: 'TIMEOUT',
    sources: FAILURE_SOURCES,
    unless: REPORT,
    phrases: ['timeout'],
    shape: 'tool: Word',
  },
  {
    id: 'lexicon.timeout-no-response',
    type: 'TIMEOUT',
    sources: FAILURE_SOURCES,
    unless: REPORT,
    phrases: ['timeout: no response'],
  },
  {
    // A test runner's timeout is the cause of the failed test it reports (as the tool rules say for jest, vitest, pytest-timeout).
    id: 'lexicon.test-timeout',
    type: 'TIMEOUT',
    priority: RULE_PRIORITY.testTimeout,
    wordForms: true,
    phrases: ['{test} {timed out}', 'hook {timed out}', '{test} {timeout}', '{exceed} {timeout} of'],
  },
  {
    // Memory running out names why a process aborted or was killed: it explains the exit code or signal it comes with.
    id: 'lexicon.memory',
    type: 'RESOURCE_EXHAUSTION',
    priority: RULE_PRIORITY.processEndCause,
    wordForms: true,
    phrases: [
      'out of {memory}', 'out of {memory} {error}', 'memory {error}', '{memory} exhausted', 'not enough {memory}', 'insufficient {memory}',
      '{memory} limit {exceed}', '{exceed} {memory} limit', '{memory} usage limit', '{memory} limit reached', 'allowed {memory} size', 'bytes exhausted', '{cannot} {allocate}', '{allocate} {fail}', 'oom killer', 'oom-killer', 'oom killed', 'oomkilled',
    ],
  },
  {
    id: 'lexicon.resources',
    type: 'RESOURCE_EXHAUSTION',
    wordForms: true,
    phrases: [
      'out of {space}', 'no space left', 'not enough {space}', 'insufficient {space}', 'disk full', 'disk is full', 'disk quota exceeded',
      'too many open files', 'file descriptors exhausted', 'out of file descriptors', 'too many processes', 'too many clients',
      'too many {connection}', 'no {connection} slots',
      // A program's own resource limits ("cache resources exhausted"): the resource ran out or would, not the request's form.
      'resources exhausted', 'resource limit {exceed}', '{exceed} resource limit',
      // What is to be written outgrows the room left on its medium ("Image size 480s exceeds free space on media 96s").
      'exceeds free {space}', 'exceeds the free {space}', 'exceeds available {space}', 'exceeds the available {space}',
    ],
  },
  {
    // A limit a program's own resource would pass ("width or height exceeds limit" of a pixel cache). Not a request a server
    // refused for its size (HTTP 413, "request body exceeds limit"): that request must change, nothing ran out.
    id: 'lexicon.exceeds-limit',
    type: 'RESOURCE_EXHAUSTION',
    unless: ['413', 'too large', 'request body', 'request entity', 'request size', 'body size', 'payload', 'upload size'],
    phrases: ['exceeds limit', 'exceeds the limit'],
  },
  {
    // A buffer or output bounded by a size the data outgrew (a decompression's maximum output length, a runtime's
    // largest buffer, "ERR_BUFFER_TOO_LARGE"): the output would not fit, whatever asked for it. In the failure's own
    // words only: a tool's settings on stdout name the same limit without having hit it.
    id: 'lexicon.output-limit',
    type: 'RESOURCE_EXHAUSTION',
    sources: FAILURE_SOURCES,
    wordForms: true,
    phrases: ['buffer too large', 'buffer larger than', 'maximum output length', 'max output length', 'output length {exceed}'],
  },
  {
    // A limit the data outgrew, in other words (the sixth capture): a record's field larger than the reader's limit, a
    // decoder that would need more memory than it is allowed ("requires too much memory", a window "larger than
    // maximum"), a finite set of names used up ("output file suffixes exhausted"). The run needs a larger limit or
    // smaller pieces: a resource, not this approach's error. In the failure's own words only, as the output limit.
    id: 'lexicon.size-limit',
    type: 'RESOURCE_EXHAUSTION',
    sources: FAILURE_SOURCES,
    wordForms: true,
    phrases: [
      'larger than field limit', 'larger than the field limit', 'larger than the limit', 'larger than limit', 'larger than maximum',
      'larger than the maximum', 'too much memory', 'memory limit {exceed}', '{exceed} memory limit', '{exceed} the memory limit',
      'suffixes exhausted', 'file names exhausted', 'names exhausted',
    ],
  },
  {
    id: 'lexicon.busy',
    type: 'RESOURCE_BUSY',
    wordForms: true,
    phrases: [
      'is locked', 'is currently locked', 'already locked', 'locked by another', '{lock} {held} by', '{held} by another process',
      'another process holds', '{cannot} acquire {lock}', '{cannot} acquire the {lock}', '{cannot} create/acquire the {lock}', '{cannot} obtain {lock}', '{cannot} get {lock}', '{lock} {timeout}',
      '{lock} wait {timeout}', '{lock} not available', '{lock} unavailable', '{lock} contention', 'resource busy', 'resource is busy', 'device busy',
      'device or resource busy', 'target is busy', 'file is busy', 'text file busy', 'in use by another process',
      'used by another process', 'try restarting transaction', 'deadlock detected', 'deadlock found', 'is starting up',
      'still starting up', 'is still loading', 'still initializing',
      // A bulkhead (a resilience policy's cap on calls in flight) that is full: a slot frees when a call ends.
      'bulkhead capacity', 'bulkhead rejected', 'bulkhead is full', 'bulkhead full',
    ],
  },
  {
    // A wait for a lock someone holds that gave up ("timeout while waiting to get lock"): the lock is held, the wait is how
    // it shows. A wait that ended ("Blocking waiting for file lock… acquired") is progress, not a failure. A semaphore is a
    // lock with a count ("Semaphore timed out"). Placed with a test's own timeout: a timeout that names what it waited for
    // is that thing's, above the bare "timed out" a tool's or a registry's rule reads on the same line.
    id: 'lexicon.lock-wait',
    type: 'RESOURCE_BUSY',
    priority: RULE_PRIORITY.testTimeout,
    wordForms: true,
    phrases: ['waiting to get {lock}', 'waiting for {lock}', 'waiting for the {lock}', 'waiting to acquire {lock}', 'waiting on {lock}', 'semaphore {timed out}', 'semaphore {timeout}'],
    requires: ['{timeout}', '{timed out}', 'gave up', 'giving up'],
    sameLine: true,
  },
  {
    // A circuit breaker that is open stops calls to a dependency that kept failing; it closes when the dependency recovers.
    id: 'lexicon.circuit-open',
    type: 'DEPENDENCY_FAILURE',
    wordForms: true,
    phrases: ['circuit breaker is open', 'circuit breaker open', 'circuit is open', 'breaker is open', 'open circuit breaker', 'circuit open'],
  },
  {
    // Something the task depends on is not ready yet (a container, a runtime, a service's replicas): wait for it.
    id: 'lexicon.not-ready',
    type: 'DEPENDENCY_FAILURE',
    wordForms: true,
    sources: FAILURE_SOURCES,
    phrases: ['is not ready', 'not ready yet', 'are not ready', 'never became ready', 'did not become ready', 'waiting to become ready'],
  },
  {
    id: 'lexicon.overloaded',
    type: 'SERVER_OVERLOADED',
    wordForms: true,
    phrases: [
      'server {overloaded}', 'service {overloaded}', 'servers are {overloaded}', 'is {overloaded}', 'currently {overloaded}',
      'system {overloaded}', '{overloaded} {error}', 'service {unavailable}', 'server {unavailable}', 'temporarily {unavailable}',
      'currently {unavailable}', 'high demand', 'server busy', 'server is busy', 'servers are busy', 'no capacity', 'capacity exceeded',
    ],
    // A bulkhead's capacity is the caller's own cap, not a server's (RESOURCE_BUSY above).
    unless: ['bulkhead'],
  },
  {
    id: 'lexicon.server-error',
    type: 'SERVER_ERROR',
    wordForms: true,
    phrases: [
      'internal server {error}', 'server {error}', 'server encountered an {error}', 'server had an {error}', 'an {error} on the server',
      'upstream {error}', 'upstream server {fail}', 'backend {error}', 'bad gateway', 'gateway {timeout}',
    ],
  },
];
