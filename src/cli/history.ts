/** `recover history RUN_ID`: a run's history events, as YAML (for people) or JSON (for tools). */
import { oneOf, parse, UsageError } from './args.js';
import { openCliStore, withStoreExitCode } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover history RUN_ID [--format yaml|json] [--store DIR]

Prints every history event of a run (phase, attempt, result, type, fix, delay…), oldest first.

Options:
  --format yaml|json   default yaml
  --store DIR          run store (default: $RECOVERY_STORE or ./.recovery)

Examples:
  recover history 20261121-125406-3f9a1c2b
  recover history 20261121-125406-3f9a1c2b --format json | jq '.[].phase'
`;

/** `recover history`. */
export const historyVerb: Verb = {
  summary: "print a run's history (yaml or json)",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { format: { type: 'string' }, store: { type: 'string' } });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const format = oneOf(values.format, ['yaml', 'json'] as const, '--format') ?? 'yaml';
    const store = await openCliStore(io, values.store as string | undefined);
    const { loadRun } = await import('../runtime/load-run.js');
    const record = await loadRun(store, positionals[0]!).catch((error: unknown) => { throw withStoreExitCode(error); });
    const { historyToJson, historyToYaml } = await import('../report/history.js');
    io.stdout.write(format === 'json' ? historyToJson(record.history, { runId: record.runId }) : historyToYaml(record.history, { runId: record.runId }));
    return 0;
  },
};
