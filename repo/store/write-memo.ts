/**
 * What this process last committed to each run head, by file identity, so a commit can skip
 * re-reading a head it wrote itself. A commit must refuse to build on a damaged head and needs
 * the committed event count and log length, which costs a read and a parse; a stat (~3 µs)
 * shows instead that the file is still exactly the one we wrote.
 *
 * Identity is inode, size, mtime and ctime in nanoseconds: another writer renaming a file in
 * changes the inode; an edit in place changes size or times. Caveat: on kernels without
 * fine-grained timestamps (before Linux 6.13), a same-size edit in place within one clock tick
 * (~4 ms) of our write would look unchanged; load() and list() still parse and report it.
 */
import { statSync, type BigIntStats } from 'node:fs';

/** Enough for every run one process drives at once; the oldest entry goes first. */
const MAX_ENTRIES = 1_000;

const identityOf = (st: BigIntStats) => `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;

/** What was written to each file, keyed by absolute path, valid while the file is untouched. */
export class WriteMemo<T> {
  readonly #byPath = new Map<string, { identity: string; value: T }>();

  /** Records that `path` now holds `value` (call right after writing it). */
  remember(path: string, value: T): void {
    this.#byPath.delete(path); // re-insert: Map order is the eviction order
    try {
      this.#byPath.set(path, { identity: identityOf(statSync(path, { bigint: true })), value });
    } catch {
      return; // vanished already: nothing to vouch for
    }
    if (this.#byPath.size > MAX_ENTRIES) this.#byPath.delete(this.#byPath.keys().next().value!);
  }

  /** What was written if `path` is untouched since, else undefined (read it). */
  get(path: string): T | undefined {
    const written = this.#byPath.get(path);
    if (written === undefined) return undefined;
    try {
      if (identityOf(statSync(path, { bigint: true })) === written.identity) return written.value;
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
