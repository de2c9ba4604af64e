/**
 * The one door to `@opentelemetry/api`, an optional peer dependency. It is loaded (synchronously,
 * once per process) only once something has registered a tracer or meter provider with it: the
 * api keeps what is registered in one global registry (`Symbol.for('opentelemetry.js.api.1')` on
 * `globalThis`, shared by every copy and build of api 1.x), so while that holds no provider a run
 * reads one property and loads nothing — loading the api itself costs tens of ms, hundreds on a
 * loaded machine, which every `recover` process and fleet worker would otherwise pay.
 * No SDK is ever loaded here (the CLI starts one, see `src/cli/telemetry-sdk.ts`).
 */
import { createRequire } from 'node:module';
import type * as Api from '@opentelemetry/api';

/** The `@opentelemetry/api` module. */
export type OtelApi = typeof Api;

let loaded: OtelApi | null | undefined;

/** Where api 1.x registers the global providers (its `global-utils`: `opentelemetry.js.api.<major>`). */
const REGISTRY = Symbol.for('opentelemetry.js.api.1');

/** True when a tracer or meter provider is registered with `@opentelemetry/api` in this process; loads nothing. */
export function providerRegistryInUse(): boolean {
  const registry = (globalThis as { [REGISTRY]?: { trace?: unknown; metrics?: unknown } })[REGISTRY];
  return registry !== undefined && (registry.trace !== undefined || registry.metrics !== undefined);
}

/**
 * The api module, or null when no provider is registered (checked on every call: one may be
 * registered later) or the api is not installed (cached for the process).
 */
export function otelApi(): OtelApi | null {
  if (!providerRegistryInUse()) return null;
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
