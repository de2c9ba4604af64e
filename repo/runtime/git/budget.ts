/**
 * How much of the ignored files a snapshot protects. Tracked and untracked files are always
 * recorded; ignored ones are recorded within a budget, because they include what a build can
 * regenerate (dependencies, caches) and may be huge.
 */

/** Ignored directories not recorded unless asked: regenerable by an install or a build. */
export const DEFAULT_SKIPPED_IGNORED: readonly string[] = [
  'node_modules', '.venv', '__pycache__', '.pytest_cache', '.mypy_cache', '.tox', '.gradle',
];

/** 100 MiB: the default {@link SnapshotBudget.maxIgnoredBytes}. */
export const DEFAULT_MAX_IGNORED_BYTES = 100 * 1024 * 1024;

/** What a snapshot records of the ignored files (per repository: each submodule has its own). */
export interface SnapshotBudget {
  /**
   * The most bytes of ignored files recorded. Ignored entries (a file, or a whole ignored
   * directory as git lists it) are taken smallest first while they fit; the rest are not
   * protected, and named. `0` records no ignored file. Default {@link DEFAULT_MAX_IGNORED_BYTES}.
   */
  maxIgnoredBytes?: number;
  /**
   * Names of ignored entries never recorded (matched against the last path component, e.g.
   * `node_modules` anywhere). Default {@link DEFAULT_SKIPPED_IGNORED}.
   */
  skipIgnored?: readonly string[];
}

/** An ignored entry a snapshot did not record, so no rollback touches it. */
export interface Unprotected {
  /** Relative to the repository's top level; a directory ends with `/`. */
  path: string;
  /** `skip-list`: named in `skipIgnored`; `budget`: did not fit in `maxIgnoredBytes`. */
  reason: 'skip-list' | 'budget';
  /** Its size, when measured (entries on the skip list are never walked). */
  bytes: number | null;
}

/** An ignored entry and its size, as measured. */
export interface SizedEntry {
  path: string;
  bytes: number;
}

/**
 * Which measured ignored entries fit `settings.maxIgnoredBytes` (its default applied by
 * `gitRollbackSettings`): smallest first (so one huge directory does not push out many small
 * files), ties in path order.
 */
export function chooseWithinBudget(entries: readonly SizedEntry[], settings: { readonly maxIgnoredBytes: number }): { kept: SizedEntry[]; left: Unprotected[] } {
  const sorted = [...entries].sort((a, b) => a.bytes - b.bytes || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const kept: SizedEntry[] = [];
  const left: Unprotected[] = [];
  let used = 0;
  for (const entry of sorted) {
    if (used + entry.bytes <= settings.maxIgnoredBytes) {
      kept.push(entry);
      used += entry.bytes;
    } else left.push({ path: entry.path, reason: 'budget', bytes: entry.bytes });
  }
  return { kept, left };
}

/** Is this ignored entry on `settings.skipIgnored` (its default applied by `gitRollbackSettings`)? */
export function onSkipList(path: string, settings: { readonly skipIgnored: readonly string[] }): boolean {
  const name = path.replace(/\/$/, '').split('/').pop() ?? '';
  return settings.skipIgnored.includes(name);
}

/** `12.3 MB`: a size for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** One line naming what a snapshot left unprotected, e.g. `node_modules/ (skip list), data/ (over budget, 300.0 MB)`. */
export function describeUnprotected(entries: readonly Unprotected[]): string {
  return entries.map((e) => `${e.path} (${e.reason === 'skip-list' ? 'skip list' : `over budget, ${formatBytes(e.bytes ?? 0)}`})`).join(', ');
}

const UNITS: Readonly<Record<string, number>> = {
  '': 1, b: 1, kb: 1e3, k: 1e3, mb: 1e6, m: 1e6, gb: 1e9, g: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3,
};

/** Parses `0`, `500kB`, `100MB`, `2GB`, `100MiB` (decimal and binary units) into bytes; `null` when it is not a size. */
export function parseByteSize(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  return match && unit !== undefined ? Math.round(Number(match[1]) * unit) : null;
}
