/**
 * Words that say "this text is a test report". Auth and rate-limit words inside a test report
 * are usually what the tests are about ("✕ returns 401 Unauthorized for a bad key"), not this
 * run's credentials; rules that would escalate at once on them list these as `unless`.
 */
export const TEST_REPORT_MARKERS: readonly string[] = [
  'tests:', 'test suites:', 'test files', 'failed tests', 'short test summary info', '--- fail:', 'test result: failed',
  'expect(received)',
];

/**
 * A test report's own words beside {@link TEST_REPORT_MARKERS}: jest's and vitest's
 * `Expected:`/`Received:` pair, an assertion's error, a failed test's mark (`✗ rejects expired
 * token`), TAP's `not ok`. Inside a report, credential, certificate, HTTP status and validation
 * words are what the tests are about; the generic layer's rules (the lexicon, the registries'
 * own-words codes) list these as `unless`.
 */
export const REPORT_WORDS: readonly string[] = [...TEST_REPORT_MARKERS, 'expected:', 'received:', 'assertionerror', '✗', '✕', 'not ok'];

/**
 * When a `KeyError` is not seed 002's prompt template lacking a key (CONTEXT_ERROR, `KeyError:
 * 'task_description'`), but a library's lookup (issue 30, fifth capture): the `KeyError` was
 * handled and another exception raised while handling it (Python's "During handling of the above
 * exception": the later exception is the failure, read by its own words or as the crash).
 */
export const NOT_A_TEMPLATE_KEY: readonly string[] = [
  'during handling of the above exception',
  // Session 14: a KeyError carrying a sentence (`KeyError: "There is no item named 'x' in the archive"`: Python quotes a
  // message holding a quote with double quotes) is a library's lookup refusal in words, not a template's key.
  'keyerror: "*',
  // Session 16: the same sentence in single quotes when it holds none (`KeyError: 'No message with key: 7'`): a key
  // named alone (`KeyError: 'node'`) is still one.
  "keyerror: 'no",
  // Session 14: the program's own subscript under the traceback's frame (Python 3.11 marks `cfg['tool']['name']` with
  // `~~~^^^`): a key missing from its own mapping is a defect of the program (CLI_CRASH), not a prompt template's.
  '~^',
];
