/**
 * `npm run bench:cli`: what wrapping a command in `recover run` costs at startup.
 *
 * Interleaved in the same loop, so every variant sees the same machine and the same noise:
 * - `true` run directly (the floor: a fork + exec),
 * - `node -e 0` (Node's own startup, which any Node CLI pays),
 * - `recover --help` (our module graph loaded, no run),
 * - `recover run -- true` on a fresh lowdb store in a temp dir (a whole persisted run: config
 *   lookup, store, checkpoints, the machine, the child process, the summary),
 * - `recover run` of a command that fails once (ECONNREFUSED on stderr) and then passes, retried
 *   after 0 ms: what a process's first failure adds (classifying, diagnosing, a second attempt).
 * Prints p50 / p90 / mean in ms and the startup cost over `true` and over Node itself, and how
 * many module files `recover --help` and `recover run -- true` load (ESM files through a loader
 * hook, CommonJS files through NODE_DEBUG=module), by package: the startup cost is mostly
 * loading modules. Figures only: nothing here asserts on time. BENCH_ROUNDS sets the rounds
 * (default 30).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, percentile } from './measure.js';
import { byPackage, modulesLoaded } from './modules-loaded.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const BIN = fileURLToPath(new URL('../../bin/recover.js', import.meta.url));

interface Variant { name: string; argv: [string, ...string[]]; samples: number[] }

const store = mkdtempSync(join(tmpdir(), 'recover-bench-cli-'));
const env = { ...process.env, RECOVERY_STORE: store, GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' };
// A transient failure retried at once (the default backoff is 5 s), no flake probe.
const zeroDelay = join(store, 'zero-delay.json');
writeFileSync(zeroDelay, JSON.stringify({ flakeProbe: false, categories: { transient: { delaysMs: [0] } } }));
const failsOnce = 'if [ -f failed-once ]; then rm failed-once; exit 0; fi; touch failed-once; echo "connect ECONNREFUSED 127.0.0.1:5432" >&2; exit 1';

const variants: Variant[] = [
  { name: 'true (direct)', argv: ['true'], samples: [] },
  { name: 'node -e 0', argv: [process.execPath, '-e', '0'], samples: [] },
  { name: 'recover --help', argv: [process.execPath, BIN, '--help'], samples: [] },
  { name: 'recover run -- true', argv: [process.execPath, BIN, 'run', '--', 'true'], samples: [] },
  { name: 'run, fails once', argv: [process.execPath, BIN, 'run', '--config', zeroDelay, '--', 'sh', '-c', failsOnce], samples: [] },
];

/** Wall time of one child process to exit, in ms; fails loudly if the command did not succeed. */
function time([cmd, ...args]: [string, ...string[]]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(cmd, args, { cwd: store, env, stdio: 'ignore' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} exited ${result.status}`);
  return ms;
}

try {
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    for (const variant of variants) {
      const ms = time(variant.argv);
      if (round >= WARMUP) variant.samples.push(ms);
    }
  }
  const stats = variants.map((v) => ({
    name: v.name,
    mean: v.samples.reduce((a, b) => a + b, 0) / v.samples.length,
    p50: percentile(v.samples, 50),
    p90: percentile(v.samples, 90),
  }));
  const [direct, node, , run, failing] = stats as [typeof stats[0], typeof stats[0], typeof stats[0], typeof stats[0], typeof stats[0]];
  console.log(`bench:cli  ${ROUNDS} rounds (+${WARMUP} warm-up), ${cpus().length} cores, Node ${process.version}`);
  console.log(`${'variant'.padEnd(24)}${'p50 ms'.padStart(10)}${'p90 ms'.padStart(10)}${'mean ms'.padStart(10)}`);
  for (const s of stats) console.log(`${s.name.padEnd(24)}${fmt(s.p50)}${fmt(s.p90)}${fmt(s.mean)}`);
  console.log('');
  console.log(`startup cost of recover run over running true directly: ${fmt(run.p50 - direct.p50, 1, 0)} ms (p50), ${fmt(run.p50 / direct.p50, 1, 0)}x`);
  console.log(`of which Node's own startup (node -e 0):                 ${fmt(node.p50 - direct.p50, 1, 0)} ms; ours: ${fmt(run.p50 - node.p50, 1, 0)} ms`);
  console.log(`recover run -- true / node -e 0 (p50):                   ${fmt(run.p50 / node.p50, 2, 0)}x (aim: ≤ 2x)`);
  console.log(`a first failure, retried after 0 ms, adds:               ${fmt(failing.p50 - run.p50, 1, 0)} ms (p50) to recover run -- true`);
  console.log('');
  // The bin compiles the bundle itself (from V8's code cache), so no module loader sees it: count it here.
  for (const variant of variants.slice(2)) {
    const files = modulesLoaded(variant.argv.slice(1), { cwd: store, env });
    console.log(`${variant.name}: ${files.length + 1} module files (${byPackage(files)}, 1 dist/cli bundle)`);
  }
} finally {
  rmSync(store, { recursive: true, force: true });
}
