/**
 * End-to-end tests of the run verbs: the BUILT CLI as real child processes, each test in a fresh
 * temp dir (its cwd) with its own store, so nothing leaks between tests or into the repo.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cliEnv, recover, ROOT, BIN, scriptsCwd as workdir } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { waitFor } from '../helpers/wait-for.js';

beforeAllBuilt();

describe('recover run (built CLI, child processes)', () => {
  test('a flaky command (socket hang up once) is recovered: exit 0', () => {
    const dir = workdir();
    const { status, stderr } = recover(dir, ['run', '--', 'node', 'flaky.js']);
    expect(stderr).toContain('NETWORK');
    expect(status).toBe(0);
    expect(readFileSync(join(dir, 'count'), 'utf8')).toBe('2');
  });

  test('--json prints one parseable Outcome', () => {
    const dir = workdir();
    const { status, stdout } = recover(dir, ['run', '--json', '--', 'node', 'flaky.js']);
    expect(status).toBe(0);
    const outcome = JSON.parse(stdout) as Record<string, unknown>;
    expect(outcome.status).toBe('recovered');
    expect(outcome.attempts).toBe(2);
    expect(Array.isArray(outcome.history)).toBe(true);
  });

  test('a fatal command (401) escalates: exit 3, report written, list shows escalated, summary appended', () => {
    const dir = workdir();
    const summary = join(dir, 'summary.md');
    const { status } = recover(dir, ['run', '--report', 'report.md', '--', 'node', 'fatal.js'], { GITHUB_STEP_SUMMARY: summary });
    expect(status).toBe(3);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain('AUTH_REQUIRED');
    expect(readFileSync(summary, 'utf8')).toContain('AUTH_REQUIRED');
    const list = recover(dir, ['list', '--json']);
    expect(list.status).toBe(0);
    const runs = JSON.parse(list.stdout) as Array<{ status: string; task: string }>;
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('escalated');
    expect(runs[0]!.task).toBe('node fatal.js');
  });

  test('a test that keeps failing: the report and the step summary count the original run, the flake probe and the iterations, and show the stack', () => {
    const dir = workdir();
    const summary = join(dir, 'summary.md');
    writeFileSync(join(dir, 'failing-test.js'), "function checkStatus() { const e = new Error('expected 200 but got 404'); e.name = 'AssertionError'; throw e; }\ntry { checkStatus(); } catch (e) { console.error(e.stack); process.exit(1); }\n");
    writeFileSync(join(dir, 'adapter.js'), [
      "const fixes = ['add a null check before payload.exp', 'decode the token with jwt.verify first', 'compare expiry in seconds'];",
      "let input = ''; process.stdin.on('data', (d) => { input += d; });",
      "process.stdin.on('end', () => console.log(JSON.stringify({ fix: fixes[JSON.parse(input).fixesTried.length], confidence: 0.9 })));",
    ].join('\n'));
    const { status } = recover(dir, ['run', '--report', 'report.md', '--adapter', 'node adapter.js', '--', 'node', 'failing-test.js'], { GITHUB_STEP_SUMMARY: summary });
    expect(status).toBe(3);
    for (const text of [readFileSync(join(dir, 'report.md'), 'utf8'), readFileSync(summary, 'utf8')]) {
      expect(text).toContain('**Executions**: 5 (the original run, 1 flake probe, 3 recovery iterations)  \n**Recovery iterations**: 3 of 3 (max reached)\n');
      expect(text).toMatch(/Stack \(top frames\):\n\n```\nAssertionError: expected 200 but got 404\n {4}at checkStatus \(.*failing-test\.js:1:\d+\)\n/);
    }
  });

  test('decide skip continues the escalated run: exit 4; history --format json parses', () => {
    const dir = workdir();
    const run = recover(dir, ['run', '--json', '--', 'node', 'fatal.js']);
    expect(run.status).toBe(3);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    const decided = recover(dir, ['decide', runId, '--choice', 'skip', '--json']);
    expect(decided.status).toBe(4);
    expect((JSON.parse(decided.stdout) as { status: string }).status).toBe('skipped');
    const history = recover(dir, ['history', runId, '--format', 'json']);
    expect(history.status).toBe(0);
    expect(Array.isArray(JSON.parse(history.stdout))).toBe(true);
  });

  test('a bad config field: exit 2, the path is named', () => {
    const dir = workdir({ types: { NETWORK: { budget: -1 } } });
    const { status, stderr } = recover(dir, ['run', '--', 'node', 'flaky.js']);
    expect(status).toBe(2);
    expect(stderr).toContain('types.NETWORK.budget');
    expect(existsSync(join(dir, 'count'))).toBe(false);
  });

  test('usage errors: no command, bad --choice → exit 2', () => {
    const dir = workdir();
    expect(recover(dir, ['run']).status).toBe(2);
    expect(recover(dir, ['decide', 'x', '--choice', 'maybe']).status).toBe(2);
  });

  test('--help documents the exit codes', () => {
    const { status, stdout } = recover(ROOT, ['run', '--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\s+3\s+escalated/m);
    expect(stdout).toMatch(/^\s+130\s+interrupted/m);
  });
});

/** Starts the CLI without waiting, for tests that signal it or race it. */
function start(cwd: string, args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(), stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

/** Polls until `check` holds (a file appears, a run is listed), failing after `ms`. */
describe('interrupt, lock and resume', () => {
  test('SIGINT: exit 130, the child is killed, a second process is refused (75, pid named), resume finishes', async () => {
    const dir = workdir();
    const { child, exited } = start(dir, ['run', '--', 'node', 'slow.js']);
    await waitFor('the command to start', () => existsSync(join(dir, 'pid')), { everyMs: 25, withinMs: 10_000 });
    const runs = JSON.parse(recover(dir, ['list', '--json']).stdout) as Array<{ runId: string; status: string }>;
    const runId = runs[0]!.runId;
    const locked = recover(dir, ['resume', runId]);
    expect(locked.status).toBe(75);
    expect(locked.stderr).toContain(`process ${child.pid}`);

    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    await waitFor('the command to be killed', () => { try { process.kill(pid, 0); return false; } catch { return true; } }, { everyMs: 25, withinMs: 5_000 });

    writeFileSync(join(dir, 'fast'), '');
    const resumed = recover(dir, ['resume', runId, '--json']);
    expect(resumed.status).toBe(0);
    const outcome = JSON.parse(resumed.stdout) as { status: string; history: Array<{ phase: string; result: string }> };
    expect(outcome.status).toBe('succeeded');
    expect(outcome.history.some((event) => event.result === 'interrupted')).toBe(true);
  }, 30_000);

  test('resume of an unknown run: a clear error, exit 2', () => {
    const dir = workdir();
    const { status, stderr } = recover(dir, ['resume', 'no-such-run']);
    expect(status).toBe(2);
    expect(stderr).toContain('no-such-run');
  });
});

describe('store verbs', () => {
  test('report md/json/html, stats --json, list shows a damaged file, repair moves it aside', () => {
    const dir = workdir();
    const run = recover(dir, ['run', '--json', '--', 'node', 'fatal.js']);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    const md = recover(dir, ['report', runId]);
    expect(md.status).toBe(0);
    expect(md.stdout).toContain('AUTH_REQUIRED');
    expect((JSON.parse(recover(dir, ['report', runId, '--format', 'json']).stdout) as { runId: string }).runId).toBe(runId);
    expect(recover(dir, ['report', runId, '--format', 'html']).stdout).toMatch(/^<!doctype html>/i);
    const stats = JSON.parse(recover(dir, ['stats', '--json']).stdout) as { totals: { runs: number; escalations: number } };
    expect(stats.totals).toMatchObject({ runs: 1, escalations: 1 });

    writeFileSync(join(dir, '.recovery', 'runs', 'broken.json'), 'garbage');
    const list = recover(dir, ['list']);
    expect(list.stdout).toMatch(/broken\s+damaged\s+.*broken\.json/);
    expect(recover(dir, ['repair']).stdout).toContain('broken.json.corrupt-');
    expect(recover(dir, ['list']).stdout).not.toContain('damaged');
  });

  test('a recovered run also gets a report; prune keeps recent runs', () => {
    const dir = workdir();
    const { runId } = JSON.parse(recover(dir, ['run', '--json', '--', 'node', 'flaky.js']).stdout) as { runId: string };
    const md = recover(dir, ['report', runId]);
    expect(md.status).toBe(0);
    expect(md.stdout).toContain(runId);
    expect(recover(dir, ['prune', '--older-than', '1d']).stdout).toBe('');
    expect(recover(dir, ['prune', '--older-than', 'soon']).status).toBe(2);
  });

  test('pipeline run: succeeded → 0, a bad definition → 2', () => {
    const dir = workdir(null);
    writeFileSync(join(dir, 'p.yaml'), 'name: demo\nsteps:\n  - id: a\n    run: ["node", "-e", "console.log(1)"]\n');
    writeFileSync(join(dir, 'bad.yaml'), 'steps: 3\n');
    expect(recover(dir, ['pipeline', 'run', 'p.yaml']).status).toBe(0);
    expect(recover(dir, ['pipeline', 'run', 'bad.yaml']).status).toBe(2);
  });
});

describe('other verbs', () => {
  test('diagram --format mermaid prints stateDiagram-v2', () => {
    const { status, stdout } = recover(ROOT, ['diagram', '--format', 'mermaid']);
    expect(status).toBe(0);
    expect(stdout).toContain('stateDiagram-v2');
  });

  test('diagram: dot, an unknown machine is a usage error', () => {
    expect(recover(ROOT, ['diagram', '--machine', 'pipeline', '--format', 'dot']).stdout).toContain('digraph');
    expect(recover(ROOT, ['diagram', '--machine', 'nope']).status).toBe(2);
  });

  test('every verb has --help with examples', () => {
    for (const verb of ['run', 'resume', 'decide', 'restore', 'list', 'history', 'report', 'stats', 'prune', 'repair', 'diagram', 'inspect-server', 'pipeline']) {
      const { status, stdout } = recover(ROOT, [verb, '--help']);
      expect(status, verb).toBe(0);
      expect(stdout, verb).toContain('Examples:');
    }
  });
});
