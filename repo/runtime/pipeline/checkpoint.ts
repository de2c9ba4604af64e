/**
 * One JSON checkpoint per pipeline run (seed 002's `checkpoint.json`), next to the steps' outputs:
 *
 *     <dir>/<pipeline-slug>/<runId>/checkpoint.json
 *     <dir>/<pipeline-slug>/<runId>/outputs/<stepId>.stdout
 *
 * Every write is atomic (temp file, fsync, rename), so a crash leaves the old or the new
 * checkpoint, never half of one. A checkpoint that cannot be read is reported, never overwritten.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PipelineStatus, StepResult } from '../../../machines/pipeline/types.js';
import type { HistoryEvent } from '../../taxonomy/index.js';
import { PipelineResumeError } from './errors.js';

/** Identifies the checkpoint format. */
export const CHECKPOINT_FORMAT = 'recovery-protocol/pipeline-checkpoint';
/** Bump on an incompatible change. */
export const CHECKPOINT_VERSION = 1;
/** The checkpoint's file name inside a run directory. */
export const CHECKPOINT_FILE = 'checkpoint.json';

/** A step as the checkpoint records it: its result, its persisted output and its recovery history. */
export interface CheckpointStep extends Omit<StepResult, 'status'> {
  /** `running` while the step is in flight (write-ahead): a resume runs it again. */
  status: StepResult['status'];
  outputSha256: string | null;
  /** Bytes the step printed on stdout (the file keeps at most the last 1 MiB). */
  outputBytes: number;
  history: HistoryEvent[];
}

/** The checkpoint of one pipeline run. */
export interface PipelineCheckpoint {
  format: typeof CHECKPOINT_FORMAT;
  version: typeof CHECKPOINT_VERSION;
  runId: string;
  pipeline: { name: string; file: string };
  definitionHash: string;
  /** Each step's hash (see `stepHashes`); absent in checkpoints written before steps were compared one by one. */
  stepHashes?: Record<string, string>;
  /** What a resume found changed (steps not yet passed: changed, added or removed), in resume order. */
  changes?: Array<{ at: string; steps: string[] }>;
  status: PipelineStatus;
  failedStep: string | null;
  reason: string | null;
  /** ISO-8601. */
  startedAt: string;
  updatedAt: string;
  /** How many times the run was resumed. */
  resumes: number;
  /** Seed 002's `completed_agents`: passed steps, in the order they passed. */
  completed: string[];
  steps: Record<string, CheckpointStep>;
}

/** The directory of one pipeline's runs: a readable slug plus a hash of its identity. */
export function pipelineDir(dir: string, name: string, identity: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'pipeline';
  return join(dir, `${slug}-${createHash('sha256').update(identity).digest('hex').slice(0, 8)}`);
}

/** Write `data` to `file` atomically: temp file in the same directory, fsync, rename. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Persist a checkpoint atomically into its run directory. */
export async function writeCheckpoint(runDir: string, checkpoint: PipelineCheckpoint): Promise<void> {
  await mkdir(runDir, { recursive: true });
  await writeFileAtomic(join(runDir, CHECKPOINT_FILE), `${JSON.stringify(checkpoint, null, 2)}\n`);
}

/** Read a checkpoint; throws `PipelineResumeError('corrupt_checkpoint')` naming the file when it is unreadable. */
export async function readCheckpoint(runDir: string): Promise<PipelineCheckpoint> {
  const file = join(runDir, CHECKPOINT_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new PipelineResumeError('corrupt_checkpoint', `cannot read the checkpoint ${file} (${(error as Error).message}); it is kept as it is`, file);
  }
  const c = parsed as Partial<PipelineCheckpoint> | null;
  if (!c || c.format !== CHECKPOINT_FORMAT || c.version !== CHECKPOINT_VERSION || typeof c.runId !== 'string' || typeof c.steps !== 'object' || c.steps === null) {
    throw new PipelineResumeError('corrupt_checkpoint', `${file} is not a pipeline checkpoint of version ${CHECKPOINT_VERSION}; it is kept as it is`, file);
  }
  return c as PipelineCheckpoint;
}

/**
 * The most recent run directory of a pipeline (run ids are time-ordered), or null. Only names
 * are listed: the one checkpoint that matters is read by the caller.
 */
export async function latestRunDir(pipelineRoot: string): Promise<string | null> {
  let names: string[];
  try {
    names = (await readdir(pipelineRoot, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return null;
  }
  const latest = names.sort().at(-1);
  return latest === undefined ? null : join(pipelineRoot, latest);
}
