/**
 * The listing of a lowdb store, kept cheap with thousands of runs by `index.json`: a cache of
 * each run's summary keyed by the run file's identity (inode, size, mtime).
 *
 * Why a cache validated by stat, rather than an index every save updates: a checkpoint must cost
 * the same with 10 or 10,000 runs, so a save never touches a shared file (no shared write, no
 * lost update between processes, no index to fix after a crash). `list()` stats every run file
 * (~3 µs each) and re-reads only those whose identity changed; the index is then rewritten once.
 * lowdb renames a fresh file into place on every write, so every save changes the inode; an
 * edit in place changes size or mtime. An entry is cached only once its file is older than
 * `RACY_MS` (file times are coarse: a write in the same clock tick as the caching could otherwise
 * look unchanged). The index is never authoritative: lost, stale or garbage, it only costs a reread.
 *
 * A quiet store skips even the stats: the index also keeps the identity of `runs/` itself (inode,
 * mtime, ctime), recorded only when a whole listing saw every file settled and the directory
 * unchanged from before its readdir to after its last stat. Every commit, prune and repair
 * renames or removes an entry of `runs/`, which changes that identity, so while it is the one
 * recorded no head can have changed and the listing is the index alone (10,000 runs: one stat
 * and one file read instead of 10,000 stats). What the shortcut cannot see is a head edited in
 * place by hand with no entry of the directory changing: it shows at the next change to the
 * directory, and `repair` always lists with every file checked.
 */
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunStatus, type RunStatus } from '../taxonomy/run-status.js';
import { readHeadFile } from './run-file.js';
import { runIdProblem } from './run-id.js';
import { compareSummaries } from './summary.js';
import type { RunHead, RunSummary } from './types.js';

/** A file changed less than this long ago is re-read on every list instead of cached. */
export const RACY_MS = 2_000;
const YIELD_EVERY = 500;
const PREVIOUS_SUFFIX = '.json.prev';
const LOG_SUFFIX = '.events.ndjson';

/** identity, status, task, createdAt, updatedAt, damage message (null when healthy). */
type Row = [string, RunStatus | null, string | null, number | null, number, string | null];

/** What `index.json` holds: the rows, and the identity of `runs/` they are whole for ('' when none). */
interface Cached {
  rows: Map<string, Row>;
  dir: string;
}

/** Options of {@link RunIndex.list}. */
export interface ListOptions {
  /** Stat every run file even when the directory is unchanged (what `repair` needs). Default false. */
  verify?: boolean;
}

