/**
 * Interrupted and damaged runs: a run is locked while it runs; an abort kills the step in flight
 * and leaves the run resumable (the step is re-run: at-least-once); a step whose persisted output changed is not reused, and
 * neither is anything that needs it. A run reads as a session for the reports.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { recoveryEventRows, sessionReport } from '../../../src/report/index.js';
import { pipelineSession, readCheckpoint, runPipeline } from '../../../src/runtime/pipeline/index.js';
import { waitFor } from '../../helpers/wait-for.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/step.mjs', import.meta.url));
const roots: string[] = [];
afterAll(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function setup(second: string) {
  const root = mkdtempSync(join(tmpdir(), 'pipeline-resume-'));
  roots.push(root);
  const file = join(root, 'p.yaml');
  writeFileSync(file, `steps:\n  - id: a\n    run: ${JSON.stringify([process.execPath, FIXTURE, 'a', root])}\n  - id: b\n    needs: [a]\n    run: ${JSON.stringify([process.execPath, FIXTURE, 'b', root, second])}\n`);
  const count = (id: string) => (existsSync(join(root, 'counts', id)) ? Number(readFileSync(join(root, 'counts', id), 'utf8')) : 0);
  return { root, file, store: join(root, 'store'), count };
}

const until = (condition: () => boolean) => waitFor('the step to get there', condition);

describe('pipeline resume', () => {
  it('aborts the step in flight, keeps the run resumable, and re-runs that step on resume', async () => {
    const { root, file, store, count } = setup('hang');
    const controller = new AbortController();
    const started = Date.now();
    const running = runPipeline(file, { dir: store, signal: controller.signal });
    await until(() => count('b') === 1);
    // While it runs, no second process may resume the same run.
    await expect(runPipeline(file, { dir: store, resumeFromFailure: true })).rejects.toMatchObject({ name: 'RunLockedError', pid: process.pid });
    controller.abort('SIGINT');
    const aborted = await running;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(aborted).toMatchObject({ status: 'aborted', failedStep: 'b', reason: 'SIGINT' });
    const checkpoint = await readCheckpoint(aborted.runDir);
    // Write-ahead: b was recorded as started, never as finished.
    expect(checkpoint).toMatchObject({ status: 'aborted', completed: ['a'], steps: { b: { status: 'running' } } });

    writeFileSync(join(root, 'release'), '');
    const resumed = await runPipeline(file, { dir: store, resumeFromFailure: true });
    expect(resumed).toMatchObject({ status: 'succeeded', reused: ['a'], runId: aborted.runId });
    expect([count('a'), count('b')]).toEqual([1, 2]);
  }, 30_000);

  it('does not reuse a step whose output changed, nor the steps that need it', async () => {
    const { root, file, store, count } = setup('needs-marker');
    const failed = await runPipeline(file, { dir: store });
    expect(failed).toMatchObject({ status: 'failed', failedStep: 'b' });
    writeFileSync(join(failed.runDir, 'outputs', 'a.stdout'), 'edited by hand\n');
    writeFileSync(join(root, 'marker'), '');
    const resumed = await runPipeline(file, { dir: store, resumeFromFailure: true });
    expect(resumed).toMatchObject({ status: 'succeeded', reused: [] });
    expect([count('a'), count('b')]).toEqual([2, 2]);
  }, 30_000);

  it('reads as a session for the session report and the recovery_events rows', async () => {
    const { file, store } = setup('needs-marker');
    const failed = await runPipeline(file, { dir: store });
    const session = pipelineSession(await readCheckpoint(failed.runDir));
    expect(session.units.map((u) => [u.id, u.runs[0]!.status])).toEqual([['a', 'succeeded'], ['b', 'escalated']]);
    expect(sessionReport(session)).toContain(failed.runId);
    const rows = recoveryEventRows(session);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.agent_id === 'b' && r.session_id === failed.runId)).toBe(true);
  }, 30_000);
});
