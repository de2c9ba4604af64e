import { describe, expect, it } from 'vitest';
import { runDemo } from '../../examples/embedding/orchestrator.js';

describe('examples/embedding: an orchestrator invoking the recovery machine per step', () => {
  it('passes, recovers and skips steps through child recovery machines', async () => {
    expect(await runDemo()).toEqual({ lint: 'succeeded', test: 'recovered', deploy: 'skipped' });
  });
});
