/**
 * What the end-to-end CLI tests share: the BUILT `recover` binary run as a real child process in
 * a fresh temp dir, with the environment cleared of anything that would leak between tests
 * (`RECOVERY_STORE`, `GITHUB_STEP_SUMMARY`, `NO_COLOR`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../helpers/build.js';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The `recover` bin as installed (`bin/recover.js` imports `dist/`). */
export const BIN = join(ROOT, 'bin/recover.js');

/** Builds `dist/` when it is missing or older than a source; call from `beforeAll`. */
export function ensureCli(): void {
  ensureBuilt();
}

/** A fresh working directory; `config` becomes `recovery.config.json` unless null. */
export function tempCwd(config: unknown = { maxDelayMs: 20 }, prefix = 'recover-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (config !== null) writeFileSync(join(dir, 'recovery.config.json'), JSON.stringify(config));
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
