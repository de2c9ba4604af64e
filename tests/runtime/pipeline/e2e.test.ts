/**
 * End to end with real child processes: a four-step pipeline fails at step three, is fixed, and
 * resumes without running steps one and two again (each step counts its runs in a file); a
 * step that passed may not change (refused, named), the failed step and the ones after it may
 * (seed 002's resume: fix the failed step's config, then resume); the refusals are typed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PipelineResumeError, readCheckpoint, runPipeline } from '../../../src/runtime/pipeline/index.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/step.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'pipeline-e2e-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const step = (id: string, needs: string[], mode = 'ok') =>
  `  - id: ${id}\n    run: ${JSON.stringify([process.execPath, FIXTURE, id, root, mode])}\n    needs: ${JSON.stringify(needs)}\n`;
const PIPELINE = `# a four-step pipeline: plan → build → test → report
name: e2e
steps:
${step('plan', [])}${step('build', ['plan'])}${step('test', ['build'], 'needs-marker')}${step('report', ['test'])}`;

const file = join(root, 'pipeline.yaml');
const store = join(root, 'store');
const count = (id: string) => (existsSync(join(root, 'counts', id)) ? Number(readFileSync(join(root, 'counts', id), 'utf8')) : 0);
const counts = () => ({ plan: count('plan'), build: count('build'), test: count('test'), report: count('report') });

describe('pipeline end to end', () => {
  it('fails at step three, refuses a change to a step that passed, then resumes with the later steps changed', async () => {
    writeFileSync(file, PIPELINE);
    const first = await runPipeline(file, { dir: store });
    expect(first).toMatchObject({ status: 'failed', failedStep: 'test', resumed: false, reused: [] });
    expect(first.steps.map((s) => [s.stepId, s.status])).toEqual([['plan', 'succeeded'], ['build', 'succeeded'], ['test', 'escalated']]);
    expect(counts()).toEqual({ plan: 1, build: 1, test: 1, report: 0 });
    const failed = await readCheckpoint(first.runDir);
    expect(failed).toMatchObject({ status: 'failed', failedStep: 'test', completed: ['plan', 'build'], definitionHash: first.definitionHash });
    // The failed step's recovery history is kept for the session report.
    expect(failed.steps.test!.history.map((e) => e.phase)).toContain('ESCALATE');
    expect(readFileSync(join(first.runDir, 'outputs', 'build.stdout'), 'utf8')).toContain('PIPELINE_OUTPUT_PLAN=plan output (attempt 1)');

    // A step that passed may not change: refused, naming it, and nothing runs.
    writeFileSync(file, PIPELINE.replace(`"build","${root}"`, `"build","${root}","ok","changed"`));
    const refused = await runPipeline(file, { dir: store, resumeFromFailure: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PipelineResumeError);
    expect(refused).toMatchObject({ reason: 'definition_changed', checkpoint: first.checkpointFile });
    expect((refused as Error).message).toMatch(/the definition of step build changed since it passed/);
    expect(counts()).toEqual({ plan: 1, build: 1, test: 1, report: 0 });

    // The step after the failed one may change (and comments and formatting are no change at all).
    writeFileSync(file, `${PIPELINE.replace(`"report","${root}"`, `"report","${root}","ok","changed"`)}\n# fixed the test environment\n`);
    writeFileSync(join(root, 'marker'), 'fixed');
    const resumed = await runPipeline(file, { dir: store, resumeFromFailure: true });
    expect(resumed).toMatchObject({ status: 'succeeded', failedStep: null, resumed: true, reused: ['plan', 'build'], runId: first.runId });
    expect(resumed.steps.map((s) => [s.stepId, s.status, s.reused])).toEqual([
      ['plan', 'succeeded', true], ['build', 'succeeded', true], ['test', 'succeeded', false], ['report', 'succeeded', false],
    ]);
    // Steps one and two were not run again; three and four ran, reading the reused outputs.
    expect(counts()).toEqual({ plan: 1, build: 1, test: 2, report: 1 });
    expect(readFileSync(join(root, 'log'), 'utf8')).toContain('test PIPELINE_OUTPUT_BUILD=build output (attempt 1) PIPELINE_OUTPUT_PLAN=plan output (attempt 1)');
    const done = await readCheckpoint(resumed.runDir);
    expect(done).toMatchObject({ status: 'succeeded', resumes: 1, completed: ['plan', 'build', 'test', 'report'], definitionHash: resumed.definitionHash });
    // What changed on the way is recorded.
    expect(done.changes).toEqual([{ at: expect.any(String), steps: ['report'] }]);

    // Nothing left to resume.
    await expect(runPipeline(file, { dir: store, resumeFromFailure: true })).rejects.toMatchObject({ reason: 'nothing_to_resume' });
  }, 60_000);

  it('compares a checkpoint written before steps had their own hashes as a whole: any change is refused', async () => {
    const dir = join(root, 'old-store');
    rmSync(join(root, 'marker'), { force: true });
    writeFileSync(file, PIPELINE);
    const first = await runPipeline(file, { dir });
    const { stepHashes: _gone, ...older } = await readCheckpoint(first.runDir);
    writeFileSync(first.checkpointFile, JSON.stringify(older));
    writeFileSync(file, PIPELINE.replace(`"report","${root}"`, `"report","${root}","ok","changed"`));
    await expect(runPipeline(file, { dir, resumeFromFailure: true })).rejects.toMatchObject({ reason: 'definition_changed', message: expect.stringMatching(/the pipeline definition changed since it ran/) });
  }, 60_000);

  it('refuses to resume when there is no earlier run', async () => {
    writeFileSync(file, PIPELINE);
    await expect(runPipeline(file, { dir: join(root, 'empty-store'), resumeFromFailure: true })).rejects.toMatchObject({ name: 'PipelineResumeError', reason: 'no_checkpoint' });
  });
});
