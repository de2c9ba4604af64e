import type { Observation } from '../../../src/classify/index.js';
import type { FailureType } from '../../../src/taxonomy/index.js';

/** One table row: an observation exactly as a tool produced it, and the type it must get. */
export interface Row {
  /** Where the text comes from (tool, SDK, seed). */
  from: string;
  observation: Observation;
  type: FailureType;
  retryAfterMs?: number;
}

/** A message printed on stderr. */
export const stderr = (from: string, text: string, type: FailureType, retryAfterMs?: number): Row => ({ from, observation: { stderr: text }, type, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
/** A message thrown or reported as the failure's message. */
export const message = (from: string, text: string, type: FailureType, retryAfterMs?: number): Row => ({ from, observation: { message: text }, type, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
/** Output printed on stdout by a failing command (test runners print their reports there). */
export const stdout = (from: string, text: string, type: FailureType): Row => ({ from, observation: { stdout: text, exitCode: 1 }, type });
