/**
 * The listing of a lowdb store, kept cheap with thousands of runs by `index.json` (format:
 * run-index-file.ts): a cache of each run's summary keyed by the run file's identity (inode,
 * size, mtime, ctime), in listing order.
 *
 * Why a cache validated by stat, rather than an index every save updates: a checkpoint must cost
 * the same with 10 or 10,000 runs, so a save never touches a shared file (no shared write, no
 * lost update between processes, no index to fix after a crash, and a listing never waits for a
 * writer nor a writer for a listing). `list()` stats every run file (~3 µs each) and re-reads only
 * those whose identity changed; the index is then rewritten once. lowdb renames a fresh file into
 * place on every write, so every save changes the inode; an edit in place changes size or mtime.
 * An entry is cached only once its file is older than `RACY_MS` (file times are coarse: a write
 * in the same clock tick as the caching could otherwise look unchanged). The index is never
 * authoritative: lost or stale it only costs a reread; one that cannot be decoded is named (see
 * `ListOptions.onIndexProblem`), not used, and rewritten.
 *
 * A quiet store skips even the stats: the index also keeps the identity of `runs/` itself (inode,
 * mtime, ctime), recorded only when a whole listing saw every file settled and the directory
 * unchanged from before its readdir to after its last stat. Every commit, prune and repair
 * renames or removes an entry of `runs/`, which changes that identity, so while it is the one
 * recorded no head can have changed and the listing is the index alone (10,000 runs: one stat
 * and one file read instead of 10,000 stats; with a limit, the index's first lines only). What
 * the shortcut cannot see is a head edited in place by hand with no entry of the directory
 * changing: it shows at the next change to the directory, and `repair` always lists with every
 * file checked.
 */
import { readFileSync, statSync, type Stats } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { decodeIndex, encodeIndex, INDEX_VERSION, type IndexContent, type IndexRow } from './run-index-file.js';
import { headNames } from './run-index-names.js';
import { compareSummaries } from './summary.js';
import type { RunHead, RunSummary } from './types.js';

/** A file changed less than this long ago is re-read on every list instead of cached. */
export const RACY_MS = 2_000;
const YIELD_EVERY = 500;

/** Options of {@link RunIndex.list}. */
export interface ListOptions {
  /** Stat every run file even when the directory is unchanged (what `repair` needs). Default false. */
  verify?: boolean;
  /** At most this many runs, the newest. Default: all. A quiet store's listing then decodes only that many rows. */
  limit?: number;
  /**
   * Told, with the index's path, when `index.json` exists but cannot be used (unreadable, not
   * JSON, a bad row, a version this code does not read); the listing then checks every run file
   * instead. Default: nothing is said (the listing is right either way).
   */
  onIndexProblem?: (message: string) => void;
}

