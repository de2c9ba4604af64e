import { message, type Row } from './row.js';

/** Every example message of the seed documents (../shared/seeds), with DESIGN.md's verdict. */
export const SEED_ROWS: Row[] = [
  // seed 001: failure type classification
  message('seed 001 BROKEN_BUILD', "Error: Cannot find module './utils' from 'src/index.js'", 'BROKEN_BUILD'),
  message('seed 001 VERIFICATION_FAILED', 'AssertionError: Expected 200 but got 404', 'VERIFICATION_FAILED'),
  message('seed 001 CONTEXT_EXHAUSTED', 'Error: Maximum context length (128k tokens) exceeded', 'CONTEXT_EXHAUSTED'),
  // seed 001 calls this UNKNOWN with its own indicators; the network rules know it (NETWORK).
  message('seed 001 UNKNOWN example', 'Error: Connection refused to database server', 'NETWORK'),
  // seed 002: ErrorClassifier.classify(returncode, stdout, stderr, validation_errors)
  { from: 'seed 002 timeout', observation: { exitCode: 124, stdout: '', stderr: '', validationErrors: [] }, type: 'TIMEOUT' },
  { from: 'seed 002 missing sections', observation: { exitCode: 0, stdout: 'output', validationErrors: ['Missing section: # Tests'] }, type: 'MISSING_SECTIONS' },
  { from: 'seed 002 example 2', observation: { exitCode: 0, stdout: '# Review\nLooks fine.', validationErrors: ['Missing section: - Findings:'] }, type: 'MISSING_SECTIONS' },
  { from: 'seed 002 empty output', observation: { exitCode: 1, stdout: '   \n', stderr: '', validationErrors: [] }, type: 'EMPTY_OUTPUT' },
  { from: 'seed 002 format', observation: { exitCode: 0, stdout: 'no diff here', validationErrors: ['Output must start with a unified diff header'] }, type: 'FORMAT_VALIDATION' },
  { from: 'seed 002 KeyError', observation: { exitCode: 1, stdout: 'partial', stderr: "Traceback (most recent call last):\n  File \"prompt.py\", line 12, in render\nKeyError: 'task_description'" }, type: 'CONTEXT_ERROR' },
  { from: 'seed 002 missing placeholder', observation: { exitCode: 1, stdout: 'partial', stderr: 'Template error: missing placeholder {context}' }, type: 'CONTEXT_ERROR' },
  // seed 003: UC-AP-004
  message('seed 003 Exc-2', "EACCES: permission denied, open '/etc/shadow'", 'SECURITY_VIOLATION'),
  {
    from: 'seed 003 main flow',
    observation: { error: { name: 'TypeError', message: "Cannot read property 'exp' of undefined" }, tests: { passed: 1, failed: 1, failing: ['rejects expired token'] } },
    type: 'VERIFICATION_FAILED',
  },
  message('seed 003 Alt-3 new error', 'InvalidTokenError thrown for valid tokens', 'UNKNOWN'),
  // seed 004: failure detection
  message('seed 004 heartbeat', 'No heartbeat received for 45 seconds', 'HEARTBEAT_TIMEOUT'),
  message('seed 004 stall', 'No progress reported for 300 seconds', 'PROGRESS_STALL'),
  message('seed 004 quality gate', 'ESLint found 3 errors. Quality gate failed.', 'QUALITY_GATE_FAIL'),
  message('seed 004 dependency', 'Dependency "schema" not ready: required input missing', 'DEPENDENCY_FAILURE'),
  message('seed 004 user abort', 'Interrupted (SIGINT)', 'USER_ABORT'),
];
