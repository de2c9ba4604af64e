#!/usr/bin/env node
/**
 * Regenerates tests/classify/corpus/generated.json: every case is a real tool run on this
 * machine (compilers, runtimes, test runners, git, curl, ssh, kubectl, psql against a real
 * PostgreSQL, redis-cli against a real redis-server, mysql, java/javac/mvn), captured as an
 * observation { stdout, stderr, exitCode, signal } with the type a person would give it,
 * decided when the case was written. `scripts/corpus/install.sh` installs what is missing.
 * Usage: node scripts/corpus/generate.mjs [--only TEXT]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataJvmCases } from './cases/index.mjs';
import { extraCases } from './cases/extra.mjs';
import { javascriptCases } from './cases/javascript.mjs';
import { nativeCases, rustGoCases } from './cases/native.mjs';
import { HTTP_CASES, opsCases } from './cases/ops.mjs';
import { pythonCases } from './cases/python.mjs';
import { SCRATCH, scratch, sh } from './run.mjs';
import { startPostgres } from './servers.mjs';
import { ROOT } from './tools.mjs';

const OUT = join(ROOT, 'tests', 'classify', 'corpus', 'generated.json');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const children = [];
/** With `--only TEXT`: the cases whose id starts with or contains TEXT (the others in the file are kept). */
const matches = (id) => only === null || id.startsWith(only) || id.includes(only);

/** Starts the local HTTP server answering `status`; resolves with its URL. */
async function httpServer(status, body = '', headers = []) {
  const dir = scratch({ 'body.json': body });
  const portFile = join(dir, 'port');
  const child = spawn('python3', [join(ROOT, 'scripts', 'corpus', 'http-server.py'), portFile, String(status), join(dir, 'body.json'), ...headers], { stdio: 'ignore' });
  children.push(child);
  for (let i = 0; i < 100 && !existsSync(portFile); i++) await sleep(50);
  await sleep(50);
  return `http://127.0.0.1:${readFileSync(portFile, 'utf8')}`;
}

function startRedis() {
  const port = 56379;
  const r = spawnSync('redis-server', ['--port', String(port), '--requirepass', 'secret', '--maxmemory', '2mb', '--maxmemory-policy', 'noeviction', '--daemonize', 'yes', '--save', '', '--appendonly', 'no', '--dir', SCRATCH], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  spawnSync('sleep', ['0.5']);
  return { port, stop: () => spawnSync('redis-cli', ['-p', String(port), '-a', 'secret', '--no-auth-warning', 'shutdown', 'nosave']) };
}

function record(c, run) {
  const observation = { stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode };
  if (run.signal) observation.signal = run.signal;
  return { id: c.id, source: c.source, type: c.type, origin: `ran on this machine: ${c.cmd}`, observation };
}

async function main() {
  const cases = [...nativeCases(), ...rustGoCases(), ...javascriptCases(), ...pythonCases(), ...opsCases(), ...dataJvmCases(), ...extraCases()];
  const wanted = (c) => matches(c.id);
  const out = [];
  const problems = [];
  const keep = (c, run) => {
    if (run.exitCode === 0 && !run.signal) problems.push(`${c.id}: exited 0 (not a failure)`);
    else out.push(record(c, run));
  };
  for (const c of cases.filter(wanted)) {
    if (c.needs && !c.needs()) continue;
    let env = c.env ?? {};
    if (c.http) env = { ...env, URL: await httpServer(c.http.status, '', c.http.headers ?? []) };
    keep(c, sh(c.cmd, { cwd: scratch(c.files ?? {}), env, timeoutMs: c.timeoutMs ?? 120_000 }));
    process.stdout.write('.');
  }
  for (const c of HTTP_CASES.filter(wanted)) {
    const url = await httpServer(c.status, c.body, c.headers ?? []);
    keep(c, sh(c.cmd, { env: { URL: url }, timeoutMs: 20_000 }));
    process.stdout.write('h');
  }
  const { PSQL_CASES, REDIS_CASES, MYSQL_CASES } = await import('./cases/data-jvm.mjs');
  if (PSQL_CASES.some(wanted)) {
    const pg = startPostgres();
    if (pg) {
      for (const c of PSQL_CASES.filter(wanted)) keep({ ...c, source: 'psql' }, sh(c.cmd, { env: { PGPORT: String(pg.port) }, timeoutMs: 30_000 }));
      pg.stop();
    } else problems.push('psql: no server, cases skipped');
  }
  if (REDIS_CASES.some(wanted)) {
    const redis = startRedis();
    if (redis) {
      for (const c of REDIS_CASES.filter(wanted)) keep({ ...c, source: 'redis-cli' }, sh(c.cmd, { env: { REDISPORT: String(redis.port) }, timeoutMs: 30_000 }));
      redis.stop();
    } else problems.push('redis: no server, cases skipped');
  }
  for (const c of MYSQL_CASES.filter(wanted)) keep({ ...c, source: 'mysql' }, sh(c.cmd, { timeoutMs: 30_000 }));
  for (const child of children) child.kill();
  // Merge: with --only, the other cases already in the file are kept.
  const previous = only !== null && existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')).filter((e) => !matches(e.id)) : [];
  const all = [...previous, ...out].sort((a, b) => a.id.localeCompare(b.id));
  writeFileSync(OUT, `${JSON.stringify(all, null, 1)}\n`);
  rmSync(SCRATCH, { recursive: true, force: true });
  console.log(`\n${out.length} cases written to ${OUT} (${all.length} in the file)`);
  for (const p of problems) console.log(`problem: ${p}`);
}

main().catch((e) => { for (const child of children) child.kill(); console.error(e); process.exit(1); });
