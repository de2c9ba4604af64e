/**
 * What this process last wrote to each run file, by file identity, so a save can skip re-reading
 * a file it wrote itself. A save must refuse to replace a damaged file, which costs a read and a
 * parse (~40 µs for a 13 KB run, a tenth of the checkpoint); a stat (~3 µs) shows instead that
 * the file is still exactly the one we wrote, hence valid.
 *
 * Identity is inode, size, mtime and ctime in nanoseconds: another writer renaming a file in
 * changes the inode; an edit in place changes size or times. Caveat: on kernels without
 * fine-grained timestamps (before Linux 6.13), a same-size edit in place within one clock tick
 * (~4 ms) of our write would look unchanged; load() and list() still parse and report it.
 */
import { statSync, type BigIntStats } from 'node:fs';

/** Enough for every run one process drives at once; the oldest entry goes first. */
const MAX_ENTRIES = 1_000;

interface Written { identity: string; historyLength: number }

const identityOf = (st: BigIntStats) => `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;

/** File identities of the run files this process wrote, keyed by absolute path. */
export class WriteMemo {
  readonly #byPath = new Map<string, Written>();

  /** Records that `path` now holds a valid run with `historyLength` events (call right after writing it). */
  remember(path: string, historyLength: number): void {
    this.#byPath.delete(path); // re-insert: Map order is the eviction order
    try {
      this.#byPath.set(path, { identity: identityOf(statSync(path, { bigint: true })), historyLength });
    } catch {
      return; // vanished already: nothing to vouch for
    }
    if (this.#byPath.size > MAX_ENTRIES) this.#byPath.delete(this.#byPath.keys().next().value!);
  }

  /** The stored history length if `path` is untouched since we wrote it, else undefined (read it). */
  historyLengthIfUnchanged(path: string): number | undefined {
    const written = this.#byPath.get(path);
    if (written === undefined) return undefined;
    try {
      if (identityOf(statSync(path, { bigint: true })) === written.identity) return written.historyLength;
    } catch {
      // gone: fall through
    }
    this.#byPath.delete(path);
    return undefined;
  }

  /** Drops what is known about `path` (after a failed write, a removal or a move). */
  forget(path: string): void {
    this.#byPath.delete(path);
  }
}
