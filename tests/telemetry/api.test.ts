/**
 * The api door: while no provider is registered, a run never loads `@opentelemetry/api` (a
 * real child process on the built library, its CJS module cache read afterwards); once one is,
 * the api is found.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { otelApi, providerRegistryInUse } from '../../src/telemetry/api.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { startOtlpReceiver } from './otlp-receiver.js';
import { registerSdk } from './sdk.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

beforeAllBuilt();

/** Runs `code` (ESM, top-level await) in a fresh node; returns the @opentelemetry modules it loaded and what it printed. */
function inChild(code: string): { loaded: string[]; printed: string } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
    import { createRequire } from 'node:module';
    ${code}
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((p) => p.includes('@opentelemetry'));
    console.log(JSON.stringify({ loaded, printed }));
  `], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return JSON.parse(out) as { loaded: string[]; printed: string };
}

describe('otelApi', () => {
  it('a run with no provider registered does not load @opentelemetry/api', () => {
    const { loaded, printed } = inChild(`
      const { recover } = await import('./dist/src/index.js');
      const printed = (await recover(() => undefined)).status;
    `);
    expect(printed).toBe('succeeded');
    expect(loaded).toEqual([]);
  });

  it('a run after an application registered a provider finds it and traces', () => {
    const { printed } = inChild(`
      const api = await import('@opentelemetry/api');
      const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
      const spans = new InMemorySpanExporter();
      api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
      const { recover } = await import('./dist/src/index.js');
      const status = (await recover(() => undefined)).status;
      const printed = [status, ...spans.getFinishedSpans().map((s) => s.name).sort()].join(' ');
    `);
    expect(printed).toBe('succeeded recover.attempt recover.run');
  });

  it('follows registration in this process: null, the api, null again', async () => {
    expect(providerRegistryInUse()).toBe(false);
    expect(otelApi()).toBeNull();
    const receiver = await startOtlpReceiver();
    const sdk = registerSdk(receiver.endpoint);
    try {
      expect(providerRegistryInUse()).toBe(true);
      expect(otelApi()?.trace).toBeDefined();
    } finally {
      await sdk.stop();
      await receiver.close();
    }
    expect(providerRegistryInUse()).toBe(false);
    expect(otelApi()).toBeNull();
  });
});
