/**
 * Helpers of the corpus generator: run a real command in a scratch directory with its files,
 * capture what it printed and how it ended. Nothing here is simulated: the texts are what the
 * tools on this machine print.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Root of the scratch directories; each case gets its own. */
export const SCRATCH = mkdtempSync(join(tmpdir(), 'classify-corpus-'));
let counter = 0;

/** Writes `files` (path → content) under a new scratch directory and returns it. */
export function scratch(files = {}) {
  const dir = join(SCRATCH, String(++counter));
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/**
 * Runs `command` with bash in `cwd`; at most `timeoutMs` (then SIGKILL). The scratch path is
 * replaced by `/work/case` so the corpus does not change with the temp dir's random name.
 */
export function sh(command, { cwd = scratch(), env = {}, timeoutMs = 120_000, input } = {}) {
  const r = spawnSync('bash', ['-c', command], {
    cwd, input, timeout: timeoutMs, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...env },
  });
  const clean = (s) => (s ?? '').split(cwd).join('/work/case').split(SCRATCH).join('/work/scratch');
  return { stdout: clean(r.stdout), stderr: clean(r.stderr), exitCode: r.status, signal: r.signal };
}
