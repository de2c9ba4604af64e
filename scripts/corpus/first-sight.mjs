#!/usr/bin/env node
/**
 * The first-sight record (issue 30): what the classifier said about a tool family's texts the
 * first time it saw them, before any rule was written for the family.
 *
 *   node scripts/corpus/first-sight.mjs --date YYYY-MM-DD
 *     classifies the entries of tests/classify/corpus/first-sight.json whose family has no record
 *     yet, with the classifier of this checkout (src/ must be committed: the record names the last
 *     commit that changed it), and appends one record per family. Families already recorded are never touched:
 *     the record is history.
 *   node scripts/corpus/first-sight.mjs --verify
 *     classifies every recorded entry again with the classifier of the commit its record names
 *     (its src/ taken from git) and fails when a stored verdict differs, so a record cannot be
 *     edited to a better score than the classifier gave. Exit 0 when every verdict holds.
 *
 * The classifier is bundled with esbuild (a dev dependency) into a scratch file, and run at the
 * fixed clock tests/classify/corpus/accuracy.ts uses.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstSightCliCases } from './cases/first-sight-cli.mjs';
import { firstSightFreshCases } from './cases/first-sight-fresh.mjs';
import { firstSightLibCases } from './cases/first-sight-libs.mjs';
import { firstSightMoreCases } from './cases/first-sight-more.mjs';
import { firstSightServerCases } from './cases/first-sight-servers.mjs';
import { firstSightServiceCases } from './cases/first-sight-services.mjs';
import { firstSightToolCases } from './cases/first-sight-tools.mjs';
import { firstSightClientCases } from './cases/first-sight-clients.mjs';
import { firstSightFormatCases } from './cases/first-sight-formats.mjs';
import { firstSightRunnerCases } from './cases/first-sight-runners.mjs';
import { firstSightStdlibCases } from './cases/first-sight-stdlib.mjs';
import { firstSightStreamCases } from './cases/first-sight-streams.mjs';
import { firstSightSixthCases } from './cases/first-sight-sixth.mjs';
import { firstSightSeventhCases } from './cases/first-sight-seventh.mjs';
import { firstSightEighthCases } from './cases/first-sight-eighth.mjs';
import { firstSightNinthCases } from './cases/first-sight-ninth.mjs';
import { firstSightTenthCases } from './cases/first-sight-tenth.mjs';
import { firstSightEleventhCases } from './cases/first-sight-eleventh.mjs';
import { firstSightTwelfthCases } from './cases/first-sight-twelfth.mjs';
import { firstSightThirteenthCases } from './cases/first-sight-thirteenth.mjs';
import { firstSightFourteenthCases } from './cases/first-sight-fourteenth.mjs';
import { firstSightFifteenthCases } from './cases/first-sight-fifteenth.mjs';
import { firstSightSixteenthCases } from './cases/first-sight-sixteenth.mjs';
import { firstSightSeventeenthCases } from './cases/first-sight-seventeenth.mjs';
import { firstSightEighteenthCases } from './cases/first-sight-eighteenth.mjs';
import { firstSightNineteenthCases } from './cases/first-sight-nineteenth.mjs';
import { ROOT } from './tools.mjs';

const ENTRIES = join(ROOT, 'tests', 'classify', 'corpus', 'first-sight.json');
const RECORD = join(ROOT, 'tests', 'classify', 'corpus', 'first-sight-record.json');
/** The clock of tests/classify/corpus/accuracy.ts `judge`. */
const NOW = Date.UTC(2026, 0, 1);

/** Same as observationDigest in tests/classify/corpus/first-sight.ts (keep the two alike). */
function observationDigest(observation) {
  const canonical = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : v);
  return createHash('sha256').update(JSON.stringify(canonical(observation))).digest('hex').slice(0, 16);
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** Bundles src/classify of `srcDir` and returns its `classify`. */
async function loadClassifier(srcDir, scratchDir) {
  const { build } = await import(pathToFileURL(join(ROOT, 'node_modules', 'esbuild', 'lib', 'main.js')).href);
  const outfile = join(scratchDir, `classify-${Math.random().toString(36).slice(2)}.mjs`);
  await build({ entryPoints: [join(srcDir, 'classify', 'index.ts')], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'error', nodePaths: [join(ROOT, 'node_modules')] });
  const mod = await import(pathToFileURL(outfile).href);
  return (observation) => mod.classify(observation, { now: NOW }).type;
}

