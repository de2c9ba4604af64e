/**
 * Which runs a listing of `runs/` must show, by the names of their head files (`<runId>.json`).
 * Split from run-index.ts: what readdir can and cannot be trusted to show of a busy directory.
 */
import { readdirSync } from 'node:fs';
import { isRunId } from './run-id.js';

const PREVIOUS_SUFFIX = '.json.prev';
const LOG_SUFFIX = '.events.ndjson';

/** The head file names (`<runId>.json`) of every run in `runsDir`, each once; none when there is no directory. */
export function headNames(runsDir: string): string[] {
  try {
    // Skips temp files (`.x.json.<random>.tmp`), repaired files (`x.json.corrupt-…`) and strays.
    // A head seen only as its previous copy (`.x.json.prev`: listed while a commit was
    // between its two renames) counts as its head. So does an event log (`x.events.ndjson`):
    // a commit renames the head aside and a new one in, and readdir, which is no snapshot,
    // can pass a busy run while it has neither name (a listing missed runs being written, 13
    // of 30 in bench:list); the log is appended in place and never renamed, so it is always
    // seen. A log with no head (a first commit not yet made, a prune half done) lists nothing.
    const all = readdirSync(runsDir);
    const names = new Set<string>();
    for (const n of all) {
      let head: string | null = null;
      if (n.endsWith('.json')) head = n;
      else if (n.endsWith(LOG_SUFFIX)) head = `${n.slice(0, -LOG_SUFFIX.length)}.json`;
      else if (n.startsWith('.') && n.endsWith(PREVIOUS_SUFFIX)) head = n.slice(1, -PREVIOUS_SUFFIX.length + '.json'.length);
      if (head !== null && isRunId(head.slice(0, -5))) names.add(head);
    }
    return [...names];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
