/**
 * The lowdb adapter behind run heads: lowdb's two-method contract (`read`, `write`) over one JSON
 * file, written so that nobody who can write into the store directory can make us write
 * elsewhere, and so that a failure leaves nothing behind.
 *
 * - Compact JSON (lowdb's `JSONFile` indents: 36–55 % more bytes on every checkpoint).
 * - The temp file has a unique name and is created with O_EXCL | O_NOFOLLOW, mode 0600: a
 *   symbolic link planted at a predictable temp name (steno's `.<name>.tmp`) would otherwise let
 *   a write follow it to any file the user can write.
 * - On any failure (ENOSPC, EACCES…) the temp file is removed and the target is untouched.
 * - `fsync: true` flushes the file before the rename (and the directory after it), so a power
 *   cut cannot lose a commit that returned. Off by default: a killed process never loses a
 *   rename that happened, and a flush costs milliseconds per checkpoint.
 */
import { closeSync, constants, fsyncSync, lstatSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
/**
 * Temp names: 48 random bits drawn once per process, then a counter: unique across processes
 * and within one, not guessable before the process has written anything, and without a CSPRNG
 * call (and OpenSSL's getpid) per checkpoint. What keeps a planted link from being followed is
 * O_EXCL | O_NOFOLLOW, not the name: at worst a planted name makes that one write fail.
 */
const TEMP_PREFIX = randomBytes(6).toString('hex');
let tempCounter = 0;

/** Options of the store's file writes. */
export interface WriteOptions {
  /** Flush data (and the directory entry) to the device before a write returns. Default false. */
  fsync?: boolean;
}

/**
 * Where `writeFileAtomic` moves the file it replaces, instead of renaming over it.
 *
 * Why: on ext4 (the default `auto_da_alloc`), a rename over an existing file first flushes the
 * new file's delayed-allocation blocks to the device, which made a replace cost 5–10× a rename
 * to a free name (measured: 1.0–2.2 ms against 0.15–0.3 ms per 2.5 KB write on this machine's
 * disk). So a replace is: rename the current file to `path`, rename the new one into place,
 * remove `path`; no rename has a target. Between the two renames only `path` holds the current
 * content, so readers must fall back to it when the file is missing (run-file.ts), and whoever
 * next owns the file must move it back if a writer died there.
 */
export interface PreviousCopy {
  path: string;
  /**
   * Whether the target exists now, when the caller knows (false: its first write; true: it wrote
   * it and nobody else writes it); undefined: it is looked at (one lstat), since removing the
   * previous copy while the target is missing would remove the only copy.
   */
  targetExists?: boolean;
  /** Whether the previous copy exists now: true, false, or undefined to look (one lstat). */
  exists?: boolean;
}

/** A JSON file as a lowdb adapter; `read` gives null when there is no file. */
export class SafeJsonFile<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly options: WriteOptions = {},
    /** Keep the replaced file there instead of renaming over it (see `PreviousCopy`). Default: rename over it. */
    private readonly previous?: PreviousCopy,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as T;
  }

  async write(data: T): Promise<void> {
    writeFileAtomic(this.path, JSON.stringify(data), this.options, this.previous);
  }
}

/**
 * Writes `text` to `path` through a fresh temp file and a rename (see the module comment); with
 * `previous`, the replaced file is moved there first (see `PreviousCopy`).
 */
export function writeFileAtomic(path: string, text: string, options: WriteOptions = {}, previous?: PreviousCopy): void {
  const temp = join(dirname(path), `.${basename(path)}.${TEMP_PREFIX}${(tempCounter++).toString(36)}.tmp`);
  const data = Buffer.from(text, 'utf8');
  const fd = openSync(temp, CREATE_FLAGS, 0o600);
  try {
    try {
      // A full disk first shortens a write (no error), and only the next one fails with ENOSPC:
      // one writeSync would rename a truncated file into place.
      let written = 0;
      while (written < data.length) written += writeSync(fd, data, written, data.length - written);
      if (options.fsync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (previous === undefined) renameSync(temp, path);
    else replaceKeepingPrevious(temp, path, previous);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // already renamed, or never there
    }
    throw error;
  }
  if (options.fsync) syncDirectory(dirname(path));
}

function replaceKeepingPrevious(temp: string, path: string, previous: PreviousCopy): void {
  // Only while `path` exists may the previous copy go: when it is missing, the copy is the
  // current content (a writer stopped between the two renames below).
  if (previous.targetExists === false || (previous.targetExists === undefined && !exists(path))) {
    renameSync(temp, path);
    return;
  }
  if (previous.exists ?? exists(previous.path)) {
    try {
      unlinkSync(previous.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  try {
    renameSync(path, previous.path);
  } catch (error) {
    // Gone after all (the caller's knowledge was stale: removed by hand): nothing to keep.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    renameSync(temp, path);
    return;
  }
  try {
    renameSync(temp, path);
  } catch (error) {
    // Put the current content back under its name; if even that fails, readers still find it
    // as the previous copy, and the next write (or owner) does not remove it (see above).
    try {
      renameSync(previous.path, path);
    } catch {
      // left as the previous copy
    }
    throw error;
  }
  // The new content is in place: the copy was only for readers that looked between the renames
  // (they look again). So a run's files stay its head and log, even if the writer dies next.
  try {
    unlinkSync(previous.path);
  } catch {
    // a stray copy costs nothing: readers prefer the head, and the next replace removes it first
  }
}

/** Whether `path` exists (as any kind of file), without the cost of a thrown ENOENT. */
function exists(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
