/**
 * `recover decide RUN_ID --choice …`: answers an escalation and continues the run with that
 * decision, in this process (the command runs again for retry choices).
 */
import { parse, UsageError } from './args.js';
import { EXIT_CODES_HELP } from './common.js';
import { INSPECTION_OPTIONS, INSPECTION_USAGE, splitInspect } from './inspection.js';
import type { Verb } from './main.js';
import { resumeRun } from './resume.js';
import { deciderName, parseChoice } from './decision.js';

const USAGE = `Usage: recover decide RUN_ID --choice CHOICE [--guidance TEXT] [--as NAME] [--store DIR]
                     [--json] [--inspect [URL]] [--trace FILE]

Answers an escalated run and CONTINUES it in this process: retry-fresh and retry-with run the
command again (retry-with passes --guidance to the adapter and as RECOVERY_GUIDANCE); rollback
restores the last known good state first; skip, abort and manual end the run. The run must be
waiting for a decision and offer the choice (rollback only where a rollback is possible); who
decided (--as NAME, else the OS user) is kept with the run. 'recover ui' decides the same way.

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
  --as NAME              who decides (default: the OS user)
  --store DIR            run store (default: $RECOVERY_STORE or ./.recovery)
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
      as: { type: 'string' },
      store: { type: 'string' },
      json: { type: 'boolean' },
      ...INSPECTION_OPTIONS,
    });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const choice = parseChoice(values.choice);
    const by = deciderName(values.as as string | undefined, io.env);
    const guidance = typeof values.guidance === 'string' ? values.guidance : undefined;
    return resumeRun(positionals[0]!, {
      store: values.store as string | undefined,
      json: values.json === true,
      decision: { choice, by, ...(guidance !== undefined ? { guidance } : {}) },
      inspection: values,
    }, io);
  },
};
