/**
 * The one count of a stored run's attempts, read by every place that shows it: `recover run`'s
 * outcome and `recover wait` (runtime/outcome.ts), `recover report` and the step summary
 * (cli/run-markdown.ts), and `recover ui`'s list and run view (ui/run-row.ts). They used to count
 * three ways, so a run of `true` was "1 attempt" in the CLI and 0 in the UI (a first attempt that
 * passes writes no history event to take a highest attempt number from).
 */
import type { HistoryEvent } from '../taxonomy/history.js';
import type { RunStatus } from '../taxonomy/run-status.js';

/** What {@link attemptsOf} reads of a run record (a `RunRecord` has it all). */
export interface AttemptCountSource {
  status: RunStatus;
  history: readonly HistoryEvent[];
  checkpoint: { snapshot?: unknown } | null;
}

/**
 * Attempts a stored run has made, attempt 1 being the original run: the run's own count (its
 * checkpoint's `context.attempt`, what the outcome calls `attempts`). A record without that count
 * (no checkpoint yet, or one another program wrote) falls back to the highest attempt its history
 * names, and at least 1 once the run is no longer running (a run that ended or waits has run once).
 */
export function attemptsOf(record: AttemptCountSource): number {
  const context = (record.checkpoint?.snapshot as { context?: { attempt?: unknown } } | undefined)?.context;
  if (typeof context?.attempt === 'number' && Number.isFinite(context.attempt)) return context.attempt;
  let highest = record.status === 'running' ? 0 : 1;
  for (const event of record.history) if (event.attempt > highest) highest = event.attempt;
  return highest;
}
