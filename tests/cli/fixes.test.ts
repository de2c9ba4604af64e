/**
 * The fix memory through the built CLI on a PostgreSQL store: two working directories stand for
 * two machines sharing the database. The fix one run recovered with is remembered in the store;
 * `recover run --reuse-fixes` on the other reuses it without calling the adapter; `recover fixes`
 * lists it and `recover stats` shows the hit rate.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testDatabase, useTestDatabase } from '../helpers/postgres.js';
import { recoverAsync, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const TASK = join(FIXTURES, 'traced-task.mjs');
const HOOK = join(FIXTURES, 'traced-hook.mjs');
const FIX = 'set server.port in config';

beforeAllBuilt();
const database = useTestDatabase();

const run = (cwd: string, extra: string[] = []) => recoverAsync(cwd, [
  'run', '--json', '--store', database.url, ...extra, '--adapter', `${process.execPath} ${HOOK} hooks.log`, '--', process.execPath, TASK, 'task.log',
], 60_000);

describe('the fix memory of a PostgreSQL store', () => {
  it('is shared: a fix remembered on one machine is reused on another; fixes and stats show it', async () => {
    const [machineA, machineB] = [tempCwd(), tempCwd()];
    const first = await run(machineA);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: 'recovered' });
    const asked = readFileSync(join(machineA, 'hooks.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { phase: string; knownFixes: unknown });
    expect(asked).toEqual([expect.objectContaining({ phase: 'ADAPT', knownFixes: [] })]);

    const second = await run(machineB, ['--reuse-fixes']);
    expect(second.status, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'recovered', attempts: 2 });
    // The adapter never ran on machine B: the remembered fix was handed to the command.
    expect(existsSync(join(machineB, 'hooks.log'))).toBe(false);
    expect(existsSync(join(machineB, 'fixed'))).toBe(false);

    const fixes = await recoverAsync(machineB, ['fixes', '--json', '--store', database.url]);
    expect(fixes.status, fixes.stderr).toBe(0);
    expect(JSON.parse(fixes.stdout)).toEqual([expect.objectContaining({ type: 'CLI_CRASH', fix: FIX, worked: 2, failed: 0 })]);
    const listed = await recoverAsync(machineA, ['fixes', '--store', database.url]);
    expect(listed.stdout).toContain(`  fix: ${FIX}\n  worked 2, failed 0, last used `);

    const stats = await recoverAsync(machineA, ['stats', '--store', database.url]);
    expect(stats.status, stats.stderr).toBe(0);
    expect(stats.stdout).toMatch(/^runs +2$/m);
    expect(stats.stdout).toMatch(/^fixes remembered +1$/m);
    expect(stats.stdout).toMatch(/^fix lookups +2$/m);
    expect(stats.stdout).toMatch(/^lookup hit rate +50\.0%$/m);
    expect(stats.stdout).toMatch(/^fixes reused +1$/m);
  });

  it('says so when nothing is remembered yet', async () => {
    const { url: empty, drop: dropEmpty } = await testDatabase();
    try {
      const listed = await recoverAsync(tempCwd(), ['fixes', '--store', empty]);
      expect(listed).toMatchObject({ status: 0, stdout: 'no fixes remembered yet (a run that recovers after an adapted fix adds one)\n' });
    } finally {
      await dropEmpty();
    }
  });
});
