/**
 * `recover report RUN_ID`: a run's report (Markdown), its record as JSON, or an HTML page. An
 * escalated run gets the escalation report (what to decide); any other run a report of how it
 * ended, because "Human intervention required" on a recovered run would be a lie.
 */
import type { RunRecord } from '../../store/types.js';
import { defineVerb } from '../define-verb.js';
import { pipelineRunOf, type PipelineRunRef } from '../pipeline-runs.js';
import { markdownOf } from '../run-markdown.js';
import { STORE_OPTION, openCliStore } from '../store-option.js';
import type { CliIO, VerbSpec } from '../verb.js';

/** `recover report`'s options and help. */
const REPORT_SPEC = {
  name: 'report',
  synopsis: 'RUN_ID|PIPELINE_RUN[/STEP] [--format md|json|html] [--json] [--store DIR|URL]',
  description: `md (default): for an escalated run, its escalation report with the 'recover decide' commands;
for any other run, how it ended (e.g. "recovered after 2 attempts"), its original error and
recovery attempts. json: the run record. html: a standalone page with the statechart, the path
the run took, its timeline and that report. A pipeline run's report says how it ended and why,
with a row per step; RUN/STEP reports one step as a run.`,
  options: {
    format: { type: 'string', choices: ['md', 'json', 'html'], default: 'md', description: 'output format' },
    json: { type: 'boolean', description: 'the same as --format json' },
    ...STORE_OPTION,
  },
  operands: { count: 1, error: 'expected exactly one RUN_ID' },
  examples: [
    'recover report 20261121-125406-3f9a1c2b > recovery.md',
    'recover report 20261121-125406-3f9a1c2b --format html > run.html',
  ],
} as const satisfies VerbSpec;

async function loadRun(store: string | undefined, runId: string, io: CliIO): Promise<RunRecord> {
  const { loadRun: load } = await import('../../runtime/load-run.js');
  return load(await openCliStore(io, store), runId);
}

/** A pipeline step as a run record, so its report is written as a run's. */
function stepRecord({ checkpoint, step }: PipelineRunRef): RunRecord {
  const { stepId, status, history, startedAt, endedAt } = step!;
  return {
    runId: `${checkpoint.runId}/${stepId}`, task: `step ${stepId} of pipeline ${checkpoint.pipeline.name}`,
    // A step whose recovery actor crashed needs someone to look at it, as an escalated run does.
    status: status === 'crashed' ? 'escalated' : status,
    createdAt: startedAt, updatedAt: endedAt, checkpoint: null, report: null, decisionOptions: null, meta: {}, history, fence: 0,
  };
}

/** `recover report PIPELINE_RUN`: the pipeline's report, its checkpoint as JSON, or a page with its chart and that report. */
async function reportPipeline(checkpoint: PipelineRunRef['checkpoint'], format: string, io: CliIO): Promise<number> {
  if (format === 'json') {
    io.stdout.write(`${JSON.stringify(checkpoint, null, 2)}\n`);
    return 0;
  }
  const { pipelineReport } = await import('../../runtime/pipeline/report.js');
  const markdown = pipelineReport(checkpoint);
  if (format === 'md') {
    io.stdout.write(markdown);
    return 0;
  }
  const [{ runPage }, { machines }] = await Promise.all([import('../../diagram/run-page.js'), import('../../../machines/index.js')]);
  io.stdout.write(await runPage({ machine: machines.pipeline, history: [], report: markdown, title: `Pipeline run ${checkpoint.runId} · ${checkpoint.pipeline.name}`, status: checkpoint.status }));
  return 0;
}

/** `recover report`. */
export const reportVerb = defineVerb(REPORT_SPEC, async ({ values, operands: [id] }, io) => {
  const format = values.json === true ? 'json' : values.format;
  const pipelineRun = await pipelineRunOf(io, values.store, id);
  if (pipelineRun !== null && pipelineRun.step === null) return reportPipeline(pipelineRun.checkpoint, format, io);
  const record = pipelineRun !== null ? stepRecord(pipelineRun) : await loadRun(values.store, id, io);
  if (format === 'json') {
    io.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
    return 0;
  }
  const markdown = await markdownOf(record);
  if (format === 'md') {
    io.stdout.write(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
    return 0;
  }
  const [{ runPage }, { machines }] = await Promise.all([import('../../diagram/run-page.js'), import('../../../machines/index.js')]);
  io.stdout.write(await runPage({
    machine: machines.recovery,
    history: record.history,
    report: markdown,
    title: `Run ${record.runId} · ${record.task}`,
    status: record.status,
  }));
  return 0;
});
