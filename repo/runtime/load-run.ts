import { RunNotFoundError } from '../store/errors.js';
import type { RunRecord, Store } from '../store/types.js';

/**
 * Load a run or fail naming it. In a module of its own (re-exported by persisted.ts) so the
 * verbs that only read a run (`history`, `report`) do not load the machine and the classifier.
 */
export async function loadRun(store: Store, runId: string): Promise<RunRecord> {
  const record = await store.load(runId);
  if (!record) throw new RunNotFoundError(runId);
  return record;
}
