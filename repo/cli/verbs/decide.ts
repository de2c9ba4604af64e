/**
 * `recover decide RUN_ID --choice …`: answers an escalation and continues the run with that
 * decision, in this process (the command runs again for retry choices).
 */
import { DECISION_NAME_LIST, DECISION_NAMES } from '../../policy/types.js';
import { DECISION_DESCRIPTIONS } from '../../report/options.js';
import { deciderName, parseChoice } from '../decision.js';
import { defineVerb } from '../define-verb.js';
import { EXIT_CODES_HELP } from '../exit-codes.js';
import { INSPECTION_OPTIONS, splitInspect } from '../inspection.js';
import { OUTPUT_OPTIONS, outputStyle } from '../output-options.js';
import { resumeRun } from '../resume-run.js';
import { openRunSession } from '../run-session.js';
import { isFleetStore, openFleetStore, openRunStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** The choices with what each does, from the one vocabulary (policy) and its descriptions (report). */
const CHOICES_HELP = `Choices (only those the run offers are accepted; its report and summary list them):
${DECISION_NAME_LIST.map((name) => `  ${name.padEnd(12)}  ${DECISION_DESCRIPTIONS[name].replace(/`/g, '')}`).join('\n')}`;

/** `recover decide`'s options and help. */
const DECIDE_SPEC = {
  name: 'decide',
  synopsis: 'RUN_ID --choice CHOICE [--guidance TEXT] [options]',
  description: `Answers an escalated run and CONTINUES it in this process: retry-fresh and retry-with run the
command again (retry-with passes --guidance to the adapter and as RECOVERY_GUIDANCE); rollback
restores the last known good state first; skip, abort and manual end the run. A run that has
ended, or a choice the run does not offer, is refused (exit 2). Who decided (--as NAME, else the
OS user) is kept with the run; 'recover ui' decides the same way.

${CHOICES_HELP}`,
  options: {
    choice: { type: 'string', value: 'CHOICE', description: `the decision (required): ${DECISION_NAME_LIST.join(', ')}` },
    guidance: { type: 'string', value: 'TEXT', description: 'guidance for the next attempt' },
    as: { type: 'string', value: 'NAME', description: 'who decides (default: the OS user)' },
    store: { type: 'string', value: 'DIR|URL', description: 'run store (default: $RECOVERY_STORE, else .recovery/ at the project root); with a\npostgres:// URL a fleet run\'s decision is recorded and a worker continues it' },
    json: { type: 'boolean', description: 'print the outcome as one JSON line on stdout' },
    ...OUTPUT_OPTIONS,
    ...INSPECTION_OPTIONS,
  },
  operands: { count: 1, error: 'expected exactly one RUN_ID' },
  rewrite: splitInspect,
  footer: EXIT_CODES_HELP,
  examples: [
    'recover decide 20261121-125406-3f9a1c2b --choice skip',
    'recover decide 20261121-125406-3f9a1c2b --choice retry-with --guidance "the token was rotated; use STAGING_TOKEN"',
  ],
} as const satisfies VerbSpec;

/** `recover decide`. */
export const decideVerb = defineVerb(DECIDE_SPEC, async ({ values, operands: [runId] }, io) => {
  const choice = parseChoice(values.choice);
  const by = deciderName(values.as, io.env);
  const guidance = values.guidance;
  // A fleet run (PostgreSQL store): record the decision; a worker continues the run.
  if (isFleetStore(io, values.store)) {
    const { recordFleetDecision } = await import('../fleet-decide.js');
    const fleet = await openFleetStore(io, values.store, 'decide');
    try {
      const id = await recordFleetDecision(fleet, runId, { choice, by, ...(guidance !== undefined ? { guidance } : {}) });
      if (id !== null) {
        io.stdout.write(`${runId}: decision ${id} (${DECISION_NAMES[choice]}) recorded; a worker continues the run ('recover wait ${runId}' to follow it)\n`);
        return 0;
      }
    } finally {
      await fleet.close();
    }
  }
  // The flags resolved once: the store opened, the session planned (it opens only if the run continues here).
  const session = openRunSession(io, { json: values.json === true, style: outputStyle(values), inspection: values, appendTrace: true });
  const decision = { choice, by, ...(guidance !== undefined ? { guidance } : {}) };
  return resumeRun(runId, { store: await openRunStore(io, values.store), session, decision }, io);
});
