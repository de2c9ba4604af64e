/** `recover history RUN_ID`: a run's history events, as YAML (for people) or JSON (for tools). */
import { UsageError } from './errors.js';
import { openCliStore } from './common.js';
import { pipelineRunOf } from './pipeline-runs.js';
import type { Verb } from './main.js';
import { STORE_OPTION, parseOptions, type VerbSpec } from './options.js';

/** `recover history`'s options and help. */
const HISTORY_SPEC = {
  name: 'history',
  synopsis: 'RUN_ID|PIPELINE_RUN[/STEP] [--format yaml|json] [--json] [--store DIR|URL]',
  description: `Prints every history event of a run (phase, attempt, result, type, fix, delay…), oldest first.
For a pipeline run, each step's events under the step (RUN/STEP: that step's alone).`,
  options: {
    format: { type: 'string', choices: ['yaml', 'json'], default: 'yaml', description: 'output format' },
    json: { type: 'boolean', description: 'the same as --format json' },
    ...STORE_OPTION,
  },
  examples: [
    'recover history 20261121-125406-3f9a1c2b',
    "recover history 20261121-125406-3f9a1c2b --json | jq '.[].phase'",
    'recover history 20261121-125406-123-3f9a1c2b/test',
  ],
} as const satisfies VerbSpec;

/** `recover history`. */
export const historyVerb: Verb = {
  spec: HISTORY_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, HISTORY_SPEC.options);
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const format = values.json === true ? 'json' : values.format;
    const pipelineRun = await pipelineRunOf(io, values.store, positionals[0]!);
    if (pipelineRun !== null) {
      const { historyToJson, historyToYaml } = await import('../report/history.js');
      const { checkpoint, step } = pipelineRun;
      if (step !== null) {
        const runId = `${checkpoint.runId}/${step.stepId}`;
        io.stdout.write(format === 'json' ? historyToJson(step.history, { runId }) : historyToYaml(step.history, { runId }));
        return 0;
      }
      const [{ pipelineHistory }, { stringify }] = await Promise.all([import('../runtime/pipeline/report.js'), import('yaml')]);
      const grouped = pipelineHistory(checkpoint);
      io.stdout.write(format === 'json' ? `${JSON.stringify(grouped, null, 2)}\n` : `# pipeline run: ${checkpoint.runId}\n${stringify(grouped, { lineWidth: 0 })}`);
      return 0;
    }
    const store = await openCliStore(io, values.store);
    const { loadRun } = await import('../runtime/load-run.js');
    const record = await loadRun(store, positionals[0]!);
    const { historyToJson, historyToYaml } = await import('../report/history.js');
    io.stdout.write(format === 'json' ? historyToJson(record.history, { runId: record.runId }) : historyToYaml(record.history, { runId: record.runId }));
    return 0;
  },
};
