import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX_MEMORY_FILE, FixMemoryFileError, lowdbFixMemory } from '../../src/memory/lowdb-fix-memory.js';
import { fixMemoryContract } from './contract.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'fix-memory-'));

fixMemoryContract('lowdb', () => lowdbFixMemory(tempDir()));

describe('lowdbFixMemory', () => {
  const entry = { signature: 'UNKNOWN: x', type: 'UNKNOWN', fix: 'f' };

  it('keeps the memory in fixes.json, seen by another instance on the same directory', async () => {
    const dir = tempDir();
    await lowdbFixMemory(dir).record(entry, 'worked', 7);
    const other = lowdbFixMemory(dir);
    await other.record(entry, 'worked', 8);
    expect(await lowdbFixMemory(dir).known(entry.signature)).toEqual([{ ...entry, worked: 2, failed: 0, lastUsed: 8 }]);
    expect(JSON.parse(readFileSync(join(dir, FIX_MEMORY_FILE), 'utf8')).version).toBe(1);
  });

  it.each([
    ['not JSON', '{"version": 1, "entr', /not valid JSON/],
    ['another version', '{"version": 2, "entries": [], "stats": {"lookups": 0, "hits": 0, "reused": 0}}', /"version" is 2/],
    ['a bad entry', '{"version": 1, "entries": [{"signature": "s", "type": "T", "fix": 3, "worked": 0, "failed": 0, "lastUsed": 0}], "stats": {"lookups": 0, "hits": 0, "reused": 0}}', /entries\[0\]\.fix is not a string/],
  ])('refuses a file that is %s, naming it, and leaves it as it was', async (_what, text, problem) => {
    const dir = tempDir();
    const path = join(dir, FIX_MEMORY_FILE);
    writeFileSync(path, text);
    const memory = lowdbFixMemory(dir);
    await expect(memory.list()).rejects.toThrow(FixMemoryFileError);
    await expect(memory.record(entry, 'worked', 1)).rejects.toThrow(new RegExp(`fix memory ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    await expect(memory.stats()).rejects.toThrow(problem);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
