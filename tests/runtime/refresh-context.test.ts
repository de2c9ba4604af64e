/**
 * Seed 004's context refresh reaches a command: the attempts whose failure type refreshes context
 * (the policy's `contextRefreshFrom`) run with `RECOVERY_REFRESH_CONTEXT=1`, the others with it
 * empty (an outer run's value never leaks in), and each RETRY event records whether its execution
 * started from a fresh context. A real child process reads its own environment.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandTask } from '../../src/runtime/command.js';
import { recover } from '../../src/runtime/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'recovery-refresh-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Appends "attempt:RECOVERY_REFRESH_CONTEXT" to the file, then fails a test the same way every time.
const SCRIPT = `
const { appendFileSync } = require('node:fs');
appendFileSync(process.argv[1], process.env.RECOVERY_ATTEMPT + ':' + process.env.RECOVERY_REFRESH_CONTEXT + '\\n');
console.error('AssertionError: expected 3 to be 4');
process.exit(1);
`;

describe('RECOVERY_REFRESH_CONTEXT', () => {
  it('is 1 on the attempts from the type\'s contextRefreshFrom on, and each RETRY records it', async () => {
    const seen = join(scratch, 'seen.txt');
    const fixes = ['add a null check before payload.exp', 'decode the token with jwt.verify', 'compare expiry in seconds, not milliseconds'];
    const outcome = await recover(commandTask(process.execPath, ['-e', SCRIPT, seen], { env: { RECOVERY_REFRESH_CONTEXT: '1' } }), {
      adapt: (input) => ({ fix: fixes[input.fixesTried.length]!, confidence: 0.9 }),
      policy: { flakeProbe: false, types: { VERIFICATION_FAILED: { contextRefreshFrom: 2 } } },
    });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'max_attempts', attempts: 4 });
    // The original run and iteration 1 keep their context; iterations 2 and 3 start from a fresh one.
    expect(readFileSync(seen, 'utf8').trim().split('\n')).toEqual(['1:', '2:', '3:1', '4:1']);
    const retries = outcome.history.filter((e) => e.phase === 'RETRY');
    expect(retries.map((e) => [e.attempt, e.contextRefreshed])).toEqual([[2, false], [3, true], [4, true]]);
    expect(outcome.history.filter((e) => e.phase !== 'RETRY').every((e) => !('contextRefreshed' in e))).toBe(true);
  });
});
