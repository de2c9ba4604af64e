/**
 * The run options declared once (src/cli/run-options.ts): every verb that starts or queues a run
 * takes the ones its row names, with the same help, and no other; and the two that only `run`
 * takes, end to end with the built CLI: `--tests auto` with a real vitest whose terminal output
 * names no test, and `--notify github` against a local fake of GitHub's API.
 */
import { createServer, type Server } from 'node:http';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_OPTIONS, RUN_OPTIONS_OF, type RunOptionName } from '../../src/cli/run-options.js';
import { FATAL_JS, recover, recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const ALL = Object.keys(RUN_OPTIONS) as RunOptionName[];
const helpLine = (name: RunOptionName) => RUN_OPTIONS[name].description.split('\n')[0]!;

describe('the run options, declared once', () => {
  it.each(Object.entries(RUN_OPTIONS_OF))('recover %s --help lists its run options with the shared help, and no other', (verb, names) => {
    const help = recover(tempCwd(), [...verb.split(' '), '--help']);
    expect(help.status).toBe(0);
    for (const name of names) {
      expect(help.stdout).toContain(`--${name}`);
      expect(help.stdout).toContain(helpLine(name));
    }
    for (const name of ALL.filter((n) => !(names as readonly string[]).includes(n))) expect(help.stdout).not.toContain(`--${name} `);
  });

  it('a bad value is a usage error naming the option, before anything runs', () => {
    const dir = tempCwd();
    expect(recover(dir, ['run', '--notify', 'slack', '--', 'node', '-e', '0'])).toMatchObject({ status: 2, stderr: expect.stringContaining("--notify: 'slack' is not a channel") });
    expect(recover(dir, ['run', '--tests', 'auto,r.xml', '--', 'node', '-e', '0'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--tests auto stands alone') });
    expect(recover(dir, ['run', '--tests', 'auto', '--', 'make', 'check'])).toMatchObject({ status: 2, stderr: expect.stringContaining("'make' is not a test runner recover knows") });
    expect(recover(dir, ['submit', '--config', 'missing.json', '--store', 'postgres://nobody@127.0.0.1:1/x', '--', 'true']).stderr).toContain('missing.json');
  });
});

describe('recover run --tests auto (a real vitest)', () => {
  it('reads the failing tests from the JUnit report it had vitest write, though the dot reporter names none', async () => {
    const dir = tempCwd({ maxDelayMs: 20 });
    symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    writeFileSync(join(dir, 'math.test.js'), "import { it, expect } from 'vitest';\nit('adds', () => { expect(1 + 1).toBe(3); });\nit('keeps', () => {});\n");
    const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
    // The outer vitest's variables would make the inner one think it is a worker.
    const env = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('VITEST')).map((k) => [k, '']));
    const run = await recoverAsync(dir, ['run', '--json', '--tests', 'auto', '--', 'node', vitest, 'run', '--reporter=dot'], 120_000, { ...env, NODE_OPTIONS: '' });
    expect(run.status).toBe(3);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    const report = recover(dir, ['report', runId]);
    expect(report.stdout).toContain('### Failing Tests');
    expect(report.stdout).toContain('math.test.js > adds');
    expect(report.stdout).toContain('expected 2 to be 3');
  }, 180_000);
});

describe('recover run --notify github (a fake GitHub API)', () => {
  const posted: Array<{ path: string; body: string }> = [];
  let server: Server;
  let api = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      request.on('end', () => {
        if (request.method === 'GET') return response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        posted.push({ path: request.url!, body });
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 1, html_url: 'https://github.example/acme/shop/pull/42#issuecomment-1' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the escalation report on the pull request, and says where', async () => {
    const dir = tempCwd();
    writeFileSync(join(dir, 'fatal.js'), FATAL_JS);
    const run = await recoverAsync(dir, ['run', '--notify', 'github', '--', 'node', 'fatal.js'], 60_000,
      { GITHUB_TOKEN: 'ghs_test', GITHUB_REPOSITORY: 'acme/shop', GITHUB_API_URL: api, GITHUB_REF: 'refs/pull/42/merge' });
    expect(run.status).toBe(3);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.path).toBe('/repos/acme/shop/issues/42/comments');
    expect((JSON.parse(posted[0]!.body) as { body: string }).body).toMatch(/^<!-- recovery-protocol escalation [0-9a-f]{16} -->\n#+ \S/);
    expect(run.stderr).toContain('recover: escalation posted as https://github.example/acme/shop/pull/42#issuecomment-1');
  });

  it('a comment that cannot be posted is said, and the exit code stays the run\'s', async () => {
    const dir = tempCwd();
    writeFileSync(join(dir, 'fatal.js'), FATAL_JS);
    const run = await recoverAsync(dir, ['run', '--notify', 'github', '--', 'node', 'fatal.js'], 60_000, { GITHUB_TOKEN: '', GITHUB_REPOSITORY: 'acme/shop' });
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('recover: note: --notify github: --notify github needs GITHUB_TOKEN');
  });
});
