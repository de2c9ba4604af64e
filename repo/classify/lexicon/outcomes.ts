import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * How a check or a run ended, in forms no phrase of a failure carries (issue 30, the seventh
 * capture's misses by mechanism; none names a tool): a test summary's count of timeouts, a check
 * that the input is in order, a query run as a check whose answer was no, a confirmation declined.
 */
export const OUTCOME_RULES: readonly Rule[] = [
  {
    // A test runner's summary row counting timeouts ("Timeout:            1" beside "Ok:", "Fail:", "Skipped:"): the tests
    // ran out of time — TIMEOUT, the cause of the run's failure (a test's own timeout, above a failed test). Zero is not
    // counted (no phrase), nor a setting ("timeout: 30s": the row's count is the line's last word).
    id: 'lexicon.timeouts-counted',
    type: 'TIMEOUT',
    priority: RULE_PRIORITY.testTimeout,
    phrases: ['timeout: 1', 'timeout: 2', 'timeout: 3', 'timeout: 4', 'timeout: 5', 'timeout: 6', 'timeout: 7', 'timeout: 8', 'timeout: 9'],
    requires: ['skipped:', 'fail:', 'expected fail:'],
  },
  {
    // A test runner's list of failed tests naming a timeout as the outcome ("1 - slow (Timeout)" under "The following tests
    // FAILED:"): the test ran out of time.
    id: 'lexicon.test-row-timeout',
    type: 'TIMEOUT',
    priority: RULE_PRIORITY.testTimeout,
    phrases: ['(timeout)'],
    requires: ['following tests failed', 'tests failed'],
  },
  {
    // A check that the input is sorted found it is not: "sort: users.txt:2: disorder: alpha 1" (`sort -c`). The check
    // failed; the data must change.
    id: 'lexicon.disorder',
    type: 'VERIFICATION_FAILED',
    sources: FAILURE_SOURCES,
    unless: REPORT,
    phrases: ['disorder:'],
  },
  {
    // A query run as a check (`jq -e`, `yq -e`): exit 1 with only `false` or `null` printed — its answer was no.
    id: 'lexicon.falsy-answer',
    type: 'VERIFICATION_FAILED',
    when: 'falsyAnswer',
  },
  {
    // A CLI's own word for a stop a person chose: "Aborted!" after a confirmation declined (`Deploy to prod? [y/N]:`) or
    // an interrupt, alone on its line. Not "Aborted (core dumped)": that is a signal, without the exclamation.
    id: 'lexicon.aborted',
    type: 'USER_ABORT',
    sources: FAILURE_SOURCES,
    unless: REPORT,
    phrases: ['aborted!'],
    // The whole line: "rake aborted!" is a wrapper's heading over the error that stopped it.
    shape: 'Word!',
  },
];
