import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { BUILD_HOOK_LIMIT_MS, ensureBuilt } from '../helpers/build.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/recover.js');

/** Builds dist when it is missing or stale (tsc still emits when other files have type errors). */
beforeAll(() => {
  ensureBuilt({ typeErrors: 'ignore' });
  expect(existsSync(join(ROOT, 'dist/src/cli/main.js'))).toBe(true);
}, BUILD_HOOK_LIMIT_MS);

/** Runs the built CLI as a real child process. */
function recover(args: string[], options: { input?: string; cwd?: string; env?: Record<string, string> } = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('recover classify (the built CLI, as a child process)', () => {
  test('acceptance: --json on an ECONNREFUSED message prints NETWORK / transient', () => {
    const { status, stdout } = recover(['classify', '--json', 'Error: connect ECONNREFUSED 127.0.0.1:5432']);
    expect(status).toBe(0);
    expect(stdout).toContain('"type":"NETWORK"');
    expect(stdout).toContain('"category":"transient"');
    const parsed = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['type', 'category', 'severity', 'action', 'confidence', 'evidence']);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });

  test('a readable block by default', () => {
    const { status, stdout } = recover(['classify', 'Rate limit reached for gpt-4o. Please try again in 6s.']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^type\s+RATE_LIMIT_TIMED$/m);
    expect(stdout).toMatch(/^category\s+transient$/m);
    expect(stdout).toMatch(/^severity\s+medium$/m);
    expect(stdout).toMatch(/^action\s+retry$/m);
    expect(stdout).toMatch(/^confidence\s+0\.\d\d$/m);
    expect(stdout).toMatch(/^retry-after\s+6\.0s$/m);
    expect(stdout).toMatch(/^evidence\n {2}llm-api\.rate-limit \[message\]: Rate limit reached/m);
  });

  test('words on several arguments are one message', () => {
    const { stdout } = recover(['classify', '--json', 'socket', 'hang', 'up']);
    expect(JSON.parse(stdout)).toMatchObject({ type: 'NETWORK' });
  });

  test('--observation FILE reads an observation (relative to the working directory)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recover-classify-'));
    writeFileSync(join(dir, 'failure.json'), JSON.stringify({ status: 429, headers: { 'retry-after': '20' }, stderr: 'Too Many Requests' }));
    const { status, stdout } = recover(['classify', '--observation', 'failure.json', '--json'], { cwd: dir });
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ type: 'RATE_LIMIT_TIMED', retryAfterMs: 20_000 });
  });

  test('--observation - reads standard input; MESSAGE joins it as the message', () => {
    const piped = recover(['classify', '--observation', '-', '--json'], { input: '{"exitCode":124,"stdout":""}' });
    expect(piped.status).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ type: 'TIMEOUT', category: 'transient' });
    const merged = recover(['classify', '--observation', '-', '--json', 'bash: jq: command not found'], { input: '{"stdout":"partial"}' });
    expect(JSON.parse(merged.stdout)).toMatchObject({ type: 'CLI_NOT_FOUND' });
  });

  test('an unreadable file: a message naming it, exit 2', () => {
    const { status, stdout, stderr } = recover(['classify', '--observation', 'no/such/file.json']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("observation file 'no/such/file.json'");
    expect(stderr).toContain('ENOENT');
  });

  test('invalid JSON, or JSON that is not an object: a message naming the source, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recover-classify-'));
    writeFileSync(join(dir, 'bad.json'), '{"exitCode": 124,');
    const bad = recover(['classify', '--observation', 'bad.json'], { cwd: dir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("observation file 'bad.json' is not valid JSON");
    const array = recover(['classify', '--observation', '-'], { input: '[1, 2]' });
    expect(array.status).toBe(2);
    expect(array.stderr).toContain('standard input must be a JSON object');
  });

  test('usage errors exit 2: nothing to classify, an unknown option', () => {
    expect(recover(['classify']).status).toBe(2);
    const unknown = recover(['classify', '--verbose', 'x']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--verbose'");
    expect(unknown.stderr).toContain("recover classify --help");
  });

  test('secrets in the evidence are redacted, as recover run redacts them: a token inside a URL (issue 30)', () => {
    const token = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
    const message = `fatal: unable to access 'https://x-access-token:${token}@github.com/org/repo.git/': Could not resolve host: github.com`;
    const query = `Error: getaddrinfo ENOTFOUND api.example.com (GET https://api.example.com/v1/items?token=tq9Secr3tValue&page=2)`;
    for (const args of [[message], ['--json', message], [query], ['--json', query]]) {
      const { status, stdout } = recover(['classify', ...args]);
      expect(status).toBe(0);
      expect(stdout).toContain('NETWORK');
      // The line stays readable around the secret (URL credentials print as ***, other values as [REDACTED]).
      expect(stdout).toMatch(/x-access-token:\*\*\*@github\.com|token=\[REDACTED\]&page=2/);
      expect(stdout).not.toContain(token);
      expect(stdout).not.toContain('16C7e42F292c6912E7710c838347Ae178B4a');
      expect(stdout).not.toContain('tq9Secr3tValue');
    }
  });

  test("a process keeps the compiled rules in the user's cache directory; the next process reads them (issue 30)", () => {
    const cache = mkdtempSync(join(tmpdir(), 'recover-cache-'));
    const message = 'Error: connect ECONNREFUSED 127.0.0.1:5432';
    const first = recover(['classify', '--json', message], { env: { XDG_CACHE_HOME: cache } });
    const files = readdirSync(join(cache, 'recovery-protocol'));
    expect(files).toEqual([expect.stringMatching(/^automaton-v2-[0-9a-f]{32}\.bin$/)]);
    const written = statSync(join(cache, 'recovery-protocol', files[0]!)).mtimeMs;
    const second = recover(['classify', '--json', message], { env: { XDG_CACHE_HOME: cache } });
    expect(second.stdout).toBe(first.stdout);
    expect(statSync(join(cache, 'recovery-protocol', files[0]!)).mtimeMs).toBe(written); // read, not written again
    // Damaged bytes in the cache are compiled again, never read as rules: the same answer.
    writeFileSync(join(cache, 'recovery-protocol', files[0]!), 'not a rule set');
    const again = recover(['classify', '--json', message], { env: { XDG_CACHE_HOME: cache } });
    expect([again.status, again.stdout]).toEqual([0, first.stdout]);
    expect(JSON.parse(first.stdout)).toMatchObject({ type: 'NETWORK' });
    expect(statSync(join(cache, 'recovery-protocol', files[0]!)).size).toBeGreaterThan(100_000);
  });

  test('NO_COLOR (and a forced colour) never puts escape codes in the output', () => {
    for (const env of [{ NO_COLOR: '1' }, { FORCE_COLOR: '1' }] as Record<string, string>[]) {
      const { stdout } = recover(['classify', 'Error: socket hang up'], { env });
      expect(stdout).not.toContain('\u001b[');
    }
  });
});

