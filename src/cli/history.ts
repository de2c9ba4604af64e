/** `recover history RUN_ID`: a run's history events, as YAML (for people) or JSON (for tools). */
import { UsageError } from './errors.js';
import { openCliStore } from './common.js';
import type { Verb } from './main.js';
import { STORE_OPTION, parseOptions, type VerbSpec } from './options.js';

/** `recover history`'s options and help. */
const HISTORY_SPEC = {
  name: 'history',
  synopsis: 'RUN_ID [--format yaml|json] [--json] [--store DIR]',
  description: 'Prints every history event of a run (phase, attempt, result, type, fix, delay…), oldest first.',
  options: {
    format: { type: 'string', choices: ['yaml', 'json'], default: 'yaml', description: 'output format' },
    json: { type: 'boolean', description: 'the same as --format json' },
    ...STORE_OPTION,
  },
  examples: [
    'recover history 20261121-125406-3f9a1c2b',
    "recover history 20261121-125406-3f9a1c2b --json | jq '.[].phase'",
  ],
} as const satisfies VerbSpec;

/** `recover history`. */
export const historyVerb: Verb = {
  spec: HISTORY_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, HISTORY_SPEC.options);
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const format = values.json === true ? 'json' : values.format;
    const store = await openCliStore(io, values.store);
    const { loadRun } = await import('../runtime/load-run.js');
    const record = await loadRun(store, positionals[0]!);
    const { historyToJson, historyToYaml } = await import('../report/history.js');
    io.stdout.write(format === 'json' ? historyToJson(record.history, { runId: record.runId }) : historyToYaml(record.history, { runId: record.runId }));
    return 0;
  },
};
