/** tests/helpers/wait-for.ts: resolves with what the probe found, polls until it does, fails naming what it waited for. */
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('resolves with the probe\'s first truthy value, sync or async, after as many polls as it takes', async () => {
    let polls = 0;
    expect(await waitFor('the third poll', () => (++polls >= 3 ? { polls } : undefined), { everyMs: 1 })).toEqual({ polls: 3 });
    let asyncPolls = 0;
    expect(await waitFor('a pid', async () => (++asyncPolls === 2 ? 4242 : 0), { everyMs: 1 })).toBe(4242);
    expect(await waitFor('a condition', () => true)).toBe(true);
  });

  it('rejects naming what never happened once the limit has passed, having polled until then', async () => {
    let polls = 0;
    await expect(waitFor('the moon', () => { polls++; return false; }, { withinMs: 30, everyMs: 1 })).rejects.toThrow('waited 30 ms for the moon');
    expect(polls).toBeGreaterThan(1);
  });
});
