import { RULE_PRIORITY } from '../priority.js';
import { NOT_A_TEMPLATE_KEY } from './markers.js';
import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/**
 * Python: tracebacks (the exception on the last line decides; the traceback header alone
 * only says "crashed"), pytest, pip. KeyError is seed 002's CONTEXT_ERROR (a prompt template
 * without its key).
 */
export const pythonPack: RulePack = {
  id: 'python',
  description: 'Python exceptions, pytest, pip',
  rules: [
    {
      id: 'python.build',
      type: 'BROKEN_BUILD',
      phrases: [
        'syntaxerror', 'indentationerror', 'taberror', 'modulenotfounderror', 'importerror', 'no module named', 'cannot import name',
        'nameerror', 'invalid syntax', 'unexpected indent', 'unindent does not match', 'expected an indented block',
      ],
    },
    {
      id: 'python.pytest',
      type: 'VERIFICATION_FAILED',
      phrases: ['assertionerror', 'short test summary info', '= failures =', 'e assert'],
    },
    {
      id: 'python.json',
      type: 'JSON_PARSE_ERROR',
      priority: RULE_PRIORITY.refinement,
      phrases: ['jsondecodeerror', 'json.decoder', 'expecting value: line', 'expecting property name enclosed in double quotes'],
    },
    { id: 'python.key-error', type: 'CONTEXT_ERROR', sources: FAILURE_SOURCES, unless: NOT_A_TEMPLATE_KEY, phrases: ['keyerror'] },
    { id: 'python.memory', type: 'RESOURCE_EXHAUSTION', phrases: ['memoryerror'] },
    {
      id: 'python.network',
      type: 'NETWORK',
      phrases: [
        'connectionrefusederror', 'connectionreseterror', 'connectionabortederror', 'newconnectionerror',
        'failed to establish a new connection', 'max retries exceeded with url', 'temporary failure in name resolution',
        'name or service not known', 'nodename nor servname provided', 'remotedisconnected',
        'remote end closed connection without response', 'brokenpipeerror',
      ],
    },
    {
      id: 'python.timeout',
      type: 'TIMEOUT',
      phrases: ['timeouterror', 'readtimeout', 'readtimeouterror', 'connecttimeout', 'connecttimeouterror', 'read timed out', 'socket.timeout'],
    },
    { id: 'python.interrupt', type: 'USER_ABORT', sources: FAILURE_SOURCES, phrases: ['keyboardinterrupt'] },
    { id: 'python.os-error', type: 'ERROR_RESPONSE', confidence: 0.75, phrases: ['permissionerror', 'filenotfounderror', 'isadirectoryerror', 'calledprocesserror'] },
    {
      // subprocess raises FileNotFoundError from _execute_child when the program is not there.
      id: 'python.subprocess-missing',
      type: 'CLI_NOT_FOUND',
      source: 'python/cpython Lib/subprocess.py (_execute_child)',
      phrases: ['filenotfounderror'],
      requires: ['_execute_child'],
    },
    {
      id: 'python.collection',
      type: 'BROKEN_BUILD',
      source: 'pytest-dev/pytest src/_pytest/terminal.py ("ERROR collecting", "errors during collection"), src/_pytest/fixtures.py ("fixture \'x\' not found")',
      phrases: ['error collecting', 'errors during collection', 'interrupted: 1 error during collection'],
    },
    {
      // The short summary's line shape, "FAILED path.py::test_name - reason": a failed test whatever its name says.
      id: 'python.pytest-summary',
      type: 'VERIFICATION_FAILED',
      source: 'pytest-dev/pytest src/_pytest/terminal.py (short test summary: "FAILED <nodeid> - <message>")',
      phrases: ['failed'],
      requires: ['*.py::*'],
      sameLine: true,
    },
    { id: 'python.fixture', type: 'BROKEN_BUILD', source: 'pytest-dev/pytest src/_pytest/fixtures.py', phrases: ["fixture '*"], requires: ['not found'], sameLine: true },
    {
      // pytest-timeout fails the test it stopped; the timeout is the cause, above the failed test.
      id: 'python.pytest-timeout',
      type: 'TIMEOUT',
      source: 'pytest-dev/pytest-timeout pytest_timeout.py ("Timeout >%ss", "+++ Timeout +++")',
      priority: RULE_PRIORITY.verification + 10,
      phrases: ['failed: timeout >*', '+ timeout +', '~ stack of'],
    },
    {
      id: 'python.network-lib',
      type: 'NETWORK',
      source: 'urllib3/urllib3 src/urllib3/exceptions.py (NewConnectionError, MaxRetryError)',
      phrases: ['failed to establish a new connection', 'newconnectionerror', 'max retries exceeded with url'],
    },
    {
      // pip says "Could not find a version" also when the index could not be reached: its retries name the cause.
      id: 'python.pip-unreachable',
      type: 'NETWORK',
      source: 'pypa/pip src/pip/_internal/network (Retrying … NewConnectionError), urllib3',
      priority: RULE_PRIORITY.build + 5,
      phrases: ['could not find a version that satisfies the requirement', 'no matching distribution found'],
      requires: ['newconnectionerror', 'failed to establish a new connection', 'temporary failure in name resolution', 'connection refused'],
    },
    { id: 'python.pip-input', type: 'ERROR_RESPONSE', source: 'pypa/pip src/pip/_internal/req/req_file.py', phrases: ['could not open requirements file'] },
    { id: 'python.pip-invalid', type: 'BROKEN_BUILD', source: 'pypa/pip src/pip/_internal/req/constructors.py', phrases: ['invalid requirement'] },
    { id: 'python.crash', type: 'CLI_CRASH', phrases: ['traceback (most recent call last)', 'fatal python error'] },
    {
      id: 'python.pip',
      type: 'BROKEN_BUILD',
      phrases: [
        'could not find a version that satisfies the requirement', 'no matching distribution found', 'resolutionimpossible',
        'conflicting dependencies', 'failed building wheel', 'legacy-install-failure', 'metadata-generation-failed',
      ],
    },
    { id: 'python.pip-environment', type: 'ERROR_RESPONSE', phrases: ['externally-managed-environment', 'do not match the hashes'] },
  ],
};
