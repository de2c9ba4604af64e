/**
 * `npm run bench:git-rollback`: what `--rollback git` costs on a repository of 1,000 tracked
 * files (a few KB each) and 50 MB of ignored build output (50 files of 1 MB).
 *
 * - baseline: git itself hashing the same files into a temporary index (`git add -A -f` +
 *   `write-tree`), what any snapshot of those bytes must at least pay;
 * - snapshot (cold): `recordGoodState` when none of the ignored bytes are in the object store;
 * - snapshot (warm): again, the objects now exist (what each later snapshot of a run pays);
 * - rollback: `restoreGoodState` after a program changed 5 tracked files, deleted one ignored
 *   file and removed an empty directory (it snapshots the state it replaces first).
 * Figures only: nothing here asserts on time. BENCH_ROUNDS (default 3) sets the rounds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordGoodState, restoreGoodState } from '../src/runtime/git-rollback.js';
import { fmt, percentile } from './measure.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...extraEnv } }).trim();
let extraEnv: Record<string, string> = {};

function makeRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'bench-rollback-'));
  git(repo, 'init', '-q', '-b', 'main');
  for (let d = 0; d < 20; d++) {
    mkdirSync(join(repo, 'src', `m${d}`), { recursive: true });
    for (let f = 0; f < 50; f++) writeFileSync(join(repo, 'src', `m${d}`, `f${f}.ts`), `export const v${f} = ${d * 50 + f};\n`.repeat(40));
  }
  writeFileSync(join(repo, '.gitignore'), 'build/\n');
  git(repo, 'add', '-A');
  git(repo, '-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '-m', 'init');
  mkdirSync(join(repo, 'build'));
  for (let i = 0; i < 50; i++) writeFileSync(join(repo, 'build', `chunk${i}.bin`), Buffer.alloc(1024 * 1024, i + 1));
  mkdirSync(join(repo, 'empty'));
  return repo;
}

async function timed(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const rows: Array<[string, number[]]> = [['baseline: git add -A -f + write-tree', []], ['snapshot (cold)', []], ['snapshot (warm)', []], ['rollback (5 files, 1 ignored, 1 dir)', []]];
for (let round = 0; round < ROUNDS; round++) {
  const repo = makeRepo();
  const index = join(mkdtempSync(join(tmpdir(), 'bench-index-')), 'index');
  rows[0]![1].push(await timed(() => {
    extraEnv = { GIT_INDEX_FILE: index };
    git(repo, 'add', '-A', '-f');
    git(repo, 'write-tree');
    extraEnv = {};
  }));
  // A fresh repository for the cold snapshot: the baseline above put the ignored blobs in its store.
  const cold = makeRepo();
  let sha = '';
  rows[1]![1].push(await timed(async () => { sha = await recordGoodState(cold, `cold-${round}`); }));
  rows[2]![1].push(await timed(() => recordGoodState(cold, `warm-${round}`)));
  for (let i = 0; i < 5; i++) writeFileSync(join(cold, 'src', 'm0', `f${i}.ts`), 'broken\n');
  unlinkSync(join(cold, 'build', 'chunk0.bin'));
  rmSync(join(cold, 'empty'), { recursive: true });
  rows[3]![1].push(await timed(() => restoreGoodState(cold, sha, `cold-${round}`)));
  rmSync(repo, { recursive: true, force: true });
  rmSync(cold, { recursive: true, force: true });
}

const base = percentile([...rows[0]![1]], 50);
console.log(`git rollback, 1,000 tracked files + 50 MB ignored, ${ROUNDS} round(s), median ms:`);
for (const [name, sample] of rows) {
  const median = percentile([...sample], 50);
  console.log(`${name.padEnd(40)}${fmt(median, 0)} ms ${fmt(median / base, 2, 7)}x baseline`);
}
