/** What a resumed run takes over from the checkpoint: passed steps whose outputs are intact. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PASSING } from '../../../machines/pipeline/steps.js';
import type { StepResult } from '../../../machines/pipeline/types.js';
import type { PipelineCheckpoint } from './checkpoint.js';
import type { PipelineDefinition } from './types.js';

/** sha256 hex of a file, or null when it cannot be read. */
export async function fileSha256(file: string): Promise<string | null> {
  try {
    return createHash('sha256').update(await readFile(file)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * The results a resumed run reuses, marked `reused`: steps that passed, whose persisted output is
 * still there unchanged, and all of whose needs are reused too (a step whose input is re-made is
 * re-run). Everything else runs again, from the first such step in dependency order.
 */
export async function reusableResults(definition: PipelineDefinition, checkpoint: PipelineCheckpoint, runDir: string): Promise<Record<string, StepResult>> {
  const reused: Record<string, StepResult> = {};
  const needsOf = new Map(definition.steps.map((s) => [s.id, s.needs]));
  for (const id of definition.order) {
    const saved = Object.prototype.hasOwnProperty.call(checkpoint.steps, id) ? checkpoint.steps[id] : undefined;
    if (!saved || !PASSING.includes(saved.status)) continue;
    if (!(needsOf.get(id) ?? []).every((need) => need in reused)) continue;
    if (saved.outputFile !== null && (await fileSha256(join(runDir, saved.outputFile))) !== saved.outputSha256) continue;
    const { outputSha256: _sha, outputBytes: _bytes, history: _history, ...result } = saved;
    reused[id] = { ...result, reused: true };
  }
  return reused;
}
