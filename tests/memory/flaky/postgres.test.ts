/** The PostgreSQL flaky memory: the FlakyMemory contract on a real database, and sharing across stores. */
import { describe, expect, it } from 'vitest';
import { postgresFlakyMemory } from '../../../src/memory/flaky/postgres.js';
import { postgresStoresOnTestDatabase } from '../../helpers/postgres.js';
import { failed, flakyMemoryContract, passed, run } from './contract.js';

const open = postgresStoresOnTestDatabase();

flakyMemoryContract('postgres', async (window) => {
  // One database per file: each test starts from an empty memory.
  const store = open();
  await store.ready();
  await store.pool.query('TRUNCATE recovery_test_runs');
  return postgresFlakyMemory(store, window);
});

describe('postgresFlakyMemory', () => {
  it('is shared: runs one store (one machine) records and another records add up, flips between them included', async () => {
    const [a, b] = [open(), open()];
    await a.ready();
    await a.pool.query('TRUNCATE recovery_test_runs');
    await postgresFlakyMemory(a).record(run('r1', 1_000, [failed(1, ['a'])]));
    await postgresFlakyMemory(b).record(run('r2', 2_000, [passed(1)]));
    expect(await postgresFlakyMemory(a).list()).toMatchObject([{ test: 'a', runs: 2, flips: 1, lastFlipAt: 2_000 }]);
  });
});
