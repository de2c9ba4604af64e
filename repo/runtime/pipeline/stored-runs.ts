/**
 * Pipeline runs as the read verbs (`recover list`, `history`, `report`) find them in a store
 * directory: `<dir>/<pipeline-slug>/<runId>/checkpoint.json` (see checkpoint.ts). Only names that
 * have the shape of a pipeline and a run id are looked at, so the store's own `runs/` and
 * `locks/` are never mistaken for a pipeline.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECKPOINT_FILE, readCheckpoint, type PipelineCheckpoint } from './checkpoint.js';

/** A pipeline run id (`pipelineRunId`): `20260103-090000-123-3f9a1c2b`. */
export const PIPELINE_RUN_ID = /^\d{8}-\d{6}-\d{3}-[0-9a-f]{8}$/;
/** A pipeline's directory (`pipelineDir`): a slug and 8 hex digits of its identity. */
const PIPELINE_DIR = /^[a-z0-9._-]{1,40}-[0-9a-f]{8}$/;

/** One pipeline run found on disk: its checkpoint, or why it could not be read. */
export type StoredPipelineRun =
  | { runId: string; runDir: string; checkpoint: PipelineCheckpoint; damaged?: undefined }
  | { runId: string; runDir: string; checkpoint?: undefined; damaged: { path: string; error: string }; /** The file's modification time (epoch ms), 0 when it has none. */ mtimeMs: number };

async function subdirectories(dir: string, shape: RegExp): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory() && shape.test(entry.name)).map((entry) => entry.name);
  } catch {
    // No store yet (or not a directory): no pipeline runs.
    return [];
  }
}

async function readRun(runId: string, runDir: string): Promise<StoredPipelineRun> {
  try {
    return { runId, runDir, checkpoint: await readCheckpoint(runDir) };
  } catch (error) {
    const path = join(runDir, CHECKPOINT_FILE);
    const mtimeMs = await stat(path).then((s) => s.mtimeMs, () => 0);
    return { runId, runDir, damaged: { path, error: (error as Error).message }, mtimeMs };
  }
}

/** Every pipeline run under the store directory `dir`, damaged ones included (unordered). */
export async function listPipelineRuns(dir: string): Promise<StoredPipelineRun[]> {
  const runs: StoredPipelineRun[] = [];
  for (const pipeline of await subdirectories(dir, PIPELINE_DIR)) {
    for (const runId of await subdirectories(join(dir, pipeline), PIPELINE_RUN_ID)) runs.push(await readRun(runId, join(dir, pipeline, runId)));
  }
  return runs;
}

/**
 * The pipeline run `runId` under `dir`, or null when there is none (or `runId` is not shaped like
 * a pipeline run id). A damaged checkpoint is returned as such, never hidden.
 */
export async function findPipelineRun(dir: string, runId: string): Promise<StoredPipelineRun | null> {
  if (!PIPELINE_RUN_ID.test(runId)) return null;
  for (const pipeline of await subdirectories(dir, PIPELINE_DIR)) {
    if ((await subdirectories(join(dir, pipeline), PIPELINE_RUN_ID)).includes(runId)) return readRun(runId, join(dir, pipeline, runId));
  }
  return null;
}