/** The identity of the runs directory: any entry added, removed or renamed in it changes it. */
const dirIdentity = (st: Stats): string => `${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;

/** The index of the lowdb store in `storeDir`: its runs in `runs/`, the index in `index.json`. */
export const runIndexOf = (storeDir: string): RunIndex => new RunIndex(join(storeDir, 'runs'), join(storeDir, 'index.json'));

/** An index as read: its content, whether to write it back (an old version, a problem), whether it may be written. */
interface ReadIndex extends IndexContent {
  stale: boolean;
  writable: boolean;
}

/** A whole index: every row, with its head's identity. */
type WholeIndex = IndexContent & { ids: string[] };

/** Summaries of the run files in `runsDir`, cached in `indexPath`. One per store object. */
export class RunIndex {
  /** What this object last listed whole (rows shared with no caller: it hands out copies). */
  #cached: WholeIndex | null = null;

  constructor(
    private readonly runsDir: string,
    private readonly indexPath: string,
  ) {}

  /** Every run (or the newest `limit`), damaged ones included, newest `updatedAt` first (ties by runId). */
  async list(options: ListOptions = {}): Promise<RunSummary[]> {
    const limit = options.limit ?? Infinity;
    const started = Date.now();
    const dirBefore = this.#statDir();
    if (dirBefore === null) return [];
    const dirNow = dirIdentity(dirBefore);
    const verify = options.verify === true;
    const onProblem = options.onIndexProblem;
    // Unchanged since a whole listing: the index is the listing (see the file's comment).
    if (!verify && this.#cached?.dir === dirNow) return this.#cached.rows.slice(0, limit).map((row) => this.#summary(row, true));
    const index: ReadIndex | null = this.#cached === null ? this.#readIndex(verify ? undefined : dirNow, limit, onProblem) : null;
    if (!verify && index !== null && index.dir !== '' && index.dir === dirNow) {
      // Rows just parsed are handed out as they are (nobody else holds them); an old version is written anew.
      if (index.stale && index.writable && index.ids !== null) await this.#writeIndex({ ...index, ids: index.ids });
      return index.rows.slice(0, limit).map((row) => this.#summary(row, false));
    }
    const whole = index ?? { ...this.#cached!, stale: false, writable: true };
    const { readHeadFile } = await import('./run-file.js'); // lowdb and the validators: only when a head is read
    // (An index not whole for this directory is decoded with its identities: `ids` is set.)
    const cached = new Map<string, [IndexRow, string]>(whole.rows.map((row, i) => [row.runId, [row, whole.ids?.[i] ?? '']]));
    const listed: [IndexRow, string][] = [];
    let rewrite = whole.stale;
    let known = 0; // names that had a cached row, changed or not
    let seen = 0;
    for (const name of headNames(this.runsDir)) {
      // A long listing yields now and then instead of blocking the event loop for its whole run.
      if (++seen % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const runId = name.slice(0, -'.json'.length);
      const path = `${this.runsDir}${sep}${name}`; // no join(): a name has no separator, and 10,000 normalisations show
      const hit = cached.get(runId);
      if (hit !== undefined) known++;
      let st: Stats | undefined;
      try {
        st = statSync(path, { throwIfNoEntry: false });
      } catch (error) {
        listed.push([damagedRow(runId, 0, `unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`), '']);
        continue;
      }
      if (st === undefined) {
        // A commit between its two renames (the previous copy is the head then), a symbolic link
        // to a missing file (a damaged run, not a missing one), or removed since readdir.
        const state = readHeadFile(path, runId);
        if (state.kind === 'ok') listed.push([healthyRow(runId, state.head), '']);
        if (state.kind === 'damaged') listed.push([damagedRow(runId, 0, state.error.message), '']);
        continue;
      }
      const identity = `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
      if (hit !== undefined && hit[1] === identity) {
        listed.push(hit);
        continue;
      }
      const state = readHeadFile(path, runId);
      if (state.kind === 'absent') continue;
      // Too recent to trust its timestamps: use it now, re-read it next time.
      const settled = st.mtimeMs < started - RACY_MS;
      if (settled) rewrite = true;
      listed.push([state.kind === 'ok' ? healthyRow(runId, state.head) : damagedRow(runId, st.mtimeMs, state.error.message), settled ? identity : '']);
    }
    if (known < cached.size) rewrite = true; // some cached run was removed
    listed.sort(([a], [b]) => compareSummaries(a, b));
    const kept = listed.filter(([, identity]) => identity !== '');
    // Whole for this directory only if every run got a cached row (none too recent, none
    // unreadable) and nothing in `runs/` changed from before the readdir to now, long settled.
    const dirAfter = this.#statDir();
    const settledDir = kept.length === listed.length && dirAfter !== null && dirIdentity(dirAfter) === dirNow && dirBefore.mtimeMs < started - RACY_MS;
    const dir = settledDir ? dirNow : '';
    if (dir !== whole.dir) rewrite = true;
    this.#cached = { rows: kept.map(([row]) => row), ids: kept.map(([, identity]) => identity), dir };
    if (rewrite && whole.writable) await this.#writeIndex(this.#cached);
    return listed.slice(0, limit).map(([row]) => this.#summary(row, true));
  }

  /** The runs directory's stat, or null when there is no directory yet. */
  #statDir(): Stats | null {
    try {
      return statSync(this.runsDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * The index on disk, decoded as `decodeIndex` does for `quietFor`. Missing: empty. Unusable:
   * named through `onProblem` and empty, so every file is checked; a file that could not be read
   * is not overwritten (only one that was read and found wanting is).
   */
  #readIndex(quietFor: string | undefined, limit: number, onProblem: ((message: string) => void) | undefined): ReadIndex {
    const empty = { rows: [], ids: [], dir: '' };
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.indexPath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') onProblem?.(`${this.indexPath}: cannot be read (${code ?? String(error)}); every run file was read instead, and the index left as it is`);
      return { ...empty, stale: false, writable: code === 'ENOENT' };
    }
    const decoded = decodeIndex(bytes, quietFor === undefined ? {} : { quietFor, limit });
    if (decoded.problem !== undefined) {
      onProblem?.(`${this.indexPath}: ${decoded.problem}; every run file was read instead, and the index rewritten`);
      return { ...empty, stale: true, writable: true };
    }
    return { rows: decoded.rows, ids: decoded.ids, dir: decoded.dir, stale: decoded.version !== INDEX_VERSION, writable: true };
  }

  async #writeIndex(content: WholeIndex): Promise<void> {
    // A unique temp name: two processes listing at once must not rename each other's half file.
    const temp = `${this.indexPath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temp, encodeIndex(content));
      await rename(temp, this.indexPath);
    } catch {
      // Only a cache: failing to write it (read-only dir, disk full) must not fail the listing.
      await unlink(temp).catch(() => undefined);
    }
  }

  /** The summary of `row`: the row itself when nobody else holds it (`copy` false), else a copy. */
  #summary(row: IndexRow, copy: boolean): RunSummary {
    const { runId, status, task, createdAt, updatedAt, damage } = row;
    if (damage !== undefined) return { runId, status, task, createdAt, updatedAt, damaged: { path: join(this.runsDir, `${runId}.json`), error: damage } };
    return copy ? { runId, status, task, createdAt, updatedAt } : row as RunSummary;
  }
}

function healthyRow(runId: string, r: RunHead): IndexRow {
  return { runId, status: r.status, task: r.task, createdAt: r.createdAt, updatedAt: r.updatedAt };
}

function damagedRow(runId: string, updatedAt: number, damage: string): IndexRow {
  return { runId, status: null, task: null, createdAt: null, updatedAt, damage };
}
