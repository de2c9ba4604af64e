/** `recover prune`: removes old runs (never locked or damaged ones). */
import { UsageError } from './errors.js';
import { durationOption, openCliStore } from './common.js';
import type { Verb } from './main.js';
import { JSON_OPTION, STORE_OPTION, parseOptions, type VerbSpec } from './options.js';

/** `recover prune`'s options and help. */
const PRUNE_SPEC = {
  name: 'prune',
  synopsis: '[--older-than DURATION] [--dry-run] [--store DIR] [--json]',
  description: 'Removes runs last updated more than DURATION ago. Locked and damaged runs are kept.',
  options: {
    'older-than': { type: 'string', value: 'DURATION', default: '90d', description: 'age of the last update: 2 (seconds), 30s, 2m, 1h, 90d' },
    'dry-run': { type: 'boolean', description: 'list the runs that would be removed; remove nothing' },
    ...STORE_OPTION,
    ...JSON_OPTION,
  },
  examples: ['recover prune', 'recover prune --older-than 7d --dry-run'],
} as const satisfies VerbSpec;

/** `recover prune`. */
export const pruneVerb: Verb = {
  spec: PRUNE_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, PRUNE_SPEC.options);
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const ms = durationOption(values['older-than'], '--older-than');
    const store = await openCliStore(io, values.store);
    const dry = values['dry-run'] === true;
    // The same selection as the store's prune (damaged runs kept); a run locked at prune time is kept too.
    const cutoff = Date.now() - ms;
    const removed = dry
      ? (await store.list()).filter((run) => !run.damaged && run.updatedAt < cutoff).map((run) => run.runId)
      : await store.prune(ms);
    if (values.json === true) io.stdout.write(`${JSON.stringify({ dryRun: dry, removed })}\n`);
    else for (const runId of removed) io.stdout.write(`${runId}\n`);
    io.stderr.write(`recover: ${dry ? 'would remove' : 'removed'} ${removed.length} run(s)\n`);
    return 0;
  },
};
