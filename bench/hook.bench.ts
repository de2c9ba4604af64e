/**
 * `npm run bench:hook`: what one `recover hook claude` call costs Claude Code, whole process
 * (Claude Code starts one per hook event, so start-up is the cost). Issue #28's goal: ≤ 2×
 * `node -e 0` at the median; p99 against Claude Code's hook timeout.
 *
 * Interleaved in the same loop, so every variant sees the same machine and the same noise:
 * - `node -e 0` (the baseline: Node's own start-up, which any Node hook pays),
 * - (a) PreToolUse of a Bash command in a session with no run open (the commonest call),
 * - (b) PostToolUseFailure of a failing build in a fresh session: opens a run (classify,
 *   PAUSE → DIAGNOSE → ADAPT through the statechart, first checkpoint),
 * - (c) PreToolUse Edit in the session (b) just opened, its run waiting in ADAPT: the edit is
 *   recorded as the fix (restore the run, step it, checkpoint).
 * Prints p50 / p90 / p99 in ms, each variant's median ratio to `node -e 0`, and how many module
 * files each hook call loads, by package. Figures only: nothing here asserts on time.
 * BENCH_ROUNDS sets the rounds (default 30).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, percentile } from './measure.js';
import { byPackage, modulesLoaded } from './modules-loaded.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const BIN = fileURLToPath(new URL('../../bin/recover.js', import.meta.url));
const HOOK = [process.execPath, BIN, 'hook', 'claude'] as const;

const root = mkdtempSync(join(tmpdir(), 'recover-bench-hook-'));
const project = join(root, 'project');
mkdirSync(project);
writeFileSync(join(project, 'package.json'), '{}\n');
const env = { ...process.env, RECOVERY_STORE: join(root, 'store'), NO_COLOR: '1' };

/** Claude Code's payload for one event (the fields 2.1.x sends that the hook reads). */
const payload = (session: string, event: Record<string, unknown>): string =>
  JSON.stringify({ session_id: session, transcript_path: join(root, 't.jsonl'), cwd: project, permission_mode: 'acceptEdits', ...event });

interface Variant { name: string; argv: readonly string[]; input: (round: number) => string | undefined; samples: number[] }

const bashBefore = (round: number) => payload(`a-${round}`, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 't' });
const buildFails = (round: number) => payload(`b-${round}`, {
  hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'node build.js' }, tool_use_id: 't',
  error: "Exit code 1\nError: Cannot find module './utils' from 'src/index.js'", is_interrupt: false,
});
const editInAdapt = (round: number) => payload(`b-${round}`, {
  hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'utils.js'), content: `module.exports = ${round};\n` }, tool_use_id: 't',
});

const variants: Variant[] = [
  { name: 'node -e 0', argv: [process.execPath, '-e', '0'], input: () => undefined, samples: [] },
  { name: '(a) Bash, no run open', argv: HOOK, input: bashBefore, samples: [] },
  { name: '(b) failure opens run', argv: HOOK, input: buildFails, samples: [] },
  { name: '(c) Edit, run in ADAPT', argv: HOOK, input: editInAdapt, samples: [] },
];

/** Wall time of one hook process to exit, in ms; fails loudly if it warned (a hook that broke is no figure). */
function time(argv: readonly string[], input: string | undefined): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(argv[0]!, argv.slice(1), { cwd: project, env, input: input ?? '', encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 || result.stderr !== '') throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

try {
  // Rounds are numbered through the warm-up too: (b) needs a fresh session every time.
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    for (const variant of variants) {
      const ms = time(variant.argv, variant.input(round));
      if (round >= WARMUP) variant.samples.push(ms);
    }
  }
  const stats = variants.map((v) => ({ name: v.name, p50: percentile(v.samples, 50), p90: percentile(v.samples, 90), p99: percentile(v.samples, 99) }));
  const node = stats[0]!;
  console.log(`bench:hook  ${ROUNDS} rounds (+${WARMUP} warm-up), ${cpus().length} cores, Node ${process.version}`);
  console.log(`${'variant'.padEnd(26)}${'p50 ms'.padStart(10)}${'p90 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'p50 / node'.padStart(12)}`);
  for (const s of stats) console.log(`${s.name.padEnd(26)}${fmt(s.p50)}${fmt(s.p90)}${fmt(s.p99)}${fmt(s.p50 / node.p50, 2, 11)}x`);
  console.log('');
  const worst = stats.slice(1).reduce((a, b) => (b.p50 / node.p50 > a.p50 / node.p50 ? b : a));
  console.log(`worst hook call / node -e 0 (p50): ${fmt(worst.p50 / node.p50, 2, 0)}x, ${worst.name} (aim: ≤ 2x); worst p99: ${fmt(Math.max(...stats.slice(1).map((s) => s.p99)), 0, 0)} ms (the installed entries' timeout is 10 s; the hook allows by itself after 8 s)`);
  console.log('');
  // The bin compiles the bundle itself (from V8's code cache), so no module loader sees it: count it here.
  const probes = [['(a)', bashBefore(-1)], ['(b)', buildFails(-1)], ['(c)', editInAdapt(-1)]] as const;
  for (const [name, input] of probes) {
    const files = modulesLoaded(HOOK.slice(1), { cwd: project, env, input });
    console.log(`${name}: ${files.length + 1} module files (${byPackage(files)}, 1 dist/cli bundle)`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
