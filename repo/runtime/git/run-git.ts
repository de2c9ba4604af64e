/**
 * Running git for the snapshots: one child process per call, stdout as bytes, a failure as an
 * error naming the subcommand, the directory and git's own message.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Snapshot commits are internal: a fixed identity works where no user.name is configured (CI). */
export const IDENTITY: Readonly<Record<string, string>> = {
  GIT_AUTHOR_NAME: 'recovery-protocol', GIT_AUTHOR_EMAIL: 'recovery-protocol@localhost',
  GIT_COMMITTER_NAME: 'recovery-protocol', GIT_COMMITTER_EMAIL: 'recovery-protocol@localhost',
};

/** What a git call may add: environment variables and bytes for its stdin. */
export interface GitCall {
  env?: Record<string, string>;
  input?: string | Buffer;
}

/** Thrown when the directory given to a git rollback is not inside a work tree. */
export class NotAGitRepositoryError extends Error {
  /** Stable code for callers that map errors (the CLI makes it a usage error, exit 2). */
  readonly code = 'ERR_NOT_A_GIT_REPOSITORY';
  constructor(readonly cwd: string) {
    super(`git rollback needs a git repository, and ${cwd} is not inside one`);
    this.name = 'NotAGitRepositoryError';
  }
}

/** Runs git in `cwd` and resolves with its stdout, trimmed. */
export function git(cwd: string, args: readonly string[], call: GitCall = {}): Promise<string> {
  return gitBytes(cwd, args, call).then((out) => out.toString('utf8').trim());
}

/** Runs git in `cwd` and resolves with its stdout as bytes (rejects on a non-zero exit). */
export function gitBytes(cwd: string, args: readonly string[], call: GitCall = {}): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    // An inherited GIT_INDEX_FILE (recover run from a git hook) would redirect every call.
    const { GIT_INDEX_FILE: _inherited, ...inherited } = process.env;
    const child = spawn('git', args, { cwd, env: { ...inherited, ...call.env }, stdio: [call.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(new Error(`git ${args[0]} could not start: ${error.message}`)));
    child.on('close', (code) => {
      const detail = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) resolvePromise(Buffer.concat(out));
      else reject(new Error(`git ${args[0]} failed in ${cwd}: ${detail || `exit code ${code}`}`));
    });
    child.stdin?.on('error', () => {}); // git reports its own failure through the exit code
    child.stdin?.end(call.input);
  });
}

/** The top level of the work tree around `cwd`; {@link NotAGitRepositoryError} outside one. */
export async function topLevel(cwd: string): Promise<string> {
  const top = await git(cwd, ['rev-parse', '--show-toplevel']).catch(() => '');
  if (!top) throw new NotAGitRepositoryError(cwd);
  return top;
}

/** The commit `rev` names, or `null` when it names none. */
export async function commitOf(top: string, rev: string): Promise<string | null> {
  return git(top, ['rev-parse', '--verify', '-q', `${rev}^{commit}`]).then((sha) => sha || null, () => null);
}

/** Writes a commit object with the fixed identity and no signature. */
export function commitTree(top: string, tree: string, parents: readonly string[], message: string): Promise<string> {
  return git(top, ['commit-tree', '--no-gpg-sign', tree, ...parents.flatMap((p) => ['-p', p])], { env: IDENTITY, input: message });
}

/** Runs `work` with `GIT_INDEX_FILE` pointing at a fresh temporary index: the real one is never written. */
export async function withTempIndex<T>(work: (env: { GIT_INDEX_FILE: string }) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'recovery-index-'));
  try {
    return await work({ GIT_INDEX_FILE: join(dir, 'index') });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
