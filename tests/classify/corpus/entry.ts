import type { Observation } from '../../../src/classify/types.js';
import type { FailureType } from '../../../src/taxonomy/index.js';

/** One labelled failure text of the corpus. */
export interface CorpusEntry {
  /** Unique, `<source>.<case>`. */
  id: string;
  /** The tool that printed it (accuracy is reported per source). */
  source: string;
  /** The type a person gives it. */
  type: FailureType;
  /** Where the text comes from: the command run on this machine, or the repository and path it was copied from. */
  origin: string;
  observation: Observation;
}
