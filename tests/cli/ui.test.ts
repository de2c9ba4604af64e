/**
 * `recover ui` and `recover decide` from the terminal (the built CLI as a child process): help,
 * usage errors, the shared admission check and who decided; the browser side is tests/ui/.
 */
import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { BIN, cliEnv, recover, recoverJson, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

describe('recover ui and decide', () => {
  test('ui --help says what it serves and how it is protected; inspect-server --help says it needs stately.ai', () => {
    const ui = recover(scriptsCwd(), ['ui', '--help']);
    expect(ui.status).toBe(0);
    expect(ui.stdout).toContain('Usage: recover ui [--store DIR|URL] [--port N] [--host ADDR] [--as NAME]');
    expect(ui.stdout).toContain('listens on 127.0.0.1 unless --host');
    expect(ui.stdout).toContain('random token');
    const inspect = recover(scriptsCwd(), ['inspect-server', '--help']);
    expect(inspect.stdout).toContain('needs network access\nto stately.ai');
    expect(recover(scriptsCwd(), ['--help']).stdout).toMatch(/\n {2}ui +see every run and decide escalations in the browser\n/);
  });

  test('ui: a bad --port or an empty --as is a usage error (exit 2)', () => {
    const dir = scriptsCwd();
    expect(recover(dir, ['ui', '--port', 'x']).stderr).toContain("--port must be 0–65535 (got 'x')");
    expect(recover(dir, ['ui', '--port', '70000']).status).toBe(2);
    expect(recover(dir, ['ui', '--as', ' ']).status).toBe(2);
  });

  test('decide records who decided (--as); a second decision on the finished run is refused, exit 2', () => {
    const dir = scriptsCwd();
    const { outcome } = recoverJson<{ runId: string }>(dir, ['run', '--', 'node', 'fatal.js']);
    expect(recover(dir, ['decide', outcome.runId, '--choice', 'rollback']).stderr).toContain(`run ${outcome.runId} does not offer 'rollback'`);
    expect(recover(dir, ['decide', outcome.runId, '--choice', 'skip', '--as', 'bob']).status).toBe(4);
    const record = JSON.parse(recover(dir, ['report', outcome.runId, '--format', 'json']).stdout) as { meta: { decisions: { by: string; choice: string }[] } };
    expect(record.meta.decisions.map((d) => [d.by, d.choice])).toEqual([['bob', 'skip']]);
    const again = recover(dir, ['decide', outcome.runId, '--choice', 'abort']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`run ${outcome.runId} has already ended (skipped): there is no decision to take`);
  });

  test('ui prints its URL, serves the list, and stops cleanly on SIGINT (exit 0)', async () => {
    const dir = scriptsCwd();
    const child = spawn(process.execPath, [BIN, 'ui'], { cwd: dir, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /recover ui: (\S+)\n/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    const token = new URL(url).searchParams.get('token');
    const runs = await fetch(new URL('/api/runs', url), { headers: { authorization: `Bearer ${token}` } });
    expect(runs.status).toBe(200);
    expect(await runs.json()).toEqual([]);
    const exit = new Promise<number | null>((r) => child.once('exit', r));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(err).toContain('recover ui: stopped (SIGINT)');
  }, 60_000);
});
