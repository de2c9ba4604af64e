/**
 * The flaky memory's one update and its one reading, pure: shared by the lowdb and PostgreSQL
 * implementations, so both count the same way.
 */
import { MAX_FLAKY_ENTRIES, type FlakyEntry, type FlakyTest, type RunMark, type RunTests, type TestStatus } from './types.js';

/**
 * `entries` with `run` counted for every test of its command: the tests it names, and the
 * remembered tests it saw pass (an attempt with `othersPassed`). A test is first remembered when
 * it fails; it is forgotten once its window holds no failure (a test that only passes tells
 * nothing about flakiness), which with `window` runs per test and {@link MAX_FLAKY_ENTRIES}
 * entries keeps the memory bounded. A run counted before is replaced, not added again.
 */
export function applyRunTests(entries: readonly FlakyEntry[], run: RunTests, window: number): FlakyEntry[] {
  const existing = new Map(entries.filter((e) => e.command === run.command).map((e) => [e.test, e]));
  const ids = new Set(existing.keys());
  for (const attempt of run.attempts) for (const test of attempt.tests) ids.add(test.id);
  const changed = new Map<string, FlakyEntry | null>();
  const named = run.attempts.map((attempt) => new Map(attempt.tests.map((t) => [t.id, t.status])));
  for (const id of ids) {
    const mark = markOf(id, run, named);
    const before = existing.get(id);
    if (!mark || (!before && mark.failed === 0)) continue;
    const runs = [...(before?.runs ?? []).filter((m) => m.run !== run.runId), mark].sort((a, b) => a.at - b.at).slice(-window);
    changed.set(id, runs.some((m) => m.failed > 0) ? { command: run.command, test: id, runs } : null);
  }
  const next: FlakyEntry[] = [];
  for (const entry of entries) {
    if (entry.command !== run.command || !changed.has(entry.test)) {
      next.push(entry);
      continue;
    }
    const updated = changed.get(entry.test);
    if (updated) next.push(updated);
    changed.delete(entry.test);
  }
  for (const entry of changed.values()) if (entry) next.push(entry);
  if (next.length <= MAX_FLAKY_ENTRIES) return next;
  return [...next].sort((a, b) => lastSeen(b) - lastSeen(a)).slice(0, MAX_FLAKY_ENTRIES);
}

/** What `run` says about test `id` (`named`: each attempt's statuses by id), or null when no attempt knew it. */
function markOf(id: string, run: RunTests, named: readonly ReadonlyMap<string, TestStatus['status']>[]): RunMark | null {
  let first: RunMark['first'] | null = null;
  let previous: RunMark['first'] | null = null;
  let clean = true; // nothing changed since the previous attempt that knew the test
  let passed = 0;
  let failed = 0;
  let flips = 0;
  for (const [i, attempt] of run.attempts.entries()) {
    if (previous !== null) clean &&= attempt.unchanged;
    const status = named[i]!.get(id) ?? (attempt.othersPassed ? 'passed' : null);
    // A skipped test was not judged: the attempt counts as one that did not know it.
    if (status === null || status === 'skipped') continue;
    if (status === 'passed') passed++;
    else failed++;
    if (previous !== null && clean && status !== previous) flips++;
    first ??= status;
    previous = status;
    clean = true;
  }
  return first === null ? null : { run: run.runId, at: run.at, passed, failed, flips, first };
}

const lastSeen = (entry: FlakyEntry) => entry.runs.at(-1)?.at ?? 0;

/** The totals people see for one entry: flips within runs plus flips between consecutive runs. */
export function summarize(entry: FlakyEntry): FlakyTest {
  let passed = 0;
  let failed = 0;
  let flips = 0;
  let flipped = 0;
  let lastFlipAt: number | null = null;
  entry.runs.forEach((mark, i) => {
    passed += mark.passed;
    failed += mark.failed;
    const across = i > 0 && entry.runs[i - 1]!.first !== mark.first ? 1 : 0;
    flips += mark.flips + across;
    if (mark.flips + across > 0) {
      flipped++;
      lastFlipAt = Math.max(lastFlipAt ?? 0, mark.at);
    }
  });
  const runs = entry.runs.length;
  return { command: entry.command, test: entry.test, runs, passed, failed, flips, lastFlipAt, lastSeenAt: lastSeen(entry), flakeRate: runs === 0 ? 0 : flipped / runs };
}

/** The entries (of `command` only, when given) as {@link FlakyTest}s: newest flip first, then newest seen, then by name. */
export function flakyTests(entries: readonly FlakyEntry[], command?: string): FlakyTest[] {
  return entries.filter((e) => command === undefined || e.command === command).map(summarize).sort((a, b) =>
    (b.lastFlipAt ?? -1) - (a.lastFlipAt ?? -1) || b.lastSeenAt - a.lastSeenAt || a.command.localeCompare(b.command) || a.test.localeCompare(b.test));
}
