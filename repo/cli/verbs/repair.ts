/** `recover repair`: moves damaged run files aside so the store is clean again (nothing is deleted). */
import { defineVerb } from '../define-verb.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, cliStoreDir, isFleetStore, openCliStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover repair`'s options and help. */
const REPAIR_SPEC = {
  name: 'repair',
  synopsis: '[--store DIR|URL] [--json]',
  description: `Moves damaged run files aside as <file>.corrupt-<timestamp> (nothing is deleted); locked ones are
skipped and named. Releases locks that dead processes left on runs that were never written. A
damaged flaky-test memory file (flaky-tests.json) is moved aside the same way and rebuilt from the
runs the store still has. The run index (index.json) is rebuilt from the run files; one that
could not be used is named.`,
  options: { ...STORE_OPTION, ...JSON_OPTION },
  examples: ['recover repair'],
} as const satisfies VerbSpec;

/** `recover repair`. */
export const repairVerb = defineVerb(REPAIR_SPEC, async ({ values }, io) => {
  // A lowdb store's index (index.json) is checked against every run file, named when it could not
  // be used, and rewritten, before the runs are repaired (which lists them from it again).
  if (!isFleetStore(io, values.store)) {
    const { runIndexOf } = await import('../../store/run-index.js');
    await runIndexOf(await cliStoreDir(io, values.store)).list({ verify: true, onIndexProblem: (message) => io.stderr.write(`recover: ${message}\n`) });
  }
  const store = await openCliStore(io, values.store);
  const repaired = await store.repair();
  const { moved, skipped, releasedLeases } = repaired;
  // The flaky memory is a file only in a lowdb store (a PostgreSQL table cannot be half-written).
  let flaky: import('../../memory/flaky/lowdb.js').FlakyRepair | null = null;
  if (!isFleetStore(io, values.store)) {
    const { repairFlakyFile } = await import('../../memory/flaky/lowdb.js');
    const { runTestsOf } = await import('../../memory/flaky/run-tests.js');
    flaky = await repairFlakyFile(await cliStoreDir(io, values.store), async () => {
      const runs = [];
      for (const summary of await store.list()) {
        if (summary.damaged) continue;
        const record = await store.load(summary.runId).catch(() => null);
        const tests = record ? runTestsOf(record) : null;
        if (tests) runs.push(tests);
      }
      return runs;
    });
  }
  if (values.json === true) io.stdout.write(`${JSON.stringify({ ...repaired, flakyMemory: flaky })}\n`);
  else {
    if (flaky?.moved) io.stdout.write(`moved ${flaky.moved.from} → ${flaky.moved.to} (${flaky.moved.problem}); rebuilt the flaky-test memory from ${flaky.rebuiltFrom} stored test runs\n`);
    for (const { from, to } of moved) io.stdout.write(`moved ${from} → ${to}\n`);
    for (const { path, reason } of skipped) io.stdout.write(`skipped ${path}: ${reason}\n`);
    for (const runId of releasedLeases) io.stdout.write(`released the lock of ${runId}: its holder is gone and the run was never written\n`);
  }
  io.stderr.write(`recover: ${moved.length + (flaky?.moved ? 1 : 0)} moved, ${skipped.length} skipped, ${releasedLeases.length} locks released\n`);
  return 0;
});
