/** `recover list`: the runs in the store, newest first; damaged run files are shown, never hidden. */
import { parse, UsageError } from './args.js';
import { openCliStore } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover list [--store DIR] [--json]

Lists the runs in the store, newest first: run id, status, task, last update. A run file that
cannot be read is listed as damaged with its path ('recover repair' moves it aside).

Options:
  --store DIR   run store (default: $RECOVERY_STORE or ./.recovery)
  --json        one JSON array on stdout

Examples:
  recover list
  recover list --json | jq -r '.[] | select(.status == "escalated") | .runId'
`;

/** `recover list`. */
export const listVerb: Verb = {
  summary: 'list the runs in the store',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { store: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const store = await openCliStore(io, values.store as string | undefined);
    const runs = await store.list();
    if (values.json === true) {
      io.stdout.write(`${JSON.stringify(runs.map((run) => ({ ...run, status: run.damaged ? 'damaged' : run.status })))}\n`);
      return 0;
    }
    if (runs.length === 0) {
      io.stderr.write('recover: no runs in the store\n');
      return 0;
    }
    for (const run of runs) {
      const updated = new Date(run.updatedAt).toISOString();
      const status = run.damaged ? 'damaged' : (run.status ?? '?');
      const task = run.damaged ? `${run.damaged.path}: ${run.damaged.error}` : (run.task ?? '');
      io.stdout.write(`${run.runId}  ${status.padEnd(10)}  ${updated}  ${task}\n`);
    }
    return 0;
  },
};