/** Extracts src/ of `commit` into a scratch directory (git archive), returns its path. */
function sourceAt(commit, scratchDir) {
  const dir = join(scratchDir, `src-${commit}`);
  if (!existsSync(dir)) {
    execFileSync('bash', ['-c', `mkdir -p "${dir}" && git archive "${commit}" src | tar -x -C "${dir}"`], { cwd: ROOT });
  }
  return join(dir, 'src');
}

const entries = JSON.parse(readFileSync(ENTRIES, 'utf8'));
const record = existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, 'utf8')) : [];
const scratchDir = mkdtempSync(join(tmpdir(), 'first-sight-'));

async function capture(date) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) throw new Error('--date YYYY-MM-DD is required: the day the texts were captured');
  if (git('status', '--porcelain', '--', 'src') !== '') throw new Error('src/ has uncommitted changes: the record must name the classifier it ran');
  // the last commit that changed src/: the classifier that ran, and a commit that stays in the
  // history when this branch is merged (a commit of this branch may be squashed away)
  const commit = git('log', '-1', '--format=%h', '--abbrev=12', '--', 'src');
  const targets = new Map([...firstSightCliCases(), ...firstSightLibCases(), ...firstSightMoreCases(), ...firstSightServerCases(), ...firstSightFreshCases(), ...firstSightServiceCases(), ...firstSightToolCases(), ...firstSightClientCases(), ...firstSightFormatCases(), ...firstSightRunnerCases(), ...firstSightStdlibCases(), ...firstSightStreamCases(), ...firstSightSixthCases(), ...firstSightSeventhCases(), ...firstSightEighthCases(), ...firstSightNinthCases(), ...firstSightTenthCases(), ...firstSightEleventhCases(), ...firstSightTwelfthCases(), ...firstSightThirteenthCases(), ...firstSightFourteenthCases(), ...firstSightFifteenthCases(), ...firstSightSixteenthCases(), ...firstSightSeventeenthCases(), ...firstSightEighteenthCases(), ...firstSightNineteenthCases()].filter((c) => c.targets).map((c) => [c.source, c.targets]));
  const recorded = new Set(record.map((f) => f.family));
  const families = [...new Set(entries.map((e) => e.source))].filter((f) => !recorded.has(f)).sort();
  if (families.length === 0) { console.log('every family is recorded already'); return; }
  const classify = await loadClassifier(join(ROOT, 'src'), scratchDir);
  for (const family of families) {
    const verdicts = entries.filter((e) => e.source === family).map((e) => ({ id: e.id, label: e.type, got: classify(e.observation), text: observationDigest(e.observation) }));
    const right = verdicts.filter((v) => v.got === v.label).length;
    record.push({ family, date, classifier: commit, ...(targets.has(family) ? { targets: targets.get(family) } : {}), entries: verdicts.length, right, verdicts });
    console.log(`${family.padEnd(14)} ${right}/${verdicts.length}`);
  }
  writeFileSync(RECORD, `${JSON.stringify(record, null, 1)}\n`);
}

async function verify() {
  const byCommit = new Map();
  let wrong = 0;
  for (const family of record) {
    if (!byCommit.has(family.classifier)) byCommit.set(family.classifier, await loadClassifier(sourceAt(family.classifier, scratchDir), scratchDir));
    const classify = byCommit.get(family.classifier);
    const byId = new Map(entries.map((e) => [e.id, e]));
    for (const v of family.verdicts) {
      const entry = byId.get(v.id);
      const got = entry ? classify(entry.observation) : '(no such entry)';
      if (got !== v.got) { wrong++; console.log(`${v.id}: recorded ${v.got}, the classifier of ${family.classifier} says ${got}`); }
    }
    const right = family.verdicts.filter((v) => v.got === v.label).length;
    if (right !== family.right || family.verdicts.length !== family.entries) { wrong++; console.log(`${family.family}: counts ${family.right}/${family.entries}, verdicts say ${right}/${family.verdicts.length}`); }
  }
  console.log(wrong === 0 ? `every recorded verdict holds (${record.length} families)` : `${wrong} recorded verdicts do not hold`);
  return wrong === 0;
}

const args = process.argv.slice(2);
try {
  if (args.includes('--verify')) process.exitCode = (await verify()) ? 0 : 1;
  else await capture(args[args.indexOf('--date') + 1]);
} finally {
  rmSync(scratchDir, { recursive: true, force: true });
}
