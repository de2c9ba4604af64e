/** `recover submit --store URL -- CMD ARGS…`: queues a command for the fleet and prints its run id. */
import { resolve } from 'node:path';
import { policyOf, RUN_OPTIONS_OF, runOptions, runSettingsOf } from '../run-options.js';
import { defineVerb } from '../define-verb.js';
import { UsageError } from '../errors.js';
import { openFleetStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';
import { redactSecrets } from '../../redact/text.js';

/**
 * A queued command is stored in the database for a worker on another machine to read, and a
 * secret never reaches the store: refuse, naming the argument (shown redacted) and the way out —
 * the worker's own environment, referred to by name through a shell.
 */
function refuseSecrets(command: readonly string[]): void {
  const index = command.findIndex((arg) => redactSecrets(arg) !== arg);
  if (index === -1) return;
  throw new UsageError(`argument ${index} of the command holds a secret (${JSON.stringify(redactSecrets(command[index]!))}): a queued run is stored in the database, and secrets never are.
Give the workers the secret in their environment and refer to it by name, e.g.
  recover submit -- sh -c 'curl -H "Authorization: Bearer $API_TOKEN" https://…'`);
}

/** `recover submit`'s options and help. */
const SUBMIT_SPEC = {
  name: 'submit',
  synopsis: '--store URL [--name NAME] [--cwd DIR] [--config FILE] [--timeout DURATION] [--on-flaky escalate|pass] [--run-id ID] -- CMD [ARGS...]',
  description: `Queues CMD for the fleet and prints the run id: any 'recover worker' on the store runs it under
the recovery protocol (in DIR on the worker's machine), with the policy of --config FILE, else of
DIR's recovery.config.json, as it is now (it travels with the run). 'recover wait RUN_ID' blocks until it
ends; 'recover decide RUN_ID' answers it if it escalates.`,
  options: {
    store: { type: 'string', value: 'URL', description: 'postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)' },
    name: { type: 'string', value: 'NAME', description: 'what is being recovered, for reports (default: the command line)' },
    cwd: { type: 'string', value: 'DIR', description: 'working directory on the worker (default: this directory)' },
    ...runOptions(RUN_OPTIONS_OF.submit),
    'run-id': { type: 'string', value: 'ID', description: 'the run id (default: a time-ordered random id)' },
  },
  operands: { command: { missing: 'expected a command after --' } },
  examples: ['id=$(recover submit --store "$DB" -- npm test) && recover wait "$id" --store "$DB"'],
} as const satisfies VerbSpec;

/** `recover submit`. */
export const submitVerb = defineVerb(SUBMIT_SPEC, async ({ values, command: [cmd, ...rest] }, io) => {
  refuseSecrets([cmd, ...rest]);
  const store = await openFleetStore(io, values.store, 'submit');
  try {
    const { submit } = await import('../../runtime/fleet/submit.js');
    const cwd = resolve(io.cwd, values.cwd ?? '.');
    // The policy travels with the run: the worker may be on a machine without this config file.
    const settings = await runSettingsOf(values, io, cwd);
    const policy = policyOf(settings);
    // A command line that risks data loss runs only if the person queueing it says it may (as for `recover run`).
    const allowDataLoss = io.env.RECOVERY_ALLOW_DATA_LOSS === '1';
    const runId = await submit(store, 'command', { cmd, args: rest, cwd, ...(allowDataLoss ? { allowDataLoss } : {}) }, {
      ...(Object.keys(policy).length > 0 ? { policy } : {}),
      name: values.name ?? [cmd, ...rest].join(' '),
      ...(settings.timeoutMs !== null ? { timeoutMs: settings.timeoutMs } : {}),
      ...(values['run-id'] !== undefined ? { runId: values['run-id'] } : {}),
    });
    io.stdout.write(`${runId}\n`);
    return 0;
  } finally {
    await store.close();
  }
});
