/**
 * Run ids become file names (`runs/<runId>.json`, `locks/<runId>.lock`), so they are checked
 * before any path is built from them: no separators, no `..`, nothing hidden.
 */
import { InvalidRunIdError } from './errors.js';

/** The longest run id accepted: well under every file-name limit once `.json` is added. */
export const MAX_RUN_ID_LENGTH = 128;

const SAFE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True when `runId` is a valid run id: `runIdProblem`'s answer in one test, for checking many ids at once. */
export function isRunId(runId: unknown): runId is string {
  return typeof runId === 'string' && runId.length <= MAX_RUN_ID_LENGTH && SAFE.test(runId);
}

/** Why `runId` is not a valid run id, or null when it is. */
export function runIdProblem(runId: unknown): string | null {
  if (typeof runId !== 'string') return 'a run id is a string';
  if (runId.length === 0) return 'a run id may not be empty';
  if (runId.length > MAX_RUN_ID_LENGTH) return `a run id has at most ${MAX_RUN_ID_LENGTH} characters`;
  if (runId.includes('/') || runId.includes('\\')) return 'a run id may not contain a path separator';
  if (runId.startsWith('.')) return 'a run id may not start with "." (no "..", no hidden files)';
  if (!SAFE.test(runId)) return 'a run id uses only the characters A-Z a-z 0-9 . _ -';
  return null;
}

/** Throws `InvalidRunIdError` unless `runId` is 1–128 characters of `A–Z a–z 0–9 . _ -`, not starting with `.`. */
export function assertRunId(runId: unknown): asserts runId is string {
  const problem = runIdProblem(runId);
  if (problem !== null) throw new InvalidRunIdError(runId, problem);
}
