/**
 * The one door to `@opentelemetry/api`, an optional peer dependency. It is loaded (synchronously,
 * once per process) the first time a run asks, and only then: a library user who never installs
 * it, or never registers a provider, pays one failed `require` per process and nothing per run.
 * No SDK is ever loaded here (the CLI starts one, see `src/cli/telemetry-sdk.ts`).
 */
import { createRequire } from 'node:module';
import type * as Api from '@opentelemetry/api';

/** The `@opentelemetry/api` module. */
export type OtelApi = typeof Api;

let loaded: OtelApi | null | undefined;

/** The api module, or null when it is not installed (cached for the process). */
export function otelApi(): OtelApi | null {
  if (loaded !== undefined) return loaded;
  try {
    // The CJS build shares the global provider registry (a `Symbol.for` on globalThis) with the
    // ESM build an application may have imported, so providers it registers are seen here.
    loaded = createRequire(import.meta.url)('@opentelemetry/api') as OtelApi;
  } catch {
    loaded = null;
  }
  return loaded;
}

/**
 * True when a tracer or meter provider other than the api's no-op one is registered globally:
 * without one, a run creates no span and no instrument.
 */
export function providersRegistered(api: OtelApi): { traces: boolean; metrics: boolean } {
  const tracerProvider = api.trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = tracerProvider.getDelegate?.() ?? tracerProvider;
  const meterProvider = api.metrics.getMeterProvider();
  return {
    traces: delegate.constructor?.name !== 'NoopTracerProvider',
    metrics: meterProvider.constructor?.name !== 'NoopMeterProvider',
  };
}
