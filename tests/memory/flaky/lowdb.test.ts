/** The lowdb flaky memory: the contract on real files, and what a damaged file does. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAKY_MEMORY_FILE, FlakyMemoryFileError, lowdbFlakyMemory, repairFlakyFile } from '../../../src/memory/flaky/lowdb.js';
import { MAX_FLAKY_ENTRIES } from '../../../src/memory/flaky/types.js';
import { failed, flakyMemoryContract, passed, run } from './contract.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'flaky-memory-'));

flakyMemoryContract('lowdb', (window) => lowdbFlakyMemory(tempDir(), window));

describe('lowdbFlakyMemory', () => {
  it.each([
    ['not JSON', '{"version": 1, "entr', /not valid JSON/],
    ['another version', '{"version": 2, "entries": []}', /"version" is 2/],
    ['a bad mark', '{"version": 1, "entries": [{"command": "c", "test": "t", "runs": [["r", 1, 0, 1, 0, "maybe"]]}]}', /entries\[0\]\.runs\[0\]\[5\] \(firstFailed\) is "maybe"/],
  ])('refuses a file that is %s, naming it, and leaves it as it was', async (_what, text, problem) => {
    const dir = tempDir();
    const path = join(dir, FLAKY_MEMORY_FILE);
    writeFileSync(path, text);
    const memory = lowdbFlakyMemory(dir);
    await expect(memory.list()).rejects.toThrow(FlakyMemoryFileError);
    await expect(memory.record(run('r1', 1, [failed(1, ['a'])]))).rejects.toThrow(problem);
    await expect(memory.list()).rejects.toThrow(`flaky-test memory ${path}: `);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('repair moves a damaged file aside, byte for byte, and rebuilds the memory from the runs given; a sound file is left alone', async () => {
    const dir = tempDir();
    const path = join(dir, FLAKY_MEMORY_FILE);
    writeFileSync(path, '{"version": 1, "entr');
    const runs = [run('r2', 2, [passed(1)]), run('r1', 1, [failed(1, ['a'])])];
    const repaired = await repairFlakyFile(dir, async () => runs);
    expect(repaired).toMatchObject({ moved: { from: path, problem: expect.stringContaining('not valid JSON') }, rebuiltFrom: 2 });
    const aside = readdirSync(dir).find((name) => name.startsWith(`${FLAKY_MEMORY_FILE}.corrupt-`))!;
    expect(readFileSync(join(dir, aside), 'utf8')).toBe('{"version": 1, "entr');
    expect(await lowdbFlakyMemory(dir).list()).toMatchObject([{ test: 'a', runs: 2, flips: 1 }]);
    expect(await repairFlakyFile(dir, async () => { throw new Error('not asked'); })).toEqual({ moved: null });
  });

  it('keeps at most MAX_FLAKY_ENTRIES tests: the least recently seen go', async () => {
    const dir = tempDir();
    const memory = lowdbFlakyMemory(dir);
    const ids = Array.from({ length: MAX_FLAKY_ENTRIES }, (_, i) => `t${i}`);
    await memory.record(run('r1', 1, [failed(1, ids)], 'old'));
    await memory.record(run('r2', 2, [failed(1, ['new'])], 'new'));
    const list = await memory.list();
    expect(list).toHaveLength(MAX_FLAKY_ENTRIES);
    expect(list[0]).toMatchObject({ command: 'new', test: 'new' });
    expect(existsSync(`${join(dir, FLAKY_MEMORY_FILE)}.lock`)).toBe(false);
  });
});
