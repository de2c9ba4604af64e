#!/usr/bin/env node
/**
 * Regenerates tests/classify/corpus/first-sight.json: failure texts of tool families that no
 * rule pack targeted when they were captured (issue 30, "first sight"). Like generate.mjs, every
 * case is a real run of the tool on this machine, with the type a person gives it by DESIGN.md's
 * rules, written in the cases file before the classifier was asked. The classifier's verdicts at
 * capture are recorded separately by scripts/corpus/first-sight.mjs.
 * Families already recorded are kept as they are (see `recorded`).
 * Usage: node scripts/corpus/generate-first-sight.mjs [--only TEXT[,TEXT…]]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstSightCliCases } from './cases/first-sight-cli.mjs';
import { firstSightClientCases } from './cases/first-sight-clients.mjs';
import { firstSightFormatCases } from './cases/first-sight-formats.mjs';
import { firstSightFreshCases } from './cases/first-sight-fresh.mjs';
import { firstSightLibCases } from './cases/first-sight-libs.mjs';
import { firstSightMoreCases } from './cases/first-sight-more.mjs';
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
import { firstSightServerCases } from './cases/first-sight-servers.mjs';
import { firstSightServiceCases } from './cases/first-sight-services.mjs';
import { firstSightToolCases } from './cases/first-sight-tools.mjs';
import { SCRATCH, scratch, sh } from './run.mjs';
import { startPostgres } from './servers.mjs';
import { ROOT } from './tools.mjs';

const OUT = join(ROOT, 'tests', 'classify', 'corpus', 'first-sight.json');
// --only TEXT[,TEXT…]: the cases whose id starts with or holds one of them (the others' texts are kept as they are)
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const matches = (id) => only === null || only.some((o) => id.startsWith(o) || id.includes(o));
const children = [];

/** Certificates for the HTTPS cases (valid self-signed, expired, wrong host). */
const CERTS = scratch();
spawnSync('python3', [join(ROOT, 'scripts', 'corpus', 'make-cert.py'), CERTS]);

/** Starts the local HTTP(S) server answering `status` with `body` and `headers`; resolves with its URL. */
async function httpServer({ status, body = '', headers = [], tls = null }) {
  const dir = scratch({ 'body.txt': body });
  const portFile = join(dir, 'port');
  const env = tls ? { ...process.env, CORPUS_TLS_PEM: join(CERTS, `${tls}.pem`) } : process.env;
  const child = spawn('python3', [join(ROOT, 'scripts', 'corpus', 'http-server.py'), portFile, String(status), join(dir, 'body.txt'), ...headers], { stdio: 'ignore', env });
  children.push(child);
  for (let i = 0; i < 200 && !existsSync(portFile); i++) await sleep(50);
  await sleep(100);
  return `${tls ? 'https' : 'http'}://127.0.0.1:${readFileSync(portFile, 'utf8')}`;
}

/**
 * The project's own paths (node_modules is a link into another checkout) read as /work/app, so
 * the corpus does not change with where the repository is checked out.
 */
const PROJECT_PATHS = [...new Set([realpathSync(join(ROOT, 'node_modules')), join(ROOT, 'node_modules')])];
const unproject = (s) => PROJECT_PATHS.reduce((t, p) => t.split(p).join('/work/app/node_modules'), s).split(ROOT).join('/work/app')
  // the scratch root reads /work/scratch (run.mjs), so its parent reads /work: a resolver that
  // walks up the tree (webpack) would otherwise print the machine's temp directory
  .split(`${dirname(SCRATCH)}/`).join('/work/');

/**
 * Families with a first-sight record keep the texts the record was made from: regenerating them
 * would change timestamps, ports and process ids, and the record would no longer describe them.
 */
const RECORD = join(ROOT, 'tests', 'classify', 'corpus', 'first-sight-record.json');
const recorded = new Set(existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, 'utf8')).map((f) => f.family) : []);

async function main() {
  const cases = [...firstSightCliCases(), ...firstSightLibCases(), ...firstSightMoreCases(), ...firstSightServerCases(), ...firstSightFreshCases(), ...firstSightServiceCases(), ...firstSightToolCases(), ...firstSightClientCases(), ...firstSightFormatCases(), ...firstSightRunnerCases(), ...firstSightStdlibCases(), ...firstSightStreamCases(), ...firstSightSixthCases(), ...firstSightSeventhCases(), ...firstSightEighthCases(), ...firstSightNinthCases(), ...firstSightTenthCases(), ...firstSightEleventhCases(), ...firstSightTwelfthCases(), ...firstSightThirteenthCases(), ...firstSightFourteenthCases(), ...firstSightFifteenthCases(), ...firstSightSixteenthCases(), ...firstSightSeventeenthCases(), ...firstSightEighteenthCases(), ...firstSightNineteenthCases()].filter((c) => matches(c.id) && !recorded.has(c.source));
  const out = [];
  const problems = [];
  let postgres; // started for the first case that needs it (server: 'postgres'), stopped at the end
  for (const c of cases) {
    if (c.needs && !c.needs()) { problems.push(`${c.id}: skipped (${c.needsWhat ?? 'missing tool'})`); continue; }
    const env = { NODE_MODULES: join(ROOT, 'node_modules'), CERTS, ...(c.env ?? {}) };
    if (c.server === 'postgres') {
      postgres ??= startPostgres() ?? false;
      if (!postgres) { problems.push(`${c.id}: skipped (no PostgreSQL server)`); continue; }
      env.PGPORT = String(postgres.port);
    }
    if (c.http) env.URL = await httpServer(c.http);
    const run = sh(c.cmd, { cwd: scratch(c.files ?? {}), env, timeoutMs: c.timeoutMs ?? 120_000 });
    process.stdout.write('.');
    if (run.exitCode === 0 && !run.signal) { problems.push(`${c.id}: exited 0 (not a failure)`); continue; }
    const observation = { stdout: unproject(run.stdout), stderr: unproject(run.stderr), exitCode: run.exitCode };
    if (run.signal) observation.signal = run.signal;
    out.push({ id: c.id, source: c.source, type: c.type, origin: `ran on this machine: ${c.origin ?? c.cmd}`, observation });
  }
  for (const child of children) child.kill();
  if (postgres) postgres.stop();
  const previous = existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')).filter((e) => recorded.has(e.source) || !matches(e.id)) : [];
  const all = [...previous, ...out].sort((a, b) => a.id.localeCompare(b.id));
  writeFileSync(OUT, `${JSON.stringify(all, null, 1)}\n`);
  rmSync(SCRATCH, { recursive: true, force: true });
  console.log(`\n${out.length} cases written to ${OUT} (${all.length} in the file)`);
  for (const p of problems) console.log(`problem: ${p}`);
}

main().catch((e) => { for (const child of children) child.kill(); console.error(e); process.exit(1); });
