import { mkdtempSync, readFileSync, statSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { renderAll } from '../../src/diagram/render-all.js';
import { writeVisualizations } from '../../src/diagram/write-visualizations.js';
import { quick, recoveryLike } from './fixtures/machines.js';

describe('renderAll / writeVisualizations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'viz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('renderAll: three files per machine, sorted by name, deterministic', async () => {
    const files = await renderAll({ recoveryLike, quick });
    expect(Object.keys(files)).toEqual(['quick.mmd', 'quick.dot', 'quick.svg', 'recoveryLike.mmd', 'recoveryLike.dot', 'recoveryLike.svg']);
    expect(files['quick.mmd']).toMatch(/^stateDiagram-v2\n/);
    expect(files['quick.dot']).toMatch(/^digraph "quick" \{/);
    expect(files['quick.svg']).toContain('<svg');
    expect(await renderAll({ quick, recoveryLike })).toEqual(files);
  });

  test('writes, skips unchanged files, removes diagrams of vanished machines, keeps other files', async () => {
    writeFileSync(join(dir, 'old.svg'), 'stale');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const first = await writeVisualizations(dir, { recoveryLike, quick });
    expect(first.written).toHaveLength(6);
    expect(first.removed).toEqual(['old.svg']);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
    const mtime = statSync(join(dir, 'quick.svg')).mtimeMs;
    const second = await writeVisualizations(dir, { recoveryLike, quick });
    expect(second).toEqual({ written: [], unchanged: expect.arrayContaining(['quick.svg']), removed: [] });
    expect(statSync(join(dir, 'quick.svg')).mtimeMs).toBe(mtime);
    const third = await writeVisualizations(dir, { quick });
    expect(third.removed).toEqual(['recoveryLike.dot', 'recoveryLike.mmd', 'recoveryLike.svg']);
    expect(readFileSync(join(dir, 'quick.mmd'), 'utf8')).toContain('state "quick" as quick');
  });
});
