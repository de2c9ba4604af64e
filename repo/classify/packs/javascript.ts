import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/** `error TS2307:` and every other tsc diagnostic: "error ts" then a digit, any code after it. */
const TSC = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `error ts${d}*`);
const MODULE_CODES = ['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND', 'ERR_REQUIRE_ESM', 'ERR_UNKNOWN_FILE_EXTENSION', 'ERR_PACKAGE_PATH_NOT_EXPORTED'];

/**
 * The JavaScript toolchain: tsc, Node module loading and syntax errors, bundlers, JSON.parse,
 * jest, vitest, mocha and node:test, npm, eslint/prettier/coverage gates.
 */
export const javascriptPack: RulePack = {
  id: 'javascript',
  description: 'tsc, node, bundlers, jest, vitest, mocha, node:test, npm, eslint',
  rules: [
    {
      id: 'javascript.tsc',
      type: 'BROKEN_BUILD',
      phrases: [...TSC, 'or its corresponding type declarations'],
    },
    {
      id: 'javascript.module',
      type: 'BROKEN_BUILD',
      codes: MODULE_CODES,
      phrases: [
        ...MODULE_CODES.map((c) => c.toLowerCase()), 'cannot find module', 'cannot find package', 'cannot use import statement outside a module',
        'does not provide an export named', 'is not defined in es module scope', "can't resolve", 'failed to resolve import',
        'could not resolve "*', 'module not found',
      ],
    },
    {
      id: 'javascript.syntax',
      type: 'BROKEN_BUILD',
      phrases: [
        'syntaxerror', 'referenceerror', 'unexpected token', 'unexpected identifier', 'missing ) after argument list',
        'unterminated string', 'unexpected end of input', 'invalid or unexpected token', 'transform failed with',
        'failed to compile',
      ],
    },
    // esbuild's "Build failed with 2 errors"; Gradle's "Build failed with an exception" is whatever its task was.
    { id: 'javascript.esbuild', type: 'BROKEN_BUILD', phrases: ['build failed with'], unless: ['build failed with an exception'] },
    {
      // vitest/vite: a test file's import cannot be resolved or transformed — the build, not the test.
      id: 'javascript.vite-load',
      type: 'BROKEN_BUILD',
      source: 'vitest-dev/vitest packages/vite-node (Failed to load url), vitejs/vite (transform errors)',
      phrases: ['failed to load url', 'failed to resolve entry', 'error: transform failed', 'failed to parse source for import analysis'],
    },
    {
      // A test runner's timeout is the cause of the failed test it reports.
      id: 'javascript.test-timeout',
      type: 'TIMEOUT',
      source: 'vitest-dev/vitest ("Test timed out in Nms"), nodejs/node lib/internal/test_runner (testTimeoutFailure), jestjs/jest ("Exceeded timeout of N ms")',
      priority: RULE_PRIORITY.verification + 10,
      phrases: ['test timed out in', 'testtimeoutfailure', 'test timed out after', 'exceeded timeout of', 'hook timed out in'],
    },
    {
      id: 'javascript.json',
      type: 'JSON_PARSE_ERROR',
      priority: RULE_PRIORITY.refinement,
      phrases: [
        'in json at position', 'unexpected end of json input', 'is not valid json', 'json parse error', 'json.parse',
        'bad control character in string literal', 'after json at position', 'failed to parse json', 'ejsonparse',
      ],
    },
    {
      id: 'javascript.jest',
      type: 'VERIFICATION_FAILED',
      phrases: ['expect(received)', 'object.is equality', 'jest-circus'],
    },
    {
      id: 'javascript.test-summary',
      type: 'VERIFICATION_FAILED',
      phrases: ['tests:', 'test suites:', 'test files', 'failed tests'],
      requires: ['failed'],
    },
    // jest/vitest print a failed matcher as an Expected:/Received: pair, often with an empty
    // stdout: the pair is the test report even when no summary line made it into the tail.
    { id: 'javascript.expected-received', type: 'VERIFICATION_FAILED', phrases: ['expected:'], requires: ['received:'] },
    { id: 'javascript.tap', type: 'VERIFICATION_FAILED', phrases: ['not ok'], requires: ['# fail'] },
    { id: 'javascript.mocha', type: 'VERIFICATION_FAILED', phrases: ['failing'], requires: ['passing'] },
    {
      id: 'javascript.assert',
      type: 'VERIFICATION_FAILED',
      codes: ['ERR_ASSERTION'],
      phrases: ['assertionerror', 'err_assertion'],
    },
    {
      id: 'javascript.npm-dependency',
      type: 'BROKEN_BUILD',
      phrases: [
        'eresolve', 'unable to resolve dependency tree', 'could not resolve dependency', 'conflicting peer dependency',
        'code e404', 'is not in this registry', 'no matching version found for', 'code etarget', 'missing script:',
      ],
    },
    {
      id: 'javascript.npm-auth',
      type: 'AUTH_REQUIRED',
      sources: FAILURE_SOURCES,
      phrases: ['code e401', 'code e403', 'unable to authenticate', 'code eneedauth', 'requires you to be logged in'],
    },
    { id: 'javascript.npm-integrity', type: 'ERROR_RESPONSE', phrases: ['eintegrity', 'integrity checksum failed'] },
    {
      id: 'javascript.lint',
      type: 'QUALITY_GATE_FAIL',
      phrases: [
        'is defined but never used', 'eslint found', 'code style issues found', 'coverage threshold', 'does not meet global threshold',
        'does not meet threshold',
      ],
    },
    { id: 'javascript.eslint-summary', type: 'QUALITY_GATE_FAIL', phrases: ['✖'], requires: ['problems', 'problem'] },
  ],
};
