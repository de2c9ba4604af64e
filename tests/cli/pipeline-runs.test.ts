/**
 * Pipeline runs are visible (issue #16 item 3): `recover pipeline run` shows each step and its
 * attempts, and `list`, `history` and `report` know pipeline runs (and `RUN/STEP`). The BUILT CLI
 * as real child processes on real pipeline files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { recover, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();
vi.setConfig({ testTimeout: 120_000 });

const PIPELINE = 'name: demo\nsteps:\n  - id: build\n    run: ["node", "flaky.js"]\n  - id: test\n    needs: [build]\n    run: ["node", "fatal.js"]\n';

describe('a pipeline that recovers one step and fails the next', () => {
  const dir = scriptsCwd();
  writeFileSync(join(dir, 'p.yaml'), PIPELINE);
  let runId = '';

  test('pipeline run names each step and shows its attempts, then why it failed', () => {
    const { status, stderr } = recover(dir, ['pipeline', 'run', 'p.yaml']);
    expect(status).toBe(3);
    expect(stderr).toContain('recover: step build (1/2): node flaky.js\n');
    expect(stderr).toMatch(/^recover: attempt 1 · PAUSE · failure · NETWORK · — Error: socket hang up$/m);
    expect(stderr).toMatch(/^recover: attempt 2 · RETRY · success · NETWORK/m);
    expect(stderr).toContain('recover: step test (2/2): node fatal.js\n');
    // The step lines come in order: build's retry before test starts.
    expect(stderr.indexOf('attempt 2 · RETRY')).toBeLessThan(stderr.indexOf('step test (2/2)'));
    const last = /^recover: pipeline run (\S+) failed \(failed step test\): step "test" escalated \(AUTH_REQUIRED, fatal_error\) after 1 attempt: HTTP 401 Unauthorized$/m.exec(stderr);
    expect(last).not.toBeNull();
    runId = last![1]!;
  });

  test('list shows the pipeline run with its status; --status failed finds it; --json says its kind', () => {
    recover(dir, ['run', '--', 'true']);
    const text = recover(dir, ['list']).stdout;
    expect(text).toMatch(new RegExp(`^${runId}  failed +\\S+  pipeline demo \\(${join(dir, 'p.yaml').replace(/[.]/g, '\\.')}\\)$`, 'm'));
    expect(text.trim().split('\n')).toHaveLength(2);
    const rows = JSON.parse(recover(dir, ['list', '--json']).stdout) as { runId: string; kind: string; status: string }[];
    expect(rows.map((row) => row.kind).sort()).toEqual(['pipeline', 'run']);
    expect(rows.find((row) => row.kind === 'pipeline')).toMatchObject({ runId, status: 'failed' });
    expect(recover(dir, ['list', '--status', 'failed']).stdout.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^${runId} `))]);
  });

  test('history groups the events by step; RUN/STEP prints one step as a run', () => {
    const grouped = JSON.parse(recover(dir, ['history', runId, '--json']).stdout) as { runId: string; status: string; steps: { stepId: string; status: string; history: { phase: string }[] }[] };
    expect(grouped).toMatchObject({ runId, status: 'failed' });
    expect(grouped.steps.map((step) => [step.stepId, step.status])).toEqual([['build', 'recovered'], ['test', 'escalated']]);
    expect(grouped.steps[0]!.history.map((event) => event.phase)).toContain('RETRY');
    const one = JSON.parse(recover(dir, ['history', `${runId}/test`, '--json']).stdout) as { phase: string }[];
    expect(one.map((event) => event.phase)).toEqual(grouped.steps[1]!.history.map((event) => event.phase));
    expect(recover(dir, ['history', `${runId}/test`]).stdout).toMatch(new RegExp(`^# run: ${runId}/test\\n`));
  });

  test('report says how it ended and why, a row per step; RUN/STEP is a run report; an unknown step is exit 2', () => {
    const md = recover(dir, ['report', runId]);
    expect(md.status).toBe(0);
    expect(md.stdout).toMatch(/^# Pipeline demo: failed at step `test`$/m);
    expect(md.stdout).toContain('**Why:** step "test" escalated (AUTH_REQUIRED, fatal_error) after 1 attempt: HTTP 401 Unauthorized');
    expect(md.stdout).toMatch(/^\| `build` \| recovered \| 2 \|/m);
    expect(md.stdout).toMatch(/^\| `test` \| escalated \| 1 \| fatal_error \|/m);
    const step = recover(dir, ['report', `${runId}/build`]).stdout;
    expect(step).toContain(`**Run**: \`${runId}/build\``);
    expect(step).toContain('recovered after 2 attempts');
    expect(JSON.parse(recover(dir, ['report', runId, '--json']).stdout)).toMatchObject({ runId, status: 'failed', failedStep: 'test' });
    expect(recover(dir, ['report', runId, '--format', 'html']).stdout).toContain('<svg');
    expect(recover(dir, ['report', `${runId}/nope`])).toMatchObject({ status: 2, stderr: `recover report: pipeline run ${runId} has no step 'nope'; its steps: build, test\n` });
  });
});
