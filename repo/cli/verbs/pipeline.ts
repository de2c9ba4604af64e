/** `recover pipeline run FILE`: runs a pipeline of steps with per-step recovery, resumable from its failure. */
import { resolve as resolvePath } from 'node:path';
import { AGENT_OPTIONS, verbAgentOptions } from '../agent-options.js';
import { policyOf, RUN_OPTIONS_OF, runOptions, runSettingsOf } from '../run-options.js';
import { defineVerb } from '../define-verb.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { STORE_OPTION, cliStoreDir } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover pipeline`'s options and help. */
const PIPELINE_SPEC = {
  name: 'pipeline',
  synopsis: 'run FILE [--store DIR] [--resume-from-failure] [--config FILE] [--on-flaky escalate|pass] [--agent NAME …] [--json]',
  description: `Runs the steps of a pipeline file; --resume-from-failure continues the last run from its failed
step, reusing the steps that passed. A bad definition or a refused resume is exit 2.`,
  options: {
    ...STORE_OPTION,
    'resume-from-failure': { type: 'boolean', description: 'continue the last run from its failed step' },
    ...runOptions(RUN_OPTIONS_OF['pipeline run']),
    ...AGENT_OPTIONS,
    json: { type: 'boolean', description: 'print the result as one JSON line on stdout' },
  },
  operands: { count: 2, first: 'run', error: 'usage: recover pipeline run FILE' },
  footer: 'Exit codes: 0 succeeded, 2 bad definition/usage, 3 failed, 5 aborted, 130 interrupted.',
  examples: ['recover pipeline run release.yaml', 'recover pipeline run release.yaml --resume-from-failure', 'recover pipeline run release.yaml --agent claude'],
} as const satisfies VerbSpec;

/** `recover pipeline`. */
export const pipelineVerb = defineVerb(PIPELINE_SPEC, async ({ values, operands: [, file] }, io) => {
  const dir = await cliStoreDir(io, values.store);
  // The pipeline's policy and the steps' agent: the flags, else the config (found upward from here, as for run).
  const settings = await runSettingsOf(values, io);
  const agent = verbAgentOptions(values, settings.config, io.cwd);
  const policy = policyOf(settings);
  const pipeline = await import('../../runtime/pipeline/index.js');
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  let result;
  // Each step's attempts are shown as `recover run` shows a run's (a live line on a terminal,
  // a line per event elsewhere), and its output reaches the terminal redacted.
  const { createRunProgress } = await import('../progress.js');
  const progress = createRunProgress(io, { json: values.json === true });
  try {
    result = await pipeline.runPipeline(resolvePath(io.cwd, file), {
      dir,
      resumeFromFailure: values['resume-from-failure'] === true,
      stream: progress.output(),
      signal: controller.signal,
      ...(agent ? { agent } : {}),
      ...(Object.keys(policy).length > 0 ? { policy } : {}),
      onStep(step, actor) {
        progress.note(`recover: step ${step.id} (${step.index}/${step.total}): ${step.run}`);
        progress.watch(actor);
      },
    });
  } catch (error) {
    if (error instanceof pipeline.PipelineDefinitionError || error instanceof pipeline.PipelineResumeError) {
      throw new CliError(error.message);
    }
    throw error;
  } finally {
    progress.stop();
    process.removeListener('SIGINT', onSigint);
  }
  if (values.json === true) io.stdout.write(`${JSON.stringify(result)}\n`);
  else io.stderr.write(`recover: pipeline run ${result.runId} ${result.status}${result.failedStep ? ` (failed step ${result.failedStep})` : ''}${result.reason ? `: ${result.reason}` : ''}\n`);
  if (controller.signal.aborted) return EXIT.interrupted;
  return result.status === 'succeeded' ? 0 : result.status === 'aborted' ? EXIT.aborted : EXIT.escalated;
});
