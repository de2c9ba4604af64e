/** `recover prune`: removes old runs (never locked or damaged ones, nor runs awaiting a decision unless asked). */
import { defineVerb } from '../define-verb.js';
import { durationOption } from '../duration-option.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, openCliStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';
import { RunLockedError } from '../../store/errors.js';
import type { Lease, RunSummary, Store } from '../../store/types.js';

/** `recover prune`'s options and help. */
const PRUNE_SPEC = {
  name: 'prune',
  synopsis: '[--older-than DURATION] [--include-escalated] [--dry-run] [--store DIR|URL] [--json]',
  description:
    'Removes runs last updated more than DURATION ago. Locked and damaged runs are kept, and so are escalated runs (they await `recover decide`) unless --include-escalated.',
  options: {
    'older-than': { type: 'string', value: 'DURATION', default: '90d', description: 'age of the last update: 2 (seconds), 30s, 2m, 1h, 90d' },
    'include-escalated': { type: 'boolean', description: 'remove escalated runs too, although nobody has decided them yet' },
    'dry-run': { type: 'boolean', description: 'list the runs that would be removed; remove nothing' },
    ...STORE_OPTION,
    ...JSON_OPTION,
  },
  examples: ['recover prune', 'recover prune --older-than 7d --dry-run', 'recover prune --older-than 30d --include-escalated'],
} as const satisfies VerbSpec;

/** True for a run that is waiting for a human: escalated and not yet decided (a decision moves it on). */
const awaitsDecision = (run: RunSummary): boolean => run.status === 'escalated';

/**
 * Runs `prune` while holding the lease of every run in `keep`: the store contract never removes an
 * owned run, so this keeps them without a second selection rule inside each store. A run another
 * process holds is kept by the store anyway.
 */
async function pruneKeeping(store: Store, ms: number, now: number, keep: readonly RunSummary[]): Promise<string[]> {
  const leases: Lease[] = [];
  try {
    for (const run of keep) {
      try {
        leases.push(await store.acquire(run.runId));
      } catch (error) {
        if (!(error instanceof RunLockedError)) throw error;
      }
    }
    return await store.prune(ms, now);
  } finally {
    for (const lease of leases) await lease.release();
  }
}

/** `recover prune`. */
export const pruneVerb = defineVerb(PRUNE_SPEC, async ({ values }, io) => {
  const ms = durationOption(values['older-than'], '--older-than');
  const store = await openCliStore(io, values.store);
  const dry = values['dry-run'] === true;
  const includeEscalated = values['include-escalated'] === true;
  // The same selection as the store's prune (damaged runs kept); a run locked at prune time is kept too.
  const now = Date.now();
  const old = (await store.list()).filter((run) => !run.damaged && run.updatedAt < now - ms);
  const kept = includeEscalated ? [] : old.filter(awaitsDecision);
  const removed = dry ? old.filter((run) => !kept.includes(run)).map((run) => run.runId) : await pruneKeeping(store, ms, now, kept);
  if (values.json === true) io.stdout.write(`${JSON.stringify({ dryRun: dry, removed, keptAwaitingDecision: kept.map((run) => run.runId) })}\n`);
  else for (const runId of removed) io.stdout.write(`${runId}\n`);
  const keptNote = kept.length > 0 ? `; kept ${kept.length} escalated run(s) awaiting a decision (--include-escalated removes them)` : '';
  io.stderr.write(`recover: ${dry ? 'would remove' : 'removed'} ${removed.length} run(s)${keptNote}\n`);
  return 0;
});
