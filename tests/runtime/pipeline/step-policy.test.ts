/**
 * Seed 002's per-role override with real processes: a step's own `policy` drives that step's
 * recovery and no other's. Two steps fail the same way (a missing section, which the default
 * budget retries with a hint); the one whose policy gives MISSING_SECTIONS a budget of 0
 * escalates after its first attempt, the one without a policy recovers on its second.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readCheckpoint, runPipeline } from '../../../src/runtime/pipeline/index.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/step.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'pipeline-step-policy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const count = (id: string) => Number(readFileSync(join(root, 'counts', id), 'utf8'));
/** A step whose output lacks `# Tests` until a RECOVERY_HINT asks for it. */
const sectionsStep = (id: string, extra: Record<string, unknown> = {}) =>
  ({ id, run: [process.execPath, FIXTURE, id, root, 'sections'], expectSections: ['# Summary', '# Tests'], ...extra });

describe('a step’s own policy (seed 002 per-role override)', () => {
  it('overrides the recovery settings for that step only: budget 0 escalates where the default recovers', async () => {
    const file = join(root, 'roles.json');
    writeFileSync(file, JSON.stringify({
      name: 'roles',
      steps: [
        sectionsStep('lenient'),
        sectionsStep('strict', { needs: ['lenient'], policy: { types: { MISSING_SECTIONS: { budget: 0 } } } }),
      ],
    }));
    const result = await runPipeline(file, { dir: join(root, 'store') });
    expect(result).toMatchObject({ status: 'failed', failedStep: 'strict' });
    // Without a policy of its own: the defaults, a retry told the missing section, recovered.
    expect(result.steps[0]).toMatchObject({ stepId: 'lenient', status: 'recovered', attempts: 2, type: 'MISSING_SECTIONS' });
    // With one: the same failure, but its budget is spent at once, so it is never retried.
    expect(result.steps[1]).toMatchObject({ stepId: 'strict', status: 'escalated', attempts: 1, type: 'MISSING_SECTIONS', reason: 'max_attempts' });
    expect({ lenient: count('lenient'), strict: count('strict') }).toEqual({ lenient: 2, strict: 1 });
    const checkpoint = await readCheckpoint(result.runDir);
    expect(checkpoint.steps.strict!.history.at(-1)).toMatchObject({ phase: 'ESCALATE', reason: 'max_attempts' });
  });
});
