/** `recover prune`: removes old runs (never locked or damaged ones). */
import { parse, UsageError } from './args.js';
import { openCliStore, parseDurationMs } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover prune [--older-than DURATION] [--store DIR]

Removes runs last updated more than DURATION ago (default 90d). Locked and damaged runs are kept.

Examples:
  recover prune
  recover prune --older-than 7d
`;

/** `recover prune`. */
export const pruneVerb: Verb = {
  summary: 'remove old runs from the store',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { 'older-than': { type: 'string' }, store: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const ms = parseDurationMs((values['older-than'] as string | undefined) ?? '90d', '--older-than');
    const store = await openCliStore(io, values.store as string | undefined);
    const removed = await store.prune(ms);
    for (const runId of removed) io.stdout.write(`${runId}\n`);
    io.stderr.write(`recover: removed ${removed.length} run(s)\n`);
    return 0;
  },
};
