/**
 * One contender's concurrent runs of scenario (b), in this fresh process (spawned by
 * concurrent.ts, one process per contender, mode and repetition):
 * `node concurrent-entry.js <name> [held|consumed]`.
 *
 * Two ways to wait for the runs, because the contenders resolve with different things (the
 * engine with its outcome and history, ~2 KB; the chart alone with the machine's 330 B output;
 * the XState floor and the retry libraries with the task's value, here nothing):
 *   held     — `Promise.all` keeps every run's result until the last run ends (the bench's
 *              figure before issue #27's like-for-like change): each contender is also charged
 *              for what it returns, and those differ;
 *   consumed — each run's result is checked when it arrives and then dropped, as a caller that
 *              handles 10,000 runs does with each: every contender is charged only for what its
 *              runs hold while they are in flight (like for like).
 * Prints one JSON line: wall and CPU time, peak RSS and heap, and how many runs ended as expected.
 */
import { CONTENDERS, EXPECTED, type ContenderName } from './contenders.js';
import { peakMemory } from '../measure.js';

/** How the runs' results are waited for (see the file's header). */
export type WaitMode = 'held' | 'consumed';

const name = process.argv[2] as ContenderName;
const mode = (process.argv[3] ?? 'held') as WaitMode;
if (mode !== 'held' && mode !== 'consumed') throw new Error(`engine bench: no wait mode named ${process.argv[3]} (held, consumed)`);
const count = Number(process.env.BENCH_CONCURRENT ?? 10_000);
const make = CONTENDERS[name]?.('transient');
if (!make) throw new Error(`engine bench: no contender named ${process.argv[2]}`);

// The engine resolves with an outcome (a run that did not recover still resolves); the others resolve only on a pass.
const expected = (outcome: unknown) => (outcome as { status?: string } | undefined)?.status === undefined || (outcome as { status: string }).status === EXPECTED.transient.status;

/** All runs started at once; resolves with how many ended as expected. */
function runAll(): Promise<number> {
  if (mode === 'held') return Promise.all(Array.from({ length: count }, make)).then((results) => results.filter(expected).length);
  let done = 0;
  const count1 = (outcome: unknown) => { if (expected(outcome)) done++; };
  return Promise.all(Array.from({ length: count }, () => make().then(count1))).then(() => done);
}

await make(); // load and compile what a run needs before measuring
(globalThis as { gc?: () => void }).gc?.();
const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
const start = process.hrtime.bigint();
const cpuStart = process.cpuUsage();
const { result: done, peakHeapMb } = await peakMemory(runAll);
// The process's own high-water mark (getrusage): exact, where sampling misses the synchronous burst.
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
const cpu = process.cpuUsage(cpuStart);
console.log(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb, peakHeapMb, rssBeforeMb, done }));
