/**
 * The bounded tail of a command's output (output-tail.ts), by property: whatever chunks arrive,
 * it counts every byte, keeps no more than its limit, and what it keeps is the end of the output
 * (a UTF-8 character cut in half at the start is dropped, never mangled).
 */
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { PassThrough, Writable } from 'node:stream';
import { pipeOutput, Tail } from '../../src/runtime/output-tail.js';

const chunks = fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 });

describe('Tail', () => {
  test('counts every byte and keeps the last `limit` bytes, however the output was chunked', () => {
    fc.assert(fc.property(chunks, fc.integer({ min: 1, max: 100 }), (pieces, limit) => {
      const tail = new Tail(limit);
      for (const piece of pieces) tail.push(Buffer.from(piece));
      const all = Buffer.concat(pieces.map((piece) => Buffer.from(piece)));
      expect(tail.total).toBe(all.length);
      const last = all.subarray(Math.max(0, all.length - limit));
      // Unless the cut fell inside a character (a continuation byte first), the text is those bytes.
      if (all.length <= limit || (last[0]! & 0xc0) !== 0x80) expect(tail.text()).toBe(last.toString('utf8'));
    }));
  });

  test('ASCII output: the text is exactly the last `limit` characters', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' ', '7') }), { maxLength: 20 }), fc.integer({ min: 1, max: 80 }), (pieces, limit) => {
      const tail = new Tail(limit);
      for (const piece of pieces) tail.push(Buffer.from(piece));
      expect(tail.text()).toBe(pieces.join('').slice(-limit));
    }));
  });

  test('UTF-8 output: the text is a suffix of the output, cut only by a character the limit split', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 12 }), fc.integer({ min: 1, max: 60 }), (pieces, limit) => {
      const tail = new Tail(limit);
      for (const piece of pieces) tail.push(Buffer.from(piece));
      const whole = pieces.join('');
      const text = tail.text();
      expect(whole.endsWith(text)).toBe(true);
      const bytes = Buffer.byteLength(text);
      expect(bytes).toBeLessThanOrEqual(limit);
      // At most the three continuation bytes of one split character are dropped.
      expect(bytes).toBeGreaterThanOrEqual(Math.min(limit, Buffer.byteLength(whole)) - 3);
    }));
  });

  test('a limit of 0 keeps nothing and still counts', () => {
    const tail = new Tail(0);
    tail.push(Buffer.from('printed'));
    expect(tail.text()).toBe('');
    expect(tail.total).toBe(7);
  });
});

describe('pipeOutput', () => {
  test('keeps the tail, passes every chunk on and signals each one', async () => {
    const source = new PassThrough();
    const tail = new Tail(4);
    const seen: string[] = [];
    const target = new Writable({ write(chunk: Buffer, _encoding, done) { seen.push(chunk.toString()); done(); } });
    let signals = 0;
    pipeOutput(source, tail, target, () => { signals++; });
    source.write('abc');
    source.end('defg');
    await new Promise((resolve) => source.on('end', resolve));
    expect(seen.join('')).toBe('abcdefg');
    expect(tail.text()).toBe('defg');
    expect(tail.total).toBe(7);
    expect(signals).toBe(2);
  });

  test('a target that cannot keep up pauses the source until it drains', async () => {
    const source = new PassThrough();
    let release: () => void = () => {};
    const target = new Writable({ highWaterMark: 1, write(_chunk, _encoding, done) { release = done; } });
    pipeOutput(source, new Tail(16), target);
    source.write('x');
    await vi.waitFor(() => expect(source.isPaused()).toBe(true));
    release();
    await vi.waitFor(() => expect(source.isPaused()).toBe(false));
  });

  test('without a target, only the tail is kept', () => {
    const source = new PassThrough();
    const tail = new Tail(8);
    pipeOutput(source, tail, undefined);
    source.write('only');
    expect(tail.text()).toBe('only');
  });
});
