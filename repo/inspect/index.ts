/**
 * Inspection adapters: the Stately inspector over a bounded WebSocket, its local relay, the NDJSON
 * trace, and a way to use several at once.
 * @packageDocumentation
 */
export { createInspector, DEFAULT_INSPECT_URL, type Inspector, type InspectorOptions } from './inspector.js';
export type { AdapterStatus, BoundedAdapterOptions } from './ws-adapter.js';
export { startInspectServer, type InspectServer, type InspectServerOptions } from './server.js';
export { createTraceWriter, parseTrace, readTrace, toTraceEntry, type TraceEntry, type TraceWriter, type TraceWriterOptions } from './trace.js';
export { combineInspectors, type InspectionSink } from './combine.js';
export { stringifySafe, toJsonSafe, type Json, type JsonSafeOptions } from './serialize.js';
