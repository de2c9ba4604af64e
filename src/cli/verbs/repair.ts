/** `recover repair`: moves damaged run files aside so the store is clean again (nothing is deleted). */
import { defineVerb } from '../define-verb.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, openCliStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover repair`'s options and help. */
const REPAIR_SPEC = {
  name: 'repair',
  synopsis: '[--store DIR|URL] [--json]',
  description: `Moves damaged run files aside as <file>.corrupt-<timestamp> (nothing is deleted); locked ones are
skipped and named. Releases locks that dead processes left on runs that were never written.`,
  options: { ...STORE_OPTION, ...JSON_OPTION },
  examples: ['recover repair'],
} as const satisfies VerbSpec;

/** `recover repair`. */
export const repairVerb = defineVerb(REPAIR_SPEC, async ({ values }, io) => {
  const store = await openCliStore(io, values.store);
  const result = await store.repair();
  const { moved, skipped, releasedLeases } = result;
  if (values.json === true) io.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    for (const { from, to } of moved) io.stdout.write(`moved ${from} → ${to}\n`);
    for (const { path, reason } of skipped) io.stdout.write(`skipped ${path}: ${reason}\n`);
    for (const runId of releasedLeases) io.stdout.write(`released the lock of ${runId}: its holder is gone and the run was never written\n`);
  }
  io.stderr.write(`recover: ${moved.length} moved, ${skipped.length} skipped, ${releasedLeases.length} locks released\n`);
  return 0;
});
