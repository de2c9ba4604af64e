export { readTestRun, TEST_READERS, MAX_TEST_TEXT } from './read.js';
export type { FailedTest, TestReader, TestRun } from './types.js';
