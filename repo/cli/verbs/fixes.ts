/** `recover fixes`: the fix memory of the store — which fix recovered which failure signature. */
import { defineVerb } from '../define-verb.js';
import { cliFixMemory } from '../run-memories.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, openRunStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover fixes`'s options and help. */
const FIXES_SPEC = {
  name: 'fixes',
  synopsis: '[--store DIR] [--json]',
  description: `Lists the fix memory: for each failure signature (the failure type and the message's key words,
with numbers, paths, ids and hashes taken out), the fixes that recovered it, how often each
worked and failed, and when it was last used; most recently used first. 'recover run
--reuse-fixes' tries the best of them before asking the adapter; the adapter always receives
them as "knownFixes". With a PostgreSQL store the memory is shared by every machine using it.`,
  options: { ...STORE_OPTION, ...JSON_OPTION },
  examples: ['recover fixes', "recover fixes --json | jq '.[] | select(.worked > 2)'"],
} as const satisfies VerbSpec;

/** `recover fixes`. */
export const fixesVerb = defineVerb(FIXES_SPEC, async ({ values }, io) => {
  const memory = await cliFixMemory(await openRunStore(io, values.store));
  const entries = await memory.list();
  if (values.json === true) {
    io.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  if (entries.length === 0) {
    io.stdout.write('no fixes remembered yet (a run that recovers after an adapted fix adds one)\n');
    return 0;
  }
  for (const e of entries) {
    io.stdout.write(`${e.signature}\n  fix: ${e.fix}\n  worked ${e.worked}, failed ${e.failed}, last used ${new Date(e.lastUsed).toISOString()}\n`);
  }
  return 0;
});
