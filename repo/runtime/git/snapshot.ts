/**
 * A snapshot of everything a program can change in a repository, written without touching the
 * work tree, the index or HEAD. Two commits:
 * - the snapshot commit (under the ref given): its tree is the work tree's bytes as on disk,
 *   so `git show REF:path` reads any file; first parent HEAD; its message says what it is and
 *   ends with `Meta: <sha>`;
 * - the metadata commit: `manifest.json`, `index` (the index file's bytes) and `index-tree` (the
 *   staged tree), with every commit a ref or stash entry points at as parents, so `git gc`
 *   keeps all of them as long as the snapshot's ref lives.
 * Nested repositories (submodules) are snapshotted in their own repository under the same ref.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { hashBytes, hashFiles } from './blobs.js';
import { parseManifest, usualPerm, type Manifest } from './manifest.js';
import { captureRefs } from './refs.js';
import { commitOf, commitTree, git, withTempIndex } from './run-git.js';
import { scanWorkTree } from './scan.js';
import type { GitRollbackSettings } from './settings.js';

/** Thrown when a ref or sha names no snapshot this module wrote. */
export class NoSnapshotError extends Error {
  /** Stable code for callers that map errors (the CLI makes it a usage error, exit 2). */
  readonly code = 'ERR_NO_SNAPSHOT';
  constructor(message: string) {
    super(message);
    this.name = 'NoSnapshotError';
  }
}

/** A snapshot as written or read back. */
export interface Snapshot {
  sha: string;
  manifest: Manifest;
}

/**
 * Snapshots the repository at `top` (a top level) under `ref`, with `subject` as the commit's
 * first line, and each nested repository with the same `settings`.
 */
export async function takeSnapshot(top: string, ref: string, subject: string, settings: GitRollbackSettings): Promise<Snapshot> {
  // The index and the refs are read first: a program still running could change them meanwhile,
  // and they are independent of the files.
  const [scan, { index, indexTree }, { state: refs, commits }] = await Promise.all([
    scanWorkTree(top, settings), recordIndex(top), captureRefs(top),
  ]);
  const shas = await hashFiles(top, scan.files);
  const entries = scan.files.map((f, i) => `${f.kind === 'link' ? '120000' : f.perm & 0o100 ? '100755' : '100644'} ${shas[i]}\t${f.path}`);
  const nested: Record<string, string> = {};
  await Promise.all(scan.nested.map(async (path) => {
    const sub = join(top, path);
    const [head, snapshot] = await Promise.all([commitOf(sub, 'HEAD'), takeSnapshot(sub, ref, subject, settings)]);
    if (head) entries.push(`160000 ${head}\t${path}`);
    nested[path] = snapshot.sha;
  }));
  const tree = await withTempIndex(async (env) => {
    if (entries.length > 0) await git(top, ['update-index', '--add', '-z', '--index-info'], { env, input: entries.join('\0') + '\0' });
    return git(top, ['write-tree'], { env });
  });

  const plain = scan.files.filter((f) => f.kind === 'file');
  const perms = { file: usualPerm(plain.filter((f) => !(f.perm & 0o100)).map((f) => f.perm), 0o644), exec: usualPerm(plain.filter((f) => f.perm & 0o100).map((f) => f.perm), 0o755), other: {} as Record<string, number> };
  for (const f of plain) if (f.perm !== (f.perm & 0o100 ? perms.exec : perms.file)) perms.other[f.path] = f.perm;

  const manifest: Manifest = { version: 1, perms, emptyDirs: scan.emptyDirs, unprotected: scan.unprotected, ignoredBytes: scan.ignoredBytes, nested, refs, index };
  const metaEntries = [`100644 blob ${await hashBytes(top, JSON.stringify(manifest))}\tmanifest.json`];
  if (index) metaEntries.push(`100644 blob ${index}\tindex`);
  if (indexTree) metaEntries.push(`040000 tree ${indexTree}\tindex-tree`);
  const metaTree = await git(top, ['mktree', '-z'], { input: metaEntries.join('\0') + '\0' });
  const meta = await commitTree(top, metaTree, [...new Set(commits)], `recovery-protocol: metadata of ${ref}\n`);
  const head = refs.head.sha;
  const sha = await commitTree(top, tree, head ? [head, meta] : [meta], `${subject}\n\nMeta: ${meta}\n`);
  await git(top, ['update-ref', '-m', `recovery-protocol: ${subject}`, ref, sha]);
  return { sha, manifest };
}

/** The index file's bytes as a blob, and the staged tree (`null` with unresolved conflicts). */
async function recordIndex(top: string): Promise<{ index: string | null; indexTree: string | null }> {
  const path = resolve(top, await git(top, ['rev-parse', '--git-path', 'index']));
  const bytes = await readFile(path).catch(() => null);
  if (bytes === null) return { index: null, indexTree: null };
  const index = await hashBytes(top, bytes);
  // write-tree updates the index it reads (its cache-tree): give it a copy.
  const indexTree = await withTempIndex(async (env) => {
    await copyFile(path, env.GIT_INDEX_FILE);
    return git(top, ['write-tree'], { env }).catch(() => null);
  });
  return { index, indexTree };
}

/** Reads the snapshot commit `sha` of the repository at `top` back. */
export async function readSnapshot(top: string, sha: string): Promise<Snapshot> {
  const message = await git(top, ['cat-file', 'commit', sha]);
  const meta = /^Meta: ([0-9a-f]+)$/m.exec(message)?.[1];
  if (!meta) throw new NoSnapshotError(`${sha} in ${top} is not a recovery-protocol snapshot (no Meta: line)`);
  const text = await git(top, ['cat-file', 'blob', `${meta}:manifest.json`]);
  return { sha, manifest: parseManifest(text, `snapshot ${sha} in ${top}`) };
}
