/**
 * What the end-to-end CLI tests share: the BUILT `recover` binary run as a real child process in
 * a fresh temp dir, with the environment cleared of anything that would leak between tests
 * (`RECOVERY_STORE`, `GITHUB_STEP_SUMMARY`, `NO_COLOR`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The `recover` bin as installed (`bin/recover.js` imports `dist/`). */
export const BIN = join(ROOT, 'bin/recover.js');

/** A fresh working directory; `config` becomes `recovery.config.json` unless null. */
export function tempCwd(config: unknown = { maxDelayMs: 20 }, prefix = 'recover-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (config !== null) writeFileSync(join(dir, 'recovery.config.json'), JSON.stringify(config));
  return dir;
}

/** A command that fails once with a network error (socket hang up), then passes; counts in `count`. */
export const FLAKY_JS = `const fs = require('fs');
const n = fs.existsSync('count') ? Number(fs.readFileSync('count', 'utf8')) : 0;
fs.writeFileSync('count', String(n + 1));
if (n === 0) { console.error('Error: socket hang up'); process.exit(1); }
console.log('ok');
`;
/** A command that always fails with a rejected credential (AUTH_REQUIRED: escalates at once). */
export const FATAL_JS = `console.error('HTTP 401 Unauthorized'); process.exit(1);\n`;
/** A command that hangs (writing its pid to `pid`) until a file `fast` exists. */
export const SLOW_JS = `const fs = require('fs');
if (fs.existsSync('fast')) { console.log('done'); process.exit(0); }
fs.writeFileSync('pid', String(process.pid));
setTimeout(() => {}, 60000);
`;

/** {@link tempCwd} with `flaky.js`, `fatal.js` and `slow.js` in it. */
export function scriptsCwd(config: unknown = { maxDelayMs: 20 }, prefix = 'recover-cli-'): string {
  const dir = tempCwd(config, prefix);
  writeFileSync(join(dir, 'flaky.js'), FLAKY_JS);
  writeFileSync(join(dir, 'fatal.js'), FATAL_JS);
  writeFileSync(join(dir, 'slow.js'), SLOW_JS);
  return dir;
}

/** What a finished CLI process left. */
export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The environment every CLI child gets: ours minus what would change its behaviour. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, RECOVERY_STORE: '', GITHUB_STEP_SUMMARY: '', ...extra };
  if (!('NO_COLOR' in extra)) delete env.NO_COLOR;
  return env;
}

/** Runs the built CLI to completion in `cwd` (stdin closed, not a terminal). */
export function recover(cwd: string, args: readonly string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, input: '', encoding: 'utf8', env: cliEnv(env) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `recover … --json` and its parsed Outcome (throws with the stderr when stdout is not JSON). */
export function recoverJson<T = Record<string, unknown>>(cwd: string, args: readonly string[], env: Record<string, string> = {}): CliResult & { outcome: T } {
  const result = recover(cwd, [...args.slice(0, 1), '--json', ...args.slice(1)], env);
  try {
    return { ...result, outcome: JSON.parse(result.stdout) as T };
  } catch {
    throw new Error(`recover ${args.join(' ')} (exit ${result.status}) did not print JSON:\n${result.stdout}\n${result.stderr}`);
  }
}

/** What {@link recoverAsync} resolves to: a {@link CliResult} and how long the process ran. */
export interface TimedCliResult extends CliResult {
  ms: number;
}

/**
 * Runs the built CLI without blocking this process's event loop (an in-process server can
 * answer it meanwhile). Rejects, killing it, when it has not exited after `limitMs`: the
 * "does not hang" check, generous since CI machines are slow.
 */
export function recoverAsync(cwd: string, args: readonly string[], limitMs = 20_000, env: Record<string, string> = {}): Promise<TimedCliResult> & { child: ReturnType<typeof spawn> } {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const done = new Promise<TimedCliResult>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`recover ${args.join(' ')} still running after ${limitMs} ms\n${stderr}`)); }, limitMs);
    child.on('close', (status) => { clearTimeout(timer); resolve({ status, stdout, stderr, ms: Date.now() - started }); });
  });
  return Object.assign(done, { child });
}
