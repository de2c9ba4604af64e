/** `recover pipeline run FILE`: runs a pipeline of steps with per-step recovery, resumable from its failure. */
import { resolve as resolvePath } from 'node:path';
import { parse, UsageError } from './args.js';
import { RUN_EXIT } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover pipeline run FILE [--store DIR] [--resume-from-failure] [--json]

Runs the steps of a pipeline file; --resume-from-failure continues the last run from its failed
step, reusing the steps that passed. A bad definition or a refused resume is exit 2.

Exit codes: 0 succeeded, 2 bad definition/usage, 3 failed, 5 aborted, 130 interrupted.

Examples:
  recover pipeline run release.yaml
  recover pipeline run release.yaml --resume-from-failure
`;

/** `recover pipeline`. */
export const pipelineVerb: Verb = {
  summary: 'run a pipeline file (steps with recovery)',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, {
      store: { type: 'string' }, 'resume-from-failure': { type: 'boolean' }, json: { type: 'boolean' },
    });
    if (positionals[0] !== 'run' || positionals.length !== 2) throw new UsageError('usage: recover pipeline run FILE');
    const { defaultStoreDir } = await import('../store/index.js');
    const dir = values.store !== undefined ? resolvePath(io.cwd, values.store as string) : defaultStoreDir(io.env, io.cwd);
    const pipeline = await import('../runtime/pipeline/index.js');
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.once('SIGINT', onSigint);
    let result;
    // The steps' live output reaches the terminal redacted, as `recover run`'s does.
    const { redactingOutput } = await import('./progress/redacting-output.js');
    const stdout = redactingOutput(values.json === true ? process.stderr : process.stdout);
    const stderr = redactingOutput(process.stderr);
    try {
      result = await pipeline.runPipeline(resolvePath(io.cwd, positionals[1]!), {
        dir,
        resumeFromFailure: values['resume-from-failure'] === true,
        stream: { stdout: stdout.stream, stderr: stderr.stream },
        signal: controller.signal,
      });
    } catch (error) {
      if (error instanceof pipeline.PipelineDefinitionError || error instanceof pipeline.PipelineResumeError) {
        Object.assign(error, { exitCode: RUN_EXIT.usage });
      }
      throw error;
    } finally {
      stdout.flush();
      stderr.flush();
      process.removeListener('SIGINT', onSigint);
    }
    if (values.json === true) io.stdout.write(`${JSON.stringify(result)}\n`);
    else io.stderr.write(`recover: pipeline run ${result.runId} ${result.status}${result.failedStep ? ` (failed step ${result.failedStep})` : ''}\n`);
    if (controller.signal.aborted) return RUN_EXIT.interrupted;
    return result.status === 'succeeded' ? 0 : result.status === 'aborted' ? RUN_EXIT.aborted : RUN_EXIT.escalated;
  },
};
