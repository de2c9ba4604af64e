/**
 * Seed 002's resume with the fix in the failed step itself: the step that failed may change
 * before `--resume-from-failure` (that is how its configuration gets fixed); the resume runs the
 * changed step, reuses the steps that passed, and the checkpoint's `changes` records which step
 * changed. Real child processes; each step counts its runs in a file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readCheckpoint, runPipeline } from '../../../src/runtime/pipeline/index.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/step.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'pipeline-failed-step-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const step = (id: string, needs: string[], mode = 'ok') =>
  `  - id: ${id}\n    run: ${JSON.stringify([process.execPath, FIXTURE, id, root, mode])}\n    needs: ${JSON.stringify(needs)}\n`;
/** plan → test → report; `test` fails while its mode is `needs-marker` (no marker is ever written here). */
const pipeline = (testMode: string) => `name: fix-in-place\nsteps:\n${step('plan', [])}${step('test', ['plan'], testMode)}${step('report', ['test'])}`;

const file = join(root, 'pipeline.yaml');
const store = join(root, 'store');
const count = (id: string) => (existsSync(join(root, 'counts', id)) ? Number(readFileSync(join(root, 'counts', id), 'utf8')) : 0);
const counts = () => ({ plan: count('plan'), test: count('test'), report: count('report') });

describe('pipeline resume after a change to the failed step', () => {
  it('allows the failed step’s own change, runs it as changed, and records the change in the checkpoint', async () => {
    writeFileSync(file, pipeline('needs-marker'));
    const first = await runPipeline(file, { dir: store });
    expect(first).toMatchObject({ status: 'failed', failedStep: 'test' });
    expect(counts()).toEqual({ plan: 1, test: 1, report: 0 });
    expect((await readCheckpoint(first.runDir)).changes ?? []).toEqual([]);

    // The fix is in the failed step's definition: the resume is not refused.
    writeFileSync(file, pipeline('ok'));
    const resumed = await runPipeline(file, { dir: store, resumeFromFailure: true });
    expect(resumed).toMatchObject({ status: 'succeeded', resumed: true, reused: ['plan'], runId: first.runId });
    expect(resumed.definitionHash).not.toBe(first.definitionHash);
    expect(resumed.steps.map((s) => [s.stepId, s.status, s.reused])).toEqual([
      ['plan', 'succeeded', true], ['test', 'succeeded', false], ['report', 'succeeded', false],
    ]);
    // The changed step ran (as changed: the old one could not pass); the step that passed did not.
    expect(counts()).toEqual({ plan: 1, test: 2, report: 1 });
    const done = await readCheckpoint(resumed.runDir);
    expect(done).toMatchObject({ status: 'succeeded', resumes: 1, completed: ['plan', 'test', 'report'], definitionHash: resumed.definitionHash });
    expect(done.changes).toEqual([{ at: expect.any(String), steps: ['test'] }]);
  }, 60_000);
});
