/**
 * `npm run bench:test-reports`: reading a 10,000-case JUnit report (issue #29's goal: within
 * 1.5× of the fastest maintained XML parser alone on the same file, memory bounded). Contenders,
 * measured in the same run, interleaved, median of BENCH_ROUNDS rounds:
 * - htmlparser2, saxes: SAX parsers with empty handlers (the parse alone);
 * - fast-xml-parser: the whole document to objects (what a tree-building reader costs);
 * - `JunitReader` (src/classify/tests/reports/junit.ts): htmlparser2 plus what the project keeps;
 *   and with every case listed (`cases`), as `recover run --tests` reads each execution's report
 *   for its test ledger (src/runtime/test-ledger.ts).
 * The file is fed in 64 KB chunks, as a read stream would. Heap growth is measured after a GC
 * for the reader alone. Prints figures and ratios; asserts nothing (no timed assertions).
 */
import { loadavg } from 'node:os';
import { XMLParser } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { SaxesParser } from 'saxes';
import { JunitReader } from '../src/classify/tests/reports/junit.js';
import { fmt } from './measure.js';

const CASES = Number(process.env.BENCH_CASES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CHUNK = 64 * 1024;

/** A report like vitest's: files of 50 cases, 2 % failing with a stack, some with captured output. */
function report(cases: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="vitest tests">\n'];
  for (let i = 0; i < cases; i++) {
    const file = `test/area-${Math.floor(i / 50)}.test.ts`;
    if (i % 50 === 0) parts.push(`  <testsuite name="${file}" tests="50" failures="1" errors="0" skipped="0" time="0.4">\n`);
    parts.push(`    <testcase classname="${file}" name="area ${Math.floor(i / 50)} &gt; handles case ${i}" time="0.00${i % 9}">\n`);
    if (i % 50 === 7) {
      parts.push(`      <failure message="expected ${i} to be ${i + 1} // Object.is equality" type="AssertionError">\nAssertionError: expected ${i} to be ${i + 1}\n${`    at /work/app/${file}:${i % 200}:12\n`.repeat(12)}      </failure>\n`);
    } else if (i % 10 === 3) {
      parts.push(`      <system-out>[log] case ${i} &lt;ok&gt; ${'x'.repeat(200)}</system-out>\n`);
    }
    parts.push('    </testcase>\n');
    if (i % 50 === 49 || i === cases - 1) parts.push('  </testsuite>\n');
  }
  parts.push('</testsuites>\n');
  return parts.join('');
}

const xml = report(CASES);
const chunks: string[] = [];
for (let i = 0; i < xml.length; i += CHUNK) chunks.push(xml.slice(i, i + CHUNK));

const contenders: Record<string, () => unknown> = {
  'htmlparser2 alone (SAX, empty handlers)': () => {
    const parser = new Parser({ onopentag() {}, ontext() {}, onclosetag() {} }, { xmlMode: true, decodeEntities: true });
    for (const chunk of chunks) parser.write(chunk);
    parser.end();
  },
  'saxes alone (SAX, empty handlers)': () => {
    const parser = new SaxesParser();
    parser.on('opentag', () => undefined);
    parser.on('text', () => undefined);
    parser.on('closetag', () => undefined);
    for (const chunk of chunks) parser.write(chunk);
    parser.close();
  },
  'fast-xml-parser alone (whole document to objects)': () => new XMLParser({ ignoreAttributes: false }).parse(xml),
  'JunitReader (the project: failures, counts, locations)': () => {
    const reader = new JunitReader();
    for (const chunk of chunks) reader.write(chunk);
    return reader.end();
  },
  'JunitReader listing every case (the test ledger\'s read)': () => {
    const reader = new JunitReader(true);
    for (const chunk of chunks) reader.write(chunk);
    return reader.end();
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function main(): void {
  const times = new Map<string, number[]>(Object.keys(contenders).map((name) => [name, []]));
  for (const run of Object.values(contenders)) run(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const start = process.hrtime.bigint();
      run();
      times.get(name)!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const medians = new Map([...times].map(([name, xs]) => [name, median(xs)]));
  const baselines = [...medians].filter(([name]) => name.includes('alone'));
  const [fastestName, fastest] = baselines.reduce((a, b) => (b[1] < a[1] ? b : a));
  console.log(`bench:test-reports — a JUnit report of ${CASES} cases (${(xml.length / 1024 / 1024).toFixed(1)} MB), ${ROUNDS} interleaved rounds, median ms (Node ${process.version}, load ${loadavg()[0]!.toFixed(1)})`);
  for (const [name, ms] of medians) console.log(`  ${name.padEnd(58)}${fmt(ms, 1, 8)} ms  ${fmt(ms / fastest, 2, 6)}× the fastest parser alone`);
  console.log(`  fastest parser alone: ${fastestName}`);

  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    // Twice: the first pass frees what the rounds left, so `before` is the settled heap.
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const run = contenders['JunitReader (the project: failures, counts, locations)']!() as { failures: unknown[] };
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    console.log(`  heap kept by the reader's result after a GC: ${(kept / 1024).toFixed(0)} KB for ${run.failures.length} failures (the report is ${(xml.length / 1024).toFixed(0)} KB)`);
  }
}

main();
