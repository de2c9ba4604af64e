/**
 * Telemetry off costs nothing: without a registered provider (or with `telemetry.enabled: false`)
 * and without a fix memory, a run gets the shared no-op extensions (no wrapper, no subscription),
 * and a command sees no TRACEPARENT.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memoryFixMemory } from '../../src/memory/memory-fix-memory.js';
import { realClock } from '../../src/runtime/clock.js';
import { commandTask } from '../../src/runtime/command.js';
import { recover } from '../../src/runtime/recovery.js';
import { NO_EXTENSIONS, runExtensions } from '../../src/runtime/run-extensions.js';
import { startOtlpReceiver } from '../telemetry/otlp-receiver.js';
import { registerSdk } from '../telemetry/sdk.js';

const TASK = fileURLToPath(new URL('../fixtures/traced-task.mjs', import.meta.url));

describe('runExtensions', () => {
  it('is the shared no-op when no provider is registered and no memory is given', () => {
    expect(runExtensions({}, realClock, [])).toBe(NO_EXTENSIONS);
    expect(runExtensions({ adapt: () => null }, realClock, [])).toBe(NO_EXTENSIONS);
    // A memory without an adapter has nothing to wrap.
    expect(runExtensions({ fixMemory: memoryFixMemory() }, realClock, [])).toBe(NO_EXTENSIONS);
    expect(runExtensions({ fixMemory: memoryFixMemory(), adapt: () => null }, realClock, [])).not.toBe(NO_EXTENSIONS);
  });

  it('is the no-op when telemetry is disabled for the run, even with a provider registered', async () => {
    const receiver = await startOtlpReceiver();
    const sdk = registerSdk(receiver.endpoint);
    try {
      expect(runExtensions({ telemetry: { enabled: false } }, realClock, [])).toBe(NO_EXTENSIONS);
      expect(runExtensions({}, realClock, [])).not.toBe(NO_EXTENSIONS);
    } finally {
      await sdk.stop();
      await receiver.close();
    }
  });

  it('gives a command no TRACEPARENT when telemetry is off', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'telemetry-off-'));
    const { TRACEPARENT: _inherited, ...env } = process.env;
    const outcome = await recover(commandTask(process.execPath, [TASK, 'task.log'], { cwd, env: { ...env, TRACEPARENT: '' } }), { policy: { maxDelayMs: 1 } });
    expect(outcome.status).toBe('escalated');
    expect(readFileSync(join(cwd, 'task.log'), 'utf8').split('\n').filter(Boolean)).toEqual([]);
  });
});
