/** OpenTelemetry for recoveries, through `@opentelemetry/api` only (see `run-telemetry.ts`). */
export type { TelemetryOptions } from './options.js';
export { recordTakeover } from './takeover.js';
export { traceEnv, traceparentOf, parseTraceparent } from './trace-env.js';
export { SCOPE } from './instruments.js';