describe('recover (the command itself)', () => {
  test('--help prints usage with the commands and examples, exit 0', () => {
    const { status, stdout } = recover(['--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('Usage: recover <command>');
    expect(stdout).toContain('classify');
    expect(stdout).toContain('Examples:');
  });

  test('recover classify --help prints the verb usage with examples, exit 0', () => {
    const { status, stdout } = recover(['classify', '--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('Usage: recover classify [MESSAGE] [--observation FILE|-] [--json]');
    expect(stdout).toContain('Examples:');
  });

  test('an unknown verb: one line naming it and where the list is, exit 2', () => {
    const { status, stdout, stderr } = recover(['frobnicate']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("recover: unknown command 'frobnicate'\nRun 'recover --help' for the list of commands.\n");
  });

  test('no verb at all: usage on stderr, exit 2', () => {
    const { status, stderr } = recover([]);
    expect(status).toBe(2);
    expect(stderr).toContain('Usage: recover <command>');
  });

  test('--version prints the package version', () => {
    const { status, stdout } = recover(['--version']);
    expect(status).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('main() in process, with injected io', () => {
  test('writes to the given streams and resolves to the exit code', async () => {
    const { main } = await import('../../src/cli/main.js');
    let out = '';
    let err = '';
    const io = {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      stdin: (async function* () { yield '{"signal":"SIGINT"}'; })(),
      env: {},
      cwd: ROOT,
    };
    await expect(main(['classify', '--observation', '-', '--json'], io)).resolves.toBe(0);
    expect(JSON.parse(out)).toMatchObject({ type: 'USER_ABORT', action: 'abort' });
    await expect(main(['nope'], io)).resolves.toBe(2);
    expect(err).toContain("unknown command 'nope'");
  });
});
