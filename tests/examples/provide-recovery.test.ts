import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, toPromise } from 'xstate';
import { provideRecovery } from '../../src/runtime/index.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The ```ts block of provideRecovery's TSDoc, without the leading ` * `. */
function tsdocExample(): string {
  const source = read('src/runtime/recovery.ts');
  const doc = source.slice(0, source.indexOf('export function provideRecovery('));
  const block = /@example\n \* ```ts\n([\s\S]*?) \* ```/.exec(doc.slice(doc.lastIndexOf('/**')));
  if (!block) throw new Error('provideRecovery has no ```ts example in its TSDoc');
  return block[1]!.split('\n').map((line) => line.replace(/^ \* ?/, '')).join('\n').trim();
}

describe("provideRecovery's TSDoc example", () => {
  it('is examples/provide-recovery.ts word for word (but the import path), which tsc compiles', () => {
    const example = read('examples/provide-recovery.ts').split('\n').filter((line) => !line.startsWith('//')).join('\n').trim();
    expect(example.replace("'../src/index.js'", "'recovery-protocol'")).toBe(tsdocExample());
  });

  it('runs, and prints the two attempts', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await import('../../examples/provide-recovery.js');
      expect(log).toHaveBeenCalledWith(2);
    } finally {
      log.mockRestore();
    }
  }, 30_000);
});

describe('provideRecovery honours its options', () => {
  it('policy, name and run id reach the machine through input(); the filled slots are named in it', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.UTC(2026, 0, 1));
    let calls = 0;
    const flaky = () => { if (++calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }); };
    const policy = { categories: { transient: { delaysMs: [0] } } };
    const { logic, input } = provideRecovery(flaky, { clock, policy, adapt: () => null, rules: [], timeoutMs: 900 });
    const given = input({ runId: 'r-1', name: 'fetch' });
    expect(given).toMatchObject({ runId: 'r-1', task: 'fetch', hasAdapter: true, hasDiagnoser: false, timeoutMs: 900 });
    expect(given.policy.types.RATE_LIMIT.delaysMs).toEqual([0]);
    // On a simulated clock nothing advances: with the default 5 s delay the retry would never come.
    const actor = createActor(logic, { input: given, clock }).start();
    const done = await toPromise(actor);
    expect(done).toMatchObject({ status: 'recovered', attempts: 2 });
    expect(calls).toBe(2);
  });
});
