/**
 * `recover worker` warns once at its start when PostgreSQL reports synchronous_commit off (issue
 * #31: an immediate restart then forgets acknowledged commits). A real worker process against
 * two databases of the test cluster, one set each way.
 */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase, withClient } from '../helpers/postgres.js';
import { BIN, cliEnv, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const databases: { url: string; drop: () => Promise<void> }[] = [];
beforeAllBuilt();
afterAll(async () => {
  for (const db of databases) await db.drop();
});

/** A fresh database whose sessions get `synchronous_commit = value`. */
async function databaseWith(value: 'on' | 'off'): Promise<string> {
  const db = await testDatabase();
  databases.push(db);
  const name = new URL(db.url).pathname.slice(1);
  await withClient(db.url, (c) => c.query(`ALTER DATABASE ${name} SET synchronous_commit = ${value}`));
  return db.url;
}

/** Starts a worker on `url`, waits for the line saying it runs, stops it: everything it wrote on stderr. */
function workerStart(url: string): Promise<{ stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, 'worker', '--store', url], { cwd: scriptsCwd(), env: cliEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/ on postgres:\/\/\S+ \(concurrency/.test(stderr)) child.kill('SIGTERM');
    });
    child.on('exit', (code) => resolve({ stderr, code }));
  });
}

describe('recover worker and synchronous_commit', { timeout: 120_000 }, () => {
  it('off: one warning line naming the database (no password) and what to set', async () => {
    const url = await databaseWith('off');
    const { stderr, code } = await workerStart(url);
    expect(code).toBe(0);
    const warnings = stderr.split('\n').filter((line) => line.includes('synchronous_commit'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^recover worker: warning: postgres:\/\/\S+ has synchronous_commit off: .*forgets checkpoints and decisions.*ALTER DATABASE … SET synchronous_commit = on/);
  });

  it('on: no warning', async () => {
    const { stderr, code } = await workerStart(await databaseWith('on'));
    expect(code).toBe(0);
    expect(stderr).toContain('recover worker: ');
    expect(stderr).not.toContain('synchronous_commit');
  });
});
