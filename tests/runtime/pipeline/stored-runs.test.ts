/** Finding pipeline runs in a store directory: real files in a temp dir. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHECKPOINT_FORMAT, CHECKPOINT_VERSION, pipelineDir, writeCheckpoint, type PipelineCheckpoint } from '../../../src/runtime/pipeline/checkpoint.js';
import { findPipelineRun, listPipelineRuns } from '../../../src/runtime/pipeline/stored-runs.js';

const checkpoint = (runId: string): PipelineCheckpoint => ({
  format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, runId, pipeline: { name: 'demo', file: '/p.yaml' }, definitionHash: 'h',
  status: 'succeeded', failedStep: null, reason: null, startedAt: '2026-01-03T09:00:00.000Z', updatedAt: '2026-01-03T09:00:01.000Z',
  resumes: 0, completed: [], steps: {},
});

describe('listPipelineRuns / findPipelineRun', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pipeline-runs-'));
  const root = pipelineDir(dir, 'demo', '/p.yaml');
  const good = '20260103-090000-123-3f9a1c2b';
  const bad = '20260103-090000-124-00000000';

  test('finds good and damaged runs, and nothing in the store\'s own directories', async () => {
    await writeCheckpoint(join(root, good), checkpoint(good));
    mkdirSync(join(root, bad), { recursive: true });
    writeFileSync(join(root, bad, 'checkpoint.json'), '{"format": "nope"');
    // The store's own layout, shaped to tempt a careless scan.
    mkdirSync(join(dir, 'runs', good), { recursive: true });
    mkdirSync(join(dir, 'locks'), { recursive: true });
    const runs = await listPipelineRuns(dir);
    expect(runs.map((run) => run.runId).sort()).toEqual([good, bad].sort());
    expect(runs.find((run) => run.runId === good)?.checkpoint?.pipeline.name).toBe('demo');
    const damaged = runs.find((run) => run.runId === bad)!;
    expect(damaged.damaged?.path).toBe(join(root, bad, 'checkpoint.json'));
    expect(damaged.damaged?.error).toContain(join(root, bad, 'checkpoint.json'));
  });

  test('findPipelineRun: by id; null for an unknown id, a store run id shape or a missing store', async () => {
    expect((await findPipelineRun(dir, good))?.checkpoint?.runId).toBe(good);
    expect(await findPipelineRun(dir, '20260103-090000-999-3f9a1c2b')).toBeNull();
    expect(await findPipelineRun(dir, '20260103-090000-3f9a1c2b')).toBeNull();
    expect(await findPipelineRun(join(dir, 'absent'), good)).toBeNull();
    expect(await listPipelineRuns(join(dir, 'absent'))).toEqual([]);
  });
});
