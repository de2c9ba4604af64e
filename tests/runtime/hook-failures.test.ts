/** What a failed diagnoser or adapter leaves in a run: its own words, redacted, on the phase that failed. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterCommand } from '../../src/runtime/program-hooks.js';
import { AgentBudgetError } from '../../src/runtime/agent/agent-hooks.js';
import { recover } from '../../src/runtime/index.js';

const secret = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const failingBuild = () => { throw new Error("Error: Cannot find module './utils' from 'src/index.js'"); };

describe('a hook that fails', () => {
  it('an adapter error escalates adapter_failed with its message on the ADAPT event, redacted', async () => {
    const outcome = await recover(failingBuild, {
      policy: { flakeProbe: false },
      adapt: () => { throw new Error(`agent claude (ADAPT) failed: API Error: 401 invalid x-api-key ${secret}`); },
    });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'adapter_failed' });
    const adapt = outcome.history.find((e) => e.phase === 'ADAPT');
    expect(adapt).toMatchObject({ result: 'failure', reason: 'adapter_failed' });
    expect(adapt!.message).toMatch(/^agent claude \(ADAPT\) failed: API Error: 401 invalid x-api-key /);
    expect(JSON.stringify(outcome)).not.toContain('AbCdEfGhIjKlMnOp');
  });

  it('"no alternative" with a reason records the reason', async () => {
    const outcome = await recover(failingBuild, { policy: { flakeProbe: false }, adapt: () => ({ fix: null, message: 'the agent found nothing to change' }) });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'no_alternative' });
    expect(outcome.history.find((e) => e.phase === 'ADAPT')).toMatchObject({ result: 'failure', reason: 'no_alternative', message: 'the agent found nothing to change' });
  });

  it('a spend over the agent budget escalates with its own reason', async () => {
    const outcome = await recover(failingBuild, { policy: { flakeProbe: false }, adapt: () => { throw new AgentBudgetError('agent claude spent $0.6000, over the run\'s limit of $0.5'); } });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'agent_budget' });
    expect(outcome.history.find((e) => e.phase === 'ADAPT')!.message).toMatch(/over the run's limit/);
  });

  it('a diagnoser error is recorded on DIAGNOSE (diagnoser_failed, its message) and the built-in diagnosis stands', async () => {
    const outcome = await recover(failingBuild, {
      policy: { flakeProbe: false },
      diagnose: () => { throw new Error('agent gemini (DIAGNOSE) failed: fetch failed (ECONNREFUSED 127.0.0.1:9)'); },
      adapt: () => ({ fix: 'create src/utils.js' }),
    });
    const diagnosed = outcome.history.find((e) => e.phase === 'DIAGNOSE');
    expect(diagnosed).toMatchObject({ result: 'diagnosed', reason: 'diagnoser_failed', message: 'agent gemini (DIAGNOSE) failed: fetch failed (ECONNREFUSED 127.0.0.1:9)' });
    expect(outcome.history.some((e) => e.phase === 'ADAPT' && e.result === 'adapted')).toBe(true);
  });
});

describe('how long the adapter took', () => {
  it('is on the ADAPT event, from the run\'s clock', async () => {
    const outcome = await recover((ctx) => { if (ctx.attempt === 1) failingBuild(); }, {
      policy: { flakeProbe: false, maxDelayMs: 0 },
      adapt: async () => { await new Promise((resolve) => setTimeout(resolve, 60)); return { fix: 'create src/utils.js' }; },
    });
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.find((e) => e.phase === 'ADAPT')!.durationMs).toBeGreaterThanOrEqual(50);
  });
});

describe('an adapter program past the run\'s hook deadline', () => {
  it('is killed with its process group, and the phase fails saying so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recovery-hook-deadline-'));
    try {
      const outcome = await recover(failingBuild, {
        policy: { flakeProbe: false }, hookTimeoutMs: 500,
        adapt: adapterCommand(['sh', '-c', 'echo $$ > adapter.pid; exec sleep 30'], { cwd: dir }),
      });
      expect(outcome).toMatchObject({ status: 'escalated', reason: 'adapter_failed' });
      expect(outcome.history.find((e) => e.phase === 'ADAPT')!.message).toMatch(/timed out after 500 ms/);
      // The abort kills the group at once; the leader is gone once it is reaped.
      const pid = Number(readFileSync(join(dir, 'adapter.pid'), 'utf8'));
      await expect.poll(() => { try { process.kill(pid, 0); return 'alive'; } catch { return 'gone'; } }, { timeout: 20_000 }).toBe('gone');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
