/**
 * `recover resume RUN_ID`: continues a run from its checkpoint. An interrupted attempt is re-run
 * (marked `interrupted` in history); an escalated run stays escalated (use `recover decide`).
 */
import { defineVerb } from '../define-verb.js';
import { EXIT_CODES_HELP } from '../exit-codes.js';
import { INSPECTION_OPTIONS, splitInspect } from '../inspection.js';
import { OUTPUT_OPTIONS, outputStyle } from '../output-options.js';
import { resumeRun } from '../resume-run.js';
import { openRunSession } from '../run-session.js';
import { STORE_OPTION, openRunStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover resume`'s options and help. */
const RESUME_SPEC = {
  name: 'resume',
  synopsis: 'RUN_ID [options]',
  description: `Continues a run started by 'recover run' from its last checkpoint: the command line, working
directory and options are read from the store. An attempt that was interrupted is run again; a
backoff waits only what remains; a handed-off run (exit 6, a resource ran out) runs again in a
fresh context, up to its resource budget (3 handoffs by default). An escalated run needs a
decision: see 'recover decide'. A run that has already ended is not run again: resume says so
and exits with the code it ended with (--json prints its outcome).`,
  options: {
    ...STORE_OPTION,
    json: { type: 'boolean', description: 'print the outcome as one JSON line on stdout' },
    ...OUTPUT_OPTIONS,
    ...INSPECTION_OPTIONS,
    trace: { ...INSPECTION_OPTIONS.trace, description: `${INSPECTION_OPTIONS.trace.description}\n(appended to when FILE exists, so one trace can span the whole run)` },
  },
  operands: { count: 1, error: 'expected exactly one RUN_ID' },
  rewrite: splitInspect,
  footer: EXIT_CODES_HELP,
  examples: ['recover resume 20261121-125406-3f9a1c2b', 'recover list --status interrupted   # to find the run id'],
} as const satisfies VerbSpec;

/** `recover resume`. */
export const resumeVerb = defineVerb(RESUME_SPEC, async ({ values, operands: [runId] }, io) => {
  // The flags resolved once: the store opened, the session planned (it opens only if the run continues here).
  const session = openRunSession(io, { json: values.json === true, style: outputStyle(values), inspection: values, appendTrace: true });
  return resumeRun(runId, { store: await openRunStore(io, values.store), session }, io);
});
