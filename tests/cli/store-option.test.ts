/**
 * `--store` opened once (store-option.ts): the store and where it lives, so the memories beside
 * it and a git rollback read the location from the opened value. Real lowdb directories in temp
 * directories; a PostgreSQL URL is only opened (its pool connects on the first query).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cliFixMemory } from '../../src/cli/run-memories.js';
import { openRunStore } from '../../src/cli/store-option.js';
import type { CliIO } from '../../src/cli/verb.js';
import { FIX_MEMORY_FILE } from '../../src/memory/lowdb-fix-memory.js';
import { recoverPersisted } from '../../src/runtime/persisted.js';
import { openStore } from '../../src/store/index.js';
import type { PostgresStore } from '../../src/store/postgres/store.js';

function io(env: Record<string, string> = {}): CliIO {
  const cwd = mkdtempSync(join(tmpdir(), 'store-option-'));
  return { cwd, env, stdin: (async function* () {})(), stdout: { write: () => true }, stderr: { write: () => true } };
}

describe('openRunStore', () => {
  test('--store DIR: the directory resolved against the cwd, the store and its fix memory in it', async () => {
    const at = io();
    const opened = await openRunStore(at, 'runs');
    expect(opened.dir).toBe(join(at.cwd, 'runs'));
    await recoverPersisted(async () => 'ok', { store: opened.store, runId: 'r1' });
    // A store opened on the same directory the plain way sees the run: it is the same store.
    expect((await openStore(join(at.cwd, 'runs')).list()).map((run) => run.runId)).toEqual(['r1']);
    const memory = await cliFixMemory(opened);
    await memory.record({ signature: 's', type: 'NETWORK', fix: 'f' }, 'worked', 0);
    expect(existsSync(join(at.cwd, 'runs', FIX_MEMORY_FILE))).toBe(true);
  });

  test('$RECOVERY_STORE when no --store is given', async () => {
    const at = io({ RECOVERY_STORE: 'elsewhere' });
    expect((await openRunStore(at, undefined)).dir).toBe(join(at.cwd, 'elsewhere'));
  });

  test('a PostgreSQL URL has no directory (fleet mode)', async () => {
    const opened = await openRunStore(io(), 'postgres://nobody@127.0.0.1:1/none');
    expect(opened.dir).toBeNull();
    // What openRunStore opens for a URL is the PostgreSQL store, which the fleet verbs close.
    await (opened.store as PostgresStore).close();
  });
});
