/**
 * `recover decide RUN_ID --choice …`: answers an escalation and continues the run with that
 * decision, in this process (the command runs again for retry choices).
 */
import { parse, UsageError } from './args.js';
import { EXIT_CODES_HELP } from './common.js';
import { isFleetStore } from './fleet-store.js';
import { INSPECTION_OPTIONS, INSPECTION_USAGE, splitInspect } from './inspection.js';
import type { Verb } from './main.js';
import { resumeRun } from './resume.js';
import type { DecisionChoice } from '../policy/types.js';

/** CLI spellings of the decision choices; `retry-with` is short for `retry-with-modifications`. */
const CHOICES: Record<string, DecisionChoice> = {
  'retry-fresh': 'retry-fresh',
  'retry-with': 'retry-with-modifications',
  'retry-with-modifications': 'retry-with-modifications',
  skip: 'skip',
  rollback: 'rollback',
  abort: 'abort',
  manual: 'manual',
};

const USAGE = `Usage: recover decide RUN_ID --choice CHOICE [--guidance TEXT] [--store DIR] [--json]
                     [--inspect [URL]] [--trace FILE]

Answers an escalated run and CONTINUES it in this process: retry-fresh and retry-with run the
command again (retry-with passes --guidance to the adapter and as RECOVERY_GUIDANCE); rollback
restores the last known good state first; skip, abort and manual end the run.

Choices:
  retry-fresh   retry from scratch with a fresh budget
  retry-with    retry with modifications (give --guidance)
  skip          give up on this task, continue with the rest (exit 4)
  rollback      restore the last known good state
  abort         stop everything (exit 5)
  manual        a human takes over (exit 7)

Options:
  --choice CHOICE        the decision (required)
  --guidance TEXT        guidance for the next attempt
  --store DIR|URL        run store (default: $RECOVERY_STORE or ./.recovery); with a
                         postgres:// URL a fleet run's decision is recorded and a worker continues it
  --json                 print the outcome as one JSON line on stdout
${INSPECTION_USAGE}

${EXIT_CODES_HELP}
Examples:
  recover decide 20261121-125406-3f9a1c2b --choice skip
  recover decide 20261121-125406-3f9a1c2b --choice retry-with --guidance "the token was rotated; use STAGING_TOKEN"
`;

/** `recover decide`. */
export const decideVerb: Verb = {
  summary: 'answer an escalated run and continue it',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(splitInspect(args), {
      choice: { type: 'string' },
      guidance: { type: 'string' },
      store: { type: 'string' },
      json: { type: 'boolean' },
      ...INSPECTION_OPTIONS,
    });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const raw = values.choice;
    if (typeof raw !== 'string') throw new UsageError(`--choice is required (${Object.keys(CHOICES).join(', ')})`);
    const choice = Object.prototype.hasOwnProperty.call(CHOICES, raw) ? CHOICES[raw] : undefined;
    if (!choice) throw new UsageError(`--choice must be one of retry-fresh, retry-with, skip, rollback, abort, manual (got '${raw}')`);
    const guidance = typeof values.guidance === 'string' ? values.guidance : undefined;
    // A fleet run (PostgreSQL store): record the decision; a worker continues the run.
    if (isFleetStore(io, values.store as string | undefined)) {
      const { decideInFleet } = await import('./fleet-decide.js');
      const recorded = await decideInFleet(positionals[0]!, choice, guidance, values.store as string | undefined, io);
      if (recorded !== null) return recorded;
    }
    return resumeRun(positionals[0]!, {
      store: values.store as string | undefined,
      json: values.json === true,
      decision: { choice, ...(guidance !== undefined ? { guidance } : {}) },
      inspection: values,
    }, io);
  },
};
