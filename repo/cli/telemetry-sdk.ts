/**
 * The CLI's OpenTelemetry SDK: started when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces or
 * metrics endpoint) is set, unless `OTEL_SDK_DISABLED=true`. Spans and metrics go out as
 * OTLP/HTTP JSON (the exporters read the standard `OTEL_EXPORTER_OTLP_*` variables: headers,
 * timeouts, per-signal endpoints). A `TRACEPARENT` in the environment (a CI job, an agent that
 * runs `recover`) becomes the parent of the run's spans. The SDK packages are optional peer
 * dependencies (55 MB a library user without telemetry should not install): without them
 * `recover` says so once, naming them, and runs untraced.
 */
import type { CliIO } from './verb.js';

/**
 * Most time the export at exit may take: 2 s. An unreachable collector must not hold every
 * `recover` call for the exporters' own timeouts and retries (17 s measured); what is not sent
 * by then is dropped, with a note.
 */
export const TELEMETRY_SHUTDOWN_MS = 2_000;

/** A started SDK: run the verb inside its context, then flush and stop it. */
export interface CliTelemetry {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Exports what is buffered and stops the providers, within {@link TELEMETRY_SHUTDOWN_MS}; never rejects. Resolves false when the export was cut short. */
  shutdown(): Promise<boolean>;
}

/** What `npm install` needs for telemetry: the API and the SDK packages {@link loadSdk} imports. */
export const OTEL_SDK_PACKAGES = [
  '@opentelemetry/api', '@opentelemetry/sdk-trace-base', '@opentelemetry/sdk-metrics', '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/exporter-metrics-otlp-http', '@opentelemetry/resources', '@opentelemetry/context-async-hooks',
] as const;

/** True when the environment asks for telemetry. */
export function telemetryRequested(env: CliIO['env']): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT);
}

/** Starts the SDK when {@link telemetryRequested}, else (or when the SDK is not installed) null. */
export async function startCliTelemetry(io: CliIO): Promise<CliTelemetry | null> {
  if (!telemetryRequested(io.env)) return null;
  let sdk;
  try {
    sdk = await loadSdk();
  } catch (error) {
    io.stderr.write(`recover: note: OTEL_EXPORTER_OTLP_ENDPOINT is set but the OpenTelemetry SDK is not installed (${(error as Error).message.split('\n')[0]}); running without telemetry. To send it: npm install ${OTEL_SDK_PACKAGES.join(' ')}\n`);
    return null;
  }
  const { api, traceBase, metricsSdk, traceExporter, metricExporter, resources, asyncHooks } = sdk;
  const resource = resources.defaultResource().merge(resources.resourceFromAttributes({
    'service.name': io.env.OTEL_SERVICE_NAME || 'recover',
  })).merge(await resources.detectResources({ detectors: [resources.envDetector] }));
  const tracerProvider = new traceBase.BasicTracerProvider({
    resource,
    spanProcessors: [new traceBase.BatchSpanProcessor(new traceExporter.OTLPTraceExporter())],
  });
  const meterProvider = new metricsSdk.MeterProvider({
    resource,
    readers: [new metricsSdk.PeriodicExportingMetricReader({ exporter: new metricExporter.OTLPMetricExporter(), exportIntervalMillis: 60_000 })],
  });
  api.context.setGlobalContextManager(new asyncHooks.AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(tracerProvider);
  api.metrics.setGlobalMeterProvider(meterProvider);
  const { parseTraceparent } = await import('../telemetry/trace-env.js');
  const incoming = parseTraceparent(io.env.TRACEPARENT);
  const parent = incoming ? api.trace.setSpanContext(api.ROOT_CONTEXT, { ...incoming, isRemote: true }) : api.ROOT_CONTEXT;
  return {
    run: (work) => api.context.with(parent, work),
    shutdown: async () => {
      const why: string[] = [];
      const stopped = Promise.all([tracerProvider, meterProvider].map((provider) => provider.shutdown().catch((error: unknown) => {
        why.push((error as Error).message);
      }))).then(() => true);
      let timer: NodeJS.Timeout | undefined;
      const cut = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), TELEMETRY_SHUTDOWN_MS); });
      const finished = await Promise.race([stopped, cut]);
      clearTimeout(timer);
      api.trace.disable();
      api.metrics.disable();
      api.context.disable();
      if (!finished) io.stderr.write(`recover: note: telemetry export did not finish within ${TELEMETRY_SHUTDOWN_MS} ms (is the collector at ${io.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? io.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '?'} reachable?); the rest is dropped\n`);
      else if (why.length > 0) io.stderr.write(`recover: note: telemetry export failed: ${why.join('; ')}\n`);
      return finished;
    },
  };
}

async function loadSdk() {
  const [api, traceBase, metricsSdk, traceExporter, metricExporter, resources, asyncHooks] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/exporter-metrics-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
  ]);
  return { api, traceBase, metricsSdk, traceExporter, metricExporter, resources, asyncHooks };
}
