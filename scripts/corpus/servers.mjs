/** Servers the corpus generators run clients against (shared by generate.mjs and generate-first-sight.mjs). */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A PostgreSQL server in a scratch dir, run as an unprivileged user: user app/secret, db app, 5 connections. */
export function startPostgres() {
  const bin = ['/usr/lib/postgresql/15/bin', '/usr/local/bin'].find((d) => existsSync(join(d, 'initdb')));
  if (!bin) return null;
  spawnSync('bash', ['-c', 'id pgcorpus >/dev/null 2>&1 || useradd -M -s /bin/bash pgcorpus']);
  const dir = '/tmp/classify-corpus-pg';
  rmSync(dir, { recursive: true, force: true });
  const port = 55432;
  const script = `set -e; mkdir -p ${dir}; chown pgcorpus ${dir}; cd ${dir}
    su pgcorpus -c "printf secret > ${dir}/pw; ${bin}/initdb -D ${dir}/data -U app --auth=scram-sha-256 --pwfile=${dir}/pw >/dev/null"
    su pgcorpus -c "${bin}/pg_ctl -s -D ${dir}/data -l ${dir}/log -o '-p ${port} -k ${dir} -c max_connections=5 -c superuser_reserved_connections=0' -w start"
    PGPASSWORD=secret psql -q -h 127.0.0.1 -p ${port} -U app -d postgres -c "create database app" -c "create role limited login password 'secret'"`;
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  if (r.status !== 0) { console.error('postgres did not start:', r.stderr); return null; }
  return { port, stop: () => spawnSync('bash', ['-c', `su pgcorpus -c "${bin}/pg_ctl -s -D ${dir}/data -m immediate stop"`]) };
}
