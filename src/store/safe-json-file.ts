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
import { closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Options of the store's file writes. */
export interface WriteOptions {
  /** Flush data (and the directory entry) to the device before a write returns. Default false. */
  fsync?: boolean;
}

/** A JSON file as a lowdb adapter; `read` gives null when there is no file. */
export class SafeJsonFile<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly options: WriteOptions = {},
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
    writeFileAtomic(this.path, JSON.stringify(data), this.options);
  }
}

/** Writes `text` to `path` through a fresh temp file and a rename (see the module comment). */
export function writeFileAtomic(path: string, text: string, options: WriteOptions = {}): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
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
    renameSync(temp, path);
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

function syncDirectory(dir: string): void {
  const fd = openSync(dir, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