/** The identity of the runs directory: any entry added, removed or renamed in it changes it. */
const dirIdentity = (st: Stats): string => `${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;

/** Summaries of the run files in `runsDir`, cached in `indexPath`. One per store object. */
export class RunIndex {
  #cached: Cached | null = null;

  constructor(
    private readonly runsDir: string,
    private readonly indexPath: string,
  ) {}

  /** Every run, damaged ones included, newest `updatedAt` first (ties by runId). */
  async list(options: ListOptions = {}): Promise<RunSummary[]> {
    const started = Date.now();
    const dirBefore = this.#statDir();
    if (dirBefore === null) return [];
    const index = this.#cached ?? this.#readIndex();
    // Unchanged since a whole listing: the index is the listing (see the file's comment).
    if (options.verify !== true && index.dir !== '' && index.dir === dirIdentity(dirBefore)) {
      this.#cached = index;
      return [...index.rows].map(([runId, row]) => summary(runId, join(this.runsDir, `${runId}.json`), row)).sort(compareSummaries);
    }
    const cached = index.rows;
    const fresh = new Map<string, Row>();
    const out: RunSummary[] = [];
    let rewrite = false;
    let known = 0; // names that had a cached row, changed or not
    let seen = 0;
    for (const name of this.#names()) {
      // A long listing yields now and then instead of blocking the event loop for its whole run.
      if (++seen % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const runId = name.slice(0, -'.json'.length);
      const path = join(this.runsDir, name);
      let row = cached.get(runId);
      if (row !== undefined) known++;
      let identity: string;
      let mtimeMs: number;
      try {
        const st = statSync(path);
        identity = `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
        mtimeMs = st.mtimeMs;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          // A commit between its two renames (the previous copy is the head then), a symbolic link
          // to a missing file (a damaged run, not a missing one), or removed since readdir.
          const state = readHeadFile(path, runId);
          if (state.kind === 'ok') out.push(summary(runId, path, healthyRow('', state.head)));
          if (state.kind === 'damaged') out.push(summary(runId, path, ['', null, null, null, 0, state.error.message]));
          continue;
        }
        out.push(summary(runId, path, ['', null, null, null, 0, `unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`]));
        continue;
      }
      if (row === undefined || row[0] !== identity) {
        const state = readHeadFile(path, runId);
        if (state.kind === 'absent') continue;
        row = state.kind === 'ok' ? healthyRow(identity, state.head) : [identity, null, null, null, mtimeMs, state.error.message];
        // Too recent to trust its timestamps: use it now, re-read it next time.
        if (mtimeMs < started - RACY_MS) rewrite = true;
        else row[0] = '';
      }
      if (row[0] !== '') fresh.set(runId, row);
      out.push(summary(runId, path, row));
    }
    if (known < cached.size) rewrite = true; // some cached run was removed
    // Whole for this directory only if every run got a cached row (none too recent, none
    // unreadable) and nothing in `runs/` changed from before the readdir to now, long settled.
    const dirAfter = this.#statDir();
    const whole = out.length === fresh.size && dirAfter !== null && dirIdentity(dirAfter) === dirIdentity(dirBefore) && dirBefore.mtimeMs < started - RACY_MS;
    const dir = whole ? dirIdentity(dirBefore) : '';
    if (dir !== index.dir) rewrite = true;
    this.#cached = { rows: fresh, dir };
    if (rewrite) await this.#writeIndex(this.#cached);
    return out.sort(compareSummaries);
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

  #names(): string[] {
    try {
      // Skips temp files (`.x.json.<random>.tmp`), repaired files (`x.json.corrupt-…`) and strays.
      // A head seen only as its previous copy (`.x.json.prev`: listed while a commit was
      // between its two renames) counts as its head. So does an event log (`x.events.ndjson`):
      // a commit renames the head aside and a new one in, and readdir, which is no snapshot,
      // can pass a busy run while it has neither name (a listing missed runs being written, 13
      // of 30 in bench:list); the log is appended in place and never renamed, so it is always
      // seen. A log with no head (a first commit not yet made, a prune half done) lists nothing.
      const all = readdirSync(this.runsDir);
      const names = new Set<string>();
      for (const n of all) {
        let head: string | null = null;
        if (n.endsWith('.json')) head = n;
        else if (n.endsWith(LOG_SUFFIX)) head = `${n.slice(0, -LOG_SUFFIX.length)}.json`;
        else if (n.startsWith('.') && n.endsWith(PREVIOUS_SUFFIX)) head = n.slice(1, -PREVIOUS_SUFFIX.length + '.json'.length);
        if (head !== null && runIdProblem(head.slice(0, -5)) === null) names.add(head);
      }
      return [...names];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  #readIndex(): Cached {
    const rows = new Map<string, Row>();
    try {
      const parsed = JSON.parse(readFileSync(this.indexPath, 'utf8')) as { version?: unknown; dir?: unknown; runs?: unknown };
      if (parsed.version !== 1 || typeof parsed.runs !== 'object' || parsed.runs === null) return { rows, dir: '' };
      let all = true;
      for (const [runId, row] of Object.entries(parsed.runs)) {
        if (isRow(row) && runIdProblem(runId) === null) rows.set(runId, row);
        else all = false;
      }
      // A row thrown out means the index is not whole for any directory.
      return { rows, dir: all && typeof parsed.dir === 'string' ? parsed.dir : '' };
    } catch {
      // missing or unreadable: start empty, list() rebuilds it
      return { rows, dir: '' };
    }
  }

  async #writeIndex({ rows, dir }: Cached): Promise<void> {
    // A unique temp name: two processes listing at once must not rename each other's half file.
    const temp = `${this.indexPath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temp, JSON.stringify({ version: 1, dir, runs: Object.fromEntries(rows) }));
      await rename(temp, this.indexPath);
    } catch {
      // Only a cache: failing to write it (read-only dir, disk full) must not fail the listing.
      await unlink(temp).catch(() => undefined);
    }
  }
}

function healthyRow(identity: string, r: RunHead): Row {
  return [identity, r.status, r.task, r.createdAt, r.updatedAt, null];
}

function summary(runId: string, path: string, row: Row): RunSummary {
  const [, status, task, createdAt, updatedAt, damage] = row;
  const s: RunSummary = { runId, status, task, createdAt, updatedAt };
  if (damage !== null) s.damaged = { path, error: damage };
  return s;
}

/** A row read back from index.json is trusted only if every field has its type. */
function isRow(v: unknown): v is Row {
  if (!Array.isArray(v) || v.length !== 6) return false;
  const [identity, status, task, createdAt, updatedAt, damage] = v as unknown[];
  const healthy = isRunStatus(status) && typeof task === 'string' && typeof createdAt === 'number' && damage === null;
  const damaged = status === null && task === null && createdAt === null && typeof damage === 'string';
  return typeof identity === 'string' && identity !== '' && typeof updatedAt === 'number' && (healthy || damaged);
}
