/** `recover submit --store URL -- CMD ARGS…`: queues a command for the fleet and prints its run id. */
import { resolve } from 'node:path';
import { parse, UsageError } from './args.js';
import { parseDurationMs } from './common.js';
import { loadConfig } from './config.js';
import { openFleetStore } from './fleet-store.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover submit --store URL [--name NAME] [--cwd DIR] [--timeout DURATION] [--run-id ID] -- CMD [ARGS...]

Queues CMD for the fleet and prints the run id: any 'recover worker' on the store runs it under
the recovery protocol (in DIR on the worker's machine), with the policy of DIR's
recovery.config.json as it is now (it travels with the run). 'recover wait RUN_ID' blocks until it
ends; 'recover decide RUN_ID' answers it if it escalates.

Options:
  --store URL           postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)
  --name NAME           what is being recovered, for reports (default: the command line)
  --cwd DIR             working directory on the worker (default: this directory)
  --timeout DURATION    the first attempt's timeout
  --run-id ID           the run id (default: a time-ordered random id)

Examples:
  id=$(recover submit --store "$DB" -- npm test) && recover wait "$id" --store "$DB"
`;

/** `recover submit`. */
export const submitVerb: Verb = {
  summary: 'queue a command for the fleet (prints the run id)',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, {
      store: { type: 'string' }, name: { type: 'string' }, cwd: { type: 'string' }, timeout: { type: 'string' }, 'run-id': { type: 'string' },
    });
    const [cmd, ...rest] = positionals;
    if (cmd === undefined) throw new UsageError('expected a command after --');
    const store = await openFleetStore(io, values.store as string | undefined, 'submit');
    try {
      const { submit } = await import('../runtime/fleet/submit.js');
      const cwd = resolve(io.cwd, (values.cwd as string | undefined) ?? '.');
      // The policy travels with the run: the worker may be on a machine without this config file.
      const config = await loadConfig(cwd, undefined);
      const runId = await submit(store, 'command', { cmd, args: rest, cwd }, {
        ...(config.policy ? { policy: config.policy } : {}),
        name: (values.name as string | undefined) ?? [cmd, ...rest].join(' '),
        ...(values.timeout !== undefined ? { timeoutMs: parseDurationMs(values.timeout as string, '--timeout') } : {}),
        ...(values['run-id'] !== undefined ? { runId: values['run-id'] as string } : {}),
      });
      io.stdout.write(`${runId}\n`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
