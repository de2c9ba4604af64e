/** How `repair()` sets a damaged run file aside: kept byte for byte, under a name list() ignores. */
import { link, unlink } from 'node:fs/promises';

/** Renames `path` to `<path>.corrupt-<timestamp>` without ever replacing an existing file. */
export async function moveAside(path: string): Promise<string> {
  const base = `${path}.corrupt-${Date.now()}`;
  for (let n = 0; ; n++) {
    const to = n === 0 ? base : `${base}-${n}`;
    try {
      await link(path, to); // fails if `to` exists, unlike rename
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    await unlink(path);
    return to;
  }
}
