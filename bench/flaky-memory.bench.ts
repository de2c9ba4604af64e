/**
 * `npm run bench:flaky`: what the flaky-test memory costs a run at its end, on a lowdb store
 * (the file is rewritten whole, through a temp file and a rename, on every run that names tests).
 *
 * - record: one run of a command counted into memories already holding 10, 1,000 and
 *   MAX_FLAKY_ENTRIES tests with full 50-run windows, next to a raw `writeFile` + `rename` of
 *   the same bytes; and the file's size. The ratio is what reading, checking and counting add to
 *   the write (measured at ~0.9× for 10 tests, 4–6× for 1,000–2,000: parsing dominates).
 * - list: `recover flaky`'s read of the same memories.
 * Figures only: nothing here asserts on time.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FLAKY_MEMORY_FILE, lowdbFlakyMemory } from '../src/memory/flaky/lowdb.js';
import { FLAKY_WINDOW_RUNS, MAX_FLAKY_ENTRIES, type FlakyMemoryData, type RunTests } from '../src/memory/flaky/types.js';

const SIZES = [10, 1_000, MAX_FLAKY_ENTRIES];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const COMMAND = 'npx vitest run';

/** A memory of `size` tests, each with a full window of marks (the largest a memory gets). */
function fullMemory(size: number): FlakyMemoryData {
  const entries: FlakyMemoryData['entries'] = Array.from({ length: size }, (_, i) => ({
    command: COMMAND, test: `src/module-${i % 97}.test.ts > suite ${i % 13} > test case number ${i}`,
    runs: Array.from({ length: FLAKY_WINDOW_RUNS }, (_, r) => [`20261127-0800${String(r).padStart(2, '0')}-abcdef01`, 1_795_000_000_000 + r, 1, r % 2, r % 3 === 0 ? 1 : 0, r % 2 ? 1 : 0] as const),
  }));
  return { version: 1, entries };
}

const ms = (x: number) => `${x.toFixed(2).padStart(8)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-flaky-'));
  const path = join(dir, FLAKY_MEMORY_FILE);
  const data = fullMemory(size);
  writeFileSync(path, JSON.stringify(data));
  const bytes = statSync(path).size;
  const memory = lowdbFlakyMemory(dir);
  const record: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // One failing test and the rest passed: every remembered test gets a mark.
    const run: RunTests = { runId: `bench-${i}`, command: COMMAND, at: 1_796_000_000_000 + i, attempts: [{ attempt: 1, unchanged: true, tests: [{ id: data.entries[0]!.test, status: 'failed' }], othersPassed: true }] };
    let t = performance.now();
    await memory.record(run);
    record.push(performance.now() - t);
    const text = JSON.stringify(data);
    t = performance.now();
    await writeFile(join(dir, 'raw.tmp'), text);
    await rename(join(dir, 'raw.tmp'), join(dir, 'raw.json'));
    raw.push(performance.now() - t);
  }
  const listed: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await memory.list();
    listed.push(performance.now() - t);
  }
  const r = median(record);
  const w = median(raw);
  console.log(`${String(size).padStart(5)} tests  ${(bytes / 1024).toFixed(0).padStart(6)} KiB  record ${ms(r)}  raw write ${ms(w)}  ratio ${(r / w).toFixed(2)}×  list ${ms(median(listed))}`);
  rmSync(dir, { recursive: true, force: true });
}
