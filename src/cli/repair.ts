/** `recover repair`: moves damaged run files aside so the store is clean again (nothing is deleted). */
import { parse, UsageError } from './args.js';
import { openCliStore } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover repair [--store DIR]

Moves damaged run files aside as <file>.corrupt-<timestamp> (nothing is deleted); locked ones are
skipped and named.

Examples:
  recover repair
`;

/** `recover repair`. */
export const repairVerb: Verb = {
  summary: 'move damaged run files aside and release locks left by dead processes',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { store: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const store = await openCliStore(io, values.store as string | undefined);
    const { moved, skipped, releasedLeases } = await store.repair();
    for (const { from, to } of moved) io.stdout.write(`moved ${from} → ${to}\n`);
    for (const { path, reason } of skipped) io.stdout.write(`skipped ${path}: ${reason}\n`);
    for (const runId of releasedLeases) io.stdout.write(`released the lock of ${runId}: its holder is gone and the run was never written\n`);
    io.stderr.write(`recover: ${moved.length} moved, ${skipped.length} skipped, ${releasedLeases.length} locks released\n`);
    return 0;
  },
};
