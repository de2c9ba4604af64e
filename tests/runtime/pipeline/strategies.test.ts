/**
 * Seed 002's per-step strategies with real processes: MISSING_SECTIONS names exactly the missing
 * sections in the next attempt's RECOVERY_HINT, EMPTY_OUTPUT asks for output, TIMEOUT gives the
 * next attempt 1.5 × the time and a note to simplify.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../../src/runtime/pipeline/index.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/step.mjs', import.meta.url));
const WRITER = fileURLToPath(new URL('../../fixtures/output-writer.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'pipeline-strategies-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Run a one-step pipeline (JSON this time) whose fixture behaves as `mode`. */
async function runOne(id: string, mode: string, extra: Record<string, unknown>) {
  const file = join(root, `${id}.json`);
  writeFileSync(file, JSON.stringify({ steps: [{ id, run: [process.execPath, FIXTURE, id, root, mode], ...extra }] }));
  return runPipeline(file, { dir: join(root, 'store') });
}
const hintOf = (id: string, attempt: number) => readFileSync(join(root, 'hints', `${id}.${attempt}`), 'utf8');

describe('seed 002 step strategies', () => {
  it('MISSING_SECTIONS: the retry is told exactly which sections are missing', async () => {
    const result = await runOne('review', 'sections', { expectSections: ['# Summary', '# Tests'] });
    expect(result.status).toBe('succeeded');
    expect(result.steps[0]).toMatchObject({ status: 'recovered', attempts: 2, type: 'MISSING_SECTIONS' });
    expect(hintOf('review', 1)).toBe('');
    expect(hintOf('review', 2)).toBe('Your output MUST include these exact sections: # Tests');
    expect(readFileSync(join(result.runDir, 'outputs', 'review.stdout'), 'utf8')).toContain('# Tests');
  });

  it('MISSING_SECTIONS: up to 3 hinted retries, each naming the sections still missing; the same ones again stop it as a repeated fix', async () => {
    // Adds one section per hinted attempt: three missing need all three retries (attempt 4 passes).
    const file = join(root, 'stepwise.json');
    const dir = join(root, 'stepwise');
    writeFileSync(file, JSON.stringify({ steps: [{ id: 'report', run: [process.execPath, WRITER, 'sections', dir], expectSections: ['# A', '# B', '# C'] }] }));
    const result = await runPipeline(file, { dir: join(root, 'store') });
    expect(result.steps[0]).toMatchObject({ status: 'recovered', attempts: 4, iterations: 3, type: 'MISSING_SECTIONS' });
    const hints = readFileSync(join(dir, 'log.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { hint: string }).hint);
    expect(hints).toEqual(['', ...['# A, # B, # C', '# B, # C', '# C'].map((s) => `Your output MUST include these exact sections: ${s}`)]);

    // One that never adds a section: the second identical hint is refused (not tried), and the run says which sections.
    const stubborn = join(root, 'stubborn.json');
    writeFileSync(stubborn, JSON.stringify({ steps: [{ id: 'lazy', run: [process.execPath, WRITER, 'stubborn', join(root, 'lazy')], expectSections: ['# A'] }] }));
    const stopped = await runPipeline(stubborn, { dir: join(root, 'store') });
    expect(stopped.steps[0]).toMatchObject({ status: 'escalated', attempts: 2, reason: 'infinite_loop', type: 'MISSING_SECTIONS' });
    expect(stopped.steps[0]!.message).toContain('# A');
  });

  it('EMPTY_OUTPUT: the retry is asked explicitly for output', async () => {
    const result = await runOne('writer', 'empty', { expectSections: ['# Output'] });
    expect(result.steps[0]).toMatchObject({ status: 'recovered', attempts: 2, type: 'EMPTY_OUTPUT' });
    expect(hintOf('writer', 2)).toBe('Previous attempt produced no output. Write the complete output explicitly.');
  });

  it('TIMEOUT: the retry gets 1.5 × the timeout and a note to simplify', async () => {
    // Attempt 1 would take 5 s against a 1 s limit; attempt 2 takes 1.1 s, which only a 1.5 s limit allows.
    const result = await runOne('implement', 'slow', { timeout: '1s', policy: { types: { TIMEOUT: { delaysMs: [0] } } } });
    expect(result.steps[0]).toMatchObject({ status: 'recovered', attempts: 2, type: 'TIMEOUT' });
    expect(hintOf('implement', 2)).toMatch(/^Previous attempt timed out\. Focus on core requirements only/);
  }, 20_000);
});
