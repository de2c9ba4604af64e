/**
 * One contender's concurrent runs of scenario (b), in this fresh process (spawned by
 * concurrent.ts, one process per contender and repetition): `node concurrent-entry.js <name>`.
 * Prints one JSON line: wall and CPU time, peak RSS and heap, and how many runs ended as expected.
 */
import { CONTENDERS, EXPECTED, type ContenderName } from './contenders.js';
import { peakMemory } from '../measure.js';

const name = process.argv[2] as ContenderName;
const count = Number(process.env.BENCH_CONCURRENT ?? 10_000);
const make = CONTENDERS[name]?.('transient');
if (!make) throw new Error(`engine bench: no contender named ${process.argv[2]}`);

await make(); // load and compile what a run needs before measuring
(globalThis as { gc?: () => void }).gc?.();
const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
const start = process.hrtime.bigint();
const cpuStart = process.cpuUsage();
const { result, peakHeapMb } = await peakMemory(() => Promise.all(Array.from({ length: count }, make)));
// The process's own high-water mark (getrusage): exact, where sampling misses the synchronous burst.
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
const cpu = process.cpuUsage(cpuStart);
// The engine resolves with an outcome (a run that did not recover still resolves); the others resolve only on a pass.
const done = result.filter((outcome) => (outcome as { status?: string } | undefined)?.status === undefined || (outcome as { status: string }).status === EXPECTED.transient.status).length;
console.log(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb, peakHeapMb, rssBeforeMb, done }));
