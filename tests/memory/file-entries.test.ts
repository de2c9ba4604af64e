/** The frame both memory files share, checked once: each problem names the field. */
import { describe, expect, it } from 'vitest';
import { memoryEntries } from '../../src/memory/file-entries.js';

describe('memoryEntries', () => {
  it.each([
    { data: null, problem: 'the file is not a JSON object' },
    { data: [], problem: 'the file is not a JSON object' },
    { data: { version: 2, entries: [] }, problem: '"version" is 2; this release reads version 1' },
    { data: { entries: [] }, problem: '"version" is undefined; this release reads version 1' },
    { data: { version: 1, entries: {} }, problem: '"entries" is not an array' },
    { data: { version: 1, entries: [{}, null] }, problem: 'entries[1] is not an object' },
    { data: { version: 1, entries: [[1]] }, problem: 'entries[0] is not an object' },
  ])('$problem', ({ data, problem }) => {
    expect(memoryEntries(data)).toEqual({ problem });
  });

  it('gives the entries of a well-framed file as they are', () => {
    const entries = [{ a: 1 }, { b: 'x' }];
    expect(memoryEntries({ version: 1, entries, other: true })).toEqual({ entries });
  });
});
