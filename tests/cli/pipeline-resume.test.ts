/**
 * `recover pipeline run FILE --resume-from-failure` through the BUILT CLI, as real child
 * processes: the first run fails at a step (exit 3), a change to a step that passed is refused
 * (exit 2, naming it), and once the failure is fixed the resume exits 0 without running the steps
 * that passed again (each step counts its runs in a file).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { recover, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();
vi.setConfig({ testTimeout: 120_000 });

/** `node step.js NAME [needs-marker]`: counts its runs; with `needs-marker`, fails (a 401) until `marker` exists. */
const STEP_JS = `const fs = require('fs');
const [name, mode] = process.argv.slice(2);
fs.mkdirSync('counts', { recursive: true });
const file = 'counts/' + name;
fs.writeFileSync(file, String((fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0) + 1));
if (mode === 'needs-marker' && !fs.existsSync('marker')) { console.error('HTTP 401 Unauthorized'); process.exit(1); }
console.log(name + ' done');
`;
const step = (id: string, needs: string[], extra: string[] = []) =>
  `  - id: ${id}\n    run: ${JSON.stringify(['node', 'step.js', id, ...extra])}\n    needs: ${JSON.stringify(needs)}\n`;
const PIPELINE = `name: release\nsteps:\n${step('plan', [])}${step('build', ['plan'])}${step('test', ['build'], ['needs-marker'])}${step('report', ['test'])}`;

describe('recover pipeline run --resume-from-failure (built CLI)', () => {
  const dir = tempCwd(null, 'recover-pipeline-resume-');
  writeFileSync(join(dir, 'step.js'), STEP_JS);
  writeFileSync(join(dir, 'p.yaml'), PIPELINE);
  const count = (id: string) => (existsSync(join(dir, 'counts', id)) ? Number(readFileSync(join(dir, 'counts', id), 'utf8')) : 0);
  const counts = () => ({ plan: count('plan'), build: count('build'), test: count('test'), report: count('report') });

  test('fails at a step, refuses a changed passed step, then resumes from the failed step: exit 0, passed steps not run again', () => {
    const first = recover(dir, ['pipeline', 'run', 'p.yaml', '--json']);
    expect(first.status).toBe(3);
    const failed = JSON.parse(first.stdout) as { runId: string; status: string; failedStep: string | null; resumed: boolean };
    expect(failed).toMatchObject({ status: 'failed', failedStep: 'test', resumed: false });
    expect(counts()).toEqual({ plan: 1, build: 1, test: 1, report: 0 });

    // A step that already passed may not change: exit 2, naming it, and nothing runs.
    writeFileSync(join(dir, 'p.yaml'), PIPELINE.replace('"step.js","build"', '"step.js","build","changed"'));
    const refused = recover(dir, ['pipeline', 'run', 'p.yaml', '--resume-from-failure']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/the definition of step build changed since it passed/);
    expect(counts()).toEqual({ plan: 1, build: 1, test: 1, report: 0 });

    // Fixed: the definition as it ran, and what the failing step lacked.
    writeFileSync(join(dir, 'p.yaml'), PIPELINE);
    writeFileSync(join(dir, 'marker'), 'fixed');
    const resumed = recover(dir, ['pipeline', 'run', 'p.yaml', '--resume-from-failure', '--json']);
    expect(resumed.status).toBe(0);
    const result = JSON.parse(resumed.stdout) as { runId: string; steps: { stepId: string; status: string; reused: boolean }[] };
    expect(result).toMatchObject({ runId: failed.runId, status: 'succeeded', failedStep: null, resumed: true, reused: ['plan', 'build'] });
    expect(result.steps.map((s) => [s.stepId, s.status, s.reused])).toEqual([
      ['plan', 'succeeded', true], ['build', 'succeeded', true], ['test', 'succeeded', false], ['report', 'succeeded', false],
    ]);
    // plan and build ran once in all: only the failed step and the one after it ran again.
    expect(counts()).toEqual({ plan: 1, build: 1, test: 2, report: 1 });

    // The run succeeded: nothing is left to resume (exit 2), and nothing runs.
    const again = recover(dir, ['pipeline', 'run', 'p.yaml', '--resume-from-failure']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`cannot resume run ${failed.runId}: it succeeded`);
    expect(counts()).toEqual({ plan: 1, build: 1, test: 2, report: 1 });
  });
});
