/**
 * `npm run bench:classify`: classifications per second on a typical 1 KB stderr and the time
 * for one 5 MB output (error in the middle), each next to a baseline measured in the same run: one precompiled regex
 * (every phrase of the built-in packs, case-insensitive, word-bounded) scanning the same text.
 * Then issue 30's measures on the corpus: whole-corpus accuracy, generic-only accuracy (every
 * tool-specific pack switched off: what an unseen tool gets) and held-out accuracy, per part, and
 * first-sight accuracy: each capture's recorded score on families no pack targeted, and now.
 * Prints figures and ratios; asserts nothing (DESIGN.md: no timed assertions).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { scan } from '../src/classify/automaton.js';
import { compileRules, mergeRules } from '../src/classify/compile.js';
import { BUILT_IN_PACKS, classify, createClassifier } from '../src/classify/index.js';
import { LAYER_RANK, layerOfPack } from '../src/classify/layers.js';
import type { CorpusFiles } from '../tests/classify/corpus/files.js';
import { firstSightBatches, genericScores, PARTS, percent, scoreByPart } from '../tests/classify/corpus/measures.js';

/** The corpus's JSON files reach the build through this type (see tests/classify/corpus/files.ts). */
export type { CorpusFiles };

/** A typical failing `npm test` stderr: a network error with its stack, about 1 KB. */
export const TYPICAL_STDERR = `npm ERR! Lifecycle script \`test\` failed with error:
npm ERR! Error: command failed
> app@1.4.0 test
> node --test test/

TypeError: fetch failed
    at node:internal/deps/undici/undici:12502:13
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
    at async Client.query (/home/ci/work/app/src/db/client.js:41:18)
    at async loadUsers (/home/ci/work/app/src/users/load.js:12:15)
    at async TestContext.<anonymous> (/home/ci/work/app/test/users.test.js:22:5)
    at async Test.run (node:internal/test_runner/test:632:9)
    at async Suite.processPendingSubtests (node:internal/test_runner/test:374:7) {
  [cause]: Error: connect ECONNREFUSED 127.0.0.1:5432
      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {
    errno: -111,
    code: 'ECONNREFUSED',
    syscall: 'connect',
    address: '127.0.0.1',
    port: 5432
  }
}

Node.js v20.11.1
`;

/**
 * One regex from every phrase of the built-in tool and DESIGN packs: what a hand-rolled classifier
 * would do. The registries and the lexicon (issue 30) are left out: they would make the regex
 * eight times slower (17 calls/s on 1 KB, minutes per 5 MB call), and the baseline must stay the
 * same work from version to version for its ratio to mean anything.
 */
function baselineRegex(): RegExp {
  const phrases = new Set<string>();
  for (const pack of BUILT_IN_PACKS.filter((p) => LAYER_RANK[layerOfPack(p.id)] === 0)) {
    for (const rule of pack.rules) for (const p of rule.phrases ?? []) phrases.add(p.replace(/^\*|\*$/g, '').toLowerCase());
  }
  const escaped = [...phrases].sort((a, b) => b.length - a.length).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  return new RegExp(`(?<![A-Za-z0-9_])(?:${escaped.join('|')})(?![A-Za-z0-9_])`, 'gi');
}

function baselineScan(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/**
 * Calls per second of `fn`: the best of `rounds` rounds of about 200 ms each, after a warm-up.
 * The best round, not the mean: on a shared machine, other processes only ever slow a round down.
 */
function perSecond(fn: () => unknown, rounds = 7): number {
  for (let i = 0; i < 5000; i++) fn();
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < 200) {
      for (let i = 0; i < 200; i++) fn();
      calls += 200;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (calls / elapsed) * 1000);
  }
  return best;
}

/** Best wall time of `runs` calls of `fn`, in ms (after one warm-up call). */
function bestMs(fn: () => unknown, runs = 7): number {
  fn();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** A 5 MB log (coloured, like a CI log) with the real error in the middle, where no head or tail window reaches. */
function hugeText(): string {
  const line = '\x1b[32minfo\x1b[39m  compiling module src/components/widget-0042.tsx (ok) in 12ms\n';
  const half = line.repeat(Math.ceil((2.5 * 1024 * 1024) / line.length));
  return `${half}Error: connect ECONNREFUSED 127.0.0.1:5432\n${half}`;
}

/** Issue 30's accuracy measures, per part of the corpus, for the whole classifier and the generic one. */
function accuracy(): void {
  const start = performance.now();
  const whole = scoreByPart();
  const generic = genericScores();
  console.log('accuracy on the corpus          whole classifier          generic only (no tool packs)');
  for (const part of PARTS) console.log(`  ${part.padEnd(28)} ${percent(whole[part]).padEnd(25)} ${percent(generic[part])}`);
  console.log(`  (curated: development + held-out; first-sight: families no pack targeted when captured; ${Math.round(performance.now() - start)} ms to classify both)`);
  console.log('first-sight accuracy (unseen families, per capture)   at capture                now                       now, generic only');
  for (const b of firstSightBatches()) {
    console.log(`  ${b.date}, classifier ${b.classifier}, ${String(b.families).padStart(2)} families   ${percent(b.atCapture).padEnd(25)} ${percent(b.now).padEnd(25)} ${percent(b.genericNow)}`);
  }
}

function main(): void {
  accuracy();
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
  const re = baselineRegex();
  const classifier = createClassifier();
  const observation = { stderr: TYPICAL_STDERR, exitCode: 1 };
  const check = classify(observation);
  console.log(`classify: typical stderr (${TYPICAL_STDERR.length} chars) → ${check.type} (${check.category}), confidence ${check.confidence}`);

  const ours = perSecond(() => classifier(observation));
  const base = perSecond(() => baselineScan(re, TYPICAL_STDERR));
  console.log(`1 KB stderr   classify ${fmt(ours)} /s   baseline regex ${fmt(base)} /s   ratio classify/baseline ${(ours / base).toFixed(2)}× throughput`);

  const huge = hugeText();
  const hugeObservation = { stderr: huge, exitCode: 1 };
  const oursMs = bestMs(() => classifier(hugeObservation));
  const baseMs = bestMs(() => baselineScan(re, huge), 3);
  const result = classifier(hugeObservation);
  console.log(`5 MB input    classify ${oursMs.toFixed(2)} ms   baseline regex ${baseMs.toFixed(2)} ms   ratio classify/baseline ${(oursMs / baseMs).toFixed(3)}× time   (→ ${result.type})`);
  const { automaton } = compileRules(mergeRules(BUILT_IN_PACKS, []));
  let hits = 0;
  const wholeMs = bestMs(() => scan(automaton, huge, 0, huge.length, { hit: () => void hits++ }), 3);
  console.log(`5 MB, the automaton alone (no cleaning, no rules) over all ${(huge.length / 1048576).toFixed(1)} MB of one field takes ${wholeMs.toFixed(2)} ms (${((wholeMs * 1e6) / huge.length).toFixed(2)} ns/char), ratio to baseline ${(wholeMs / baseMs).toFixed(3)}× time`);
  console.log('(5 MB: one coloured 5 MB stderr with the error in its middle; classify strips the colour codes and scans all of it, as does the baseline regex.)');
  console.log(`(best of several rounds; load average during the run: ${loadavg().map((n) => n.toFixed(2)).join(' ')})`);
}

main();
