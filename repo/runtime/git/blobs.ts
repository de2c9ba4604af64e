/**
 * Bytes in and out of the object store with no conversion at all: no clean/smudge filter, no
 * end-of-line rewrite, whatever `.gitattributes` or `core.autocrlf` say. A snapshot keeps the
 * bytes on disk, and a restore writes them back as they were.
 */
import { readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { TreeFile } from './scan.js';
import { git, gitBytes } from './run-git.js';

/** Stores each file's bytes (a link's target) as a blob; resolves with the shas, in order. */
export async function hashFiles(top: string, files: readonly TreeFile[]): Promise<string[]> {
  const shas: string[] = new Array<string>(files.length);
  // One process for every regular file whose name can go on a line of its own.
  const batch = files.map((f, i) => ({ f, i })).filter(({ f }) => f.kind === 'file' && !f.path.includes('\n'));
  if (batch.length > 0) {
    const out = await git(top, ['hash-object', '-w', '--no-filters', '--stdin-paths'], { input: batch.map(({ f }) => f.path).join('\n') + '\n' });
    out.split('\n').forEach((sha, k) => void (shas[batch[k]!.i] = sha));
  }
  for (const [i, file] of files.entries()) {
    if (shas[i] !== undefined) continue;
    shas[i] = file.kind === 'link'
      ? await hashBytes(top, Buffer.from(await readlink(join(top, file.path)), 'utf8'))
      : await git(top, ['hash-object', '-w', '--no-filters', '--', file.path]);
  }
  return shas;
}

/** Stores `bytes` as a blob; resolves with its sha. */
export function hashBytes(top: string, bytes: Buffer | string): Promise<string> {
  return git(top, ['hash-object', '-w', '--stdin'], { input: bytes });
}

/** The bytes of each blob, read with one `git cat-file --batch`. */
export async function readBlobs(top: string, shas: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(shas)];
  const blobs = new Map<string, Buffer>();
  if (unique.length === 0) return blobs;
  const out = await gitBytes(top, ['cat-file', '--batch'], { input: unique.join('\n') + '\n' });
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString('utf8');
    const [sha = '', type = '', size = ''] = header.split(' ');
    if (type !== 'blob') throw new Error(`git cat-file: ${header} (expected a blob) in ${top}`);
    const start = eol + 1;
    blobs.set(sha, out.subarray(start, start + Number(size)));
    at = start + Number(size) + 1;
  }
  return blobs;
}
