/**
 * Words that say "this text is a test report". Auth and rate-limit words inside a test report
 * are usually what the tests are about ("✕ returns 401 Unauthorized for a bad key"), not this
 * run's credentials; rules that would escalate at once on them list these as `unless`.
 */
export const TEST_REPORT_MARKERS: readonly string[] = [
  'tests:', 'test suites:', 'test files', 'failed tests', 'short test summary info', '--- fail:', 'test result: failed',
  'expect(received)',
];
