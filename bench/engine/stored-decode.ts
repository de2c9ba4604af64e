/**
 * What decoding a stored run costs, as every resume, takeover by a fleet worker, decision and
 * `recover ui` view does (`storedSnapshotOf`: the context rebuilt, its policy resolved from the
 * stored config): CPU µs per decode, and the heap each decoded run holds while it is kept.
 *
 *   npm run build && node --expose-gc dist/bench/engine/stored-decode.js [runs, default 3000]
 *
 * The run is written by this build (a persisted run escalated on a 401), then decoded from N
 * fresh JSON copies of its record, as N stored runs are read. Compare two builds by running each
 * build's copy of this file, interleaved (figures, no ratios: the other build is not here).
 */
import { memoryStore } from '../../src/store/index.js';
import { recoverPersisted } from '../../src/runtime/index.js';
import { storedSnapshotOf } from '../../src/runtime/snapshot-codec.js';

const N = Number(process.argv[2] ?? 3000);
const ROUNDS = 7;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('stored-decode: run with node --expose-gc');

const store = memoryStore();
const denied = () => { throw Object.assign(new Error('401 Unauthorized: invalid x-api-key'), { status: 401 }); };
await recoverPersisted(denied, { store, runId: 'denied', name: 'deploy', policy: { maxDelayMs: 1234, categories: { transient: { delaysMs: [0, 1000] } } } });
const text = JSON.stringify(await store.load('denied'));
const copies = () => Array.from({ length: N }, () => JSON.parse(text) as Parameters<typeof storedSnapshotOf>[0]);

const cpu: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const records = copies();
  const start = process.cpuUsage();
  for (const record of records) storedSnapshotOf(record);
  const used = process.cpuUsage(start);
  cpu.push((used.user + used.system) / N);
}
cpu.sort((a, b) => a - b);

// Held: the records stay (as a caller holding them would), so the difference is what the decodes keep.
const records = copies();
gc(); gc();
const before = process.memoryUsage().heapUsed;
const decoded = records.map((record) => storedSnapshotOf(record));
gc(); gc();
const held = (process.memoryUsage().heapUsed - before) / decoded.length;

console.log(`stored-decode: ${N} stored runs, median of ${ROUNDS} rounds: ${cpu[ROUNDS >> 1]!.toFixed(1)} µs CPU per decode; ${held.toFixed(0)} B held per decoded run`);
