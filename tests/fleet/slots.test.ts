/** A worker's slots: taken once per run, handed on in order, never leaked by a run let go while it waits. */
import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/runtime/fleet/slots.js';

/** Whether `promise` has settled by now (after the microtasks queued so far). */
async function settled(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(() => { state = 'resolved'; }, () => { state = 'rejected'; });
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('Slots', () => {
  it('gives each run one slot, hands a freed one to the longest waiting run, and counts how long each was held', async () => {
    const held: number[] = [];
    const slots = new Slots(1, (ms) => held.push(ms));
    const [a, b, c] = [slots.ticket(), slots.ticket(), slots.ticket()];
    await a.take();
    await a.take(); // a run holding its slot takes it again at once
    const waitingB = b.take();
    const waitingC = c.take();
    expect(await settled(waitingB)).toBe('pending');
    a.free();
    expect(await settled(waitingB)).toBe('resolved');
    expect(await settled(waitingC)).toBe('pending');
    b.free();
    expect(await settled(waitingC)).toBe('resolved');
    expect(held).toHaveLength(2);
    expect(held.every((ms) => ms >= 0)).toBe(true);
  });

  it('a freed ticket is spent: its run takes no slot again (its machine is done, only its last checkpoint is left)', async () => {
    const slots = new Slots(1);
    const a = slots.ticket();
    await a.take();
    a.free();
    await a.take(); // resolves without a slot
    const b = slots.ticket();
    expect(await settled(b.take())).toBe('resolved'); // the only slot was not taken again by `a`
  });

  it('a wait aborted by the run stopping, or a ticket freed while it waits, leaves the queue and rejects', async () => {
    const slots = new Slots(1);
    const holder = slots.ticket();
    await holder.take();
    const stopped = new AbortController();
    const [a, b, c] = [slots.ticket(), slots.ticket(), slots.ticket()];
    const waitingA = a.take(stopped.signal);
    const waitingB = b.take();
    const waitingC = c.take();
    stopped.abort(new Error('stopped'));
    await expect(waitingA).rejects.toThrow('stopped');
    b.free();
    await expect(waitingB).rejects.toThrow(/let go before it had a slot/);
    holder.free();
    expect(await settled(waitingC)).toBe('resolved'); // neither `a` nor `b` kept a place, nor a slot
    c.free();
    expect(await settled(slots.ticket().take())).toBe('resolved');
  });

  it('refuses at once a take whose signal has already aborted', async () => {
    const slots = new Slots(1);
    const gone = new AbortController();
    gone.abort(new Error('gone'));
    await expect(slots.ticket().take(gone.signal)).rejects.toThrow('gone');
    expect(await settled(slots.ticket().take())).toBe('resolved');
  });
});
