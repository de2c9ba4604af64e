/** `recover history RUN_ID`: a run's history events, as YAML (for people) or JSON (for tools). */
import { defineVerb } from '../define-verb.js';
import { pipelineRunOf } from '../pipeline-runs.js';
import { STORE_OPTION, openCliStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

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
  operands: { count: 1, error: 'expected exactly one RUN_ID' },
  examples: [
    'recover history 20261121-125406-3f9a1c2b',
    "recover history 20261121-125406-3f9a1c2b --json | jq '.[].phase'",
    'recover history 20261121-125406-123-3f9a1c2b/test',
  ],
} as const satisfies VerbSpec;

/** `recover history`. */
export const historyVerb = defineVerb(HISTORY_SPEC, async ({ values, operands: [id] }, io) => {
  const format = values.json === true ? 'json' : values.format;
  const pipelineRun = await pipelineRunOf(io, values.store, id);
  if (pipelineRun !== null) {
    const { historyToJson, historyToYaml } = await import('../../report/history.js');
    const { checkpoint, step } = pipelineRun;
    if (step !== null) {
      const runId = `${checkpoint.runId}/${step.stepId}`;
      io.stdout.write(format === 'json' ? historyToJson(step.history, { runId }) : historyToYaml(step.history, { runId }));
      return 0;
    }
    const [{ pipelineHistory }, { stringify }] = await Promise.all([import('../../runtime/pipeline/report.js'), import('yaml')]);
    const grouped = pipelineHistory(checkpoint);
    io.stdout.write(format === 'json' ? `${JSON.stringify(grouped, null, 2)}\n` : `# pipeline run: ${checkpoint.runId}\n${stringify(grouped, { lineWidth: 0 })}`);
    return 0;
  }
  const store = await openCliStore(io, values.store);
  const { loadRun } = await import('../../runtime/load-run.js');
  const record = await loadRun(store, id);
  const { historyToJson, historyToYaml } = await import('../../report/history.js');
  io.stdout.write(format === 'json' ? historyToJson(record.history, { runId: record.runId }) : historyToYaml(record.history, { runId: record.runId }));
  return 0;
});
