/**
 * A compiled rule set's cache as files in a directory (`<dir>/automaton-<key>.bin`), written
 * whole to a temp name and renamed, so a process never reads half a file. A missing, stale or
 * damaged file is only compiled again; one that cannot be written is left out. Each version of
 * the rules has its own key, so writing one also removes the files no version has written for
 * {@link STALE_CACHE_MS} (about 1.2 MB each): two versions in use side by side keep theirs.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AutomatonCache } from './automaton-cache.js';

/** The automaton cache in `dir` (created when first written). */
export function fileAutomatonCache(dir: string): AutomatonCache {
  const file = (key: string) => join(dir, `automaton-${key}.bin`);
  return {
    read(key) {
      try {
        return readFileSync(file(key));
      } catch {
        return null;
      }
    },
    write(key, bytes) {
      const temp = `${file(key)}.${process.pid}.tmp`;
      try {
        makeDirectory(dir);
        writeFileSync(temp, bytes);
        renameSync(temp, file(key));
      } catch {
        // A read-only or missing home: the next process compiles again.
        return;
      }
      removeStale(dir, Date.now() - STALE_CACHE_MS);
    },
  };
}

/** How long a cache file of another key is kept after it was written: 7 days. */
export const STALE_CACHE_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes the cache files (and temp files a killed writer left) written before `before`; never throws. */
function removeStale(dir: string, before: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!/^automaton-[^/]+\.bin(?:\.\d+\.tmp)?$/.test(name)) continue;
    try {
      if (statSync(join(dir, name)).mtimeMs < before) unlinkSync(join(dir, name));
    } catch {
      // Removed by another process meanwhile, or not ours to remove: either way, nothing to do.
    }
  }
}

/** Most missing ancestors created for a cache directory (`~/.cache/recovery-protocol`: two). */
const MAX_DEPTH = 8;

/**
 * Creates `dir` and up to {@link MAX_DEPTH} missing ancestors, one level at a time; throws when
 * it cannot. Not `mkdirSync(…, { recursive: true })`: on a file system that answers ENOENT for a
 * directory whose parent exists (/proc), Node's recursive mkdir never returns, and a cache must
 * never hang the process that only wanted to skip some work.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; missing.length <= MAX_DEPTH; d = dirname(d)) {
    try {
      mkdirSync(d, { mode: 0o700 });
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') break;
      if (code !== 'ENOENT' || dirname(d) === d) throw error;
      missing.push(d);
    }
  }
  if (missing.length > MAX_DEPTH) throw new Error(`too deep: ${dir}`);
  for (const d of missing.reverse()) mkdirSync(d, { mode: 0o700 });
}

/**
 * The user's cache directory for compiled rule sets: `$XDG_CACHE_HOME/recovery-protocol`, else
 * `~/.cache/recovery-protocol`; null when neither is known. The user's own, not the system's temp
 * directory: what the classifier reads there decides what is retried, so no other user may write it.
 */
export function userCacheDir(env: Readonly<Record<string, string | undefined>>): string | null {
  const xdg = env.XDG_CACHE_HOME?.trim();
  if (xdg) return join(xdg, 'recovery-protocol');
  let home: string;
  try {
    home = env.HOME?.trim() || homedir();
  } catch {
    return null;
  }
  return home ? join(home, '.cache', 'recovery-protocol') : null;
}
