/**
 * A real OTLP/HTTP receiver on 127.0.0.1 for tests: it accepts what the SDK's JSON exporters
 * POST to `/v1/traces` and `/v1/metrics` and decodes it into plain spans and metric names.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OTLP attribute value, as the JSON encoding carries it. */
type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };

/** A span as received. */
export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean>;
  events: { name: string; attributes: Record<string, string | number | boolean> }[];
  links: { traceId: string; spanId: string; attributes: Record<string, string | number | boolean> }[];
  status: { code?: number; message?: string };
  resource: Record<string, string | number | boolean>;
}

/** The receiver: its endpoint (for `OTEL_EXPORTER_OTLP_ENDPOINT`) and what arrived. */
export interface OtlpReceiver {
  endpoint: string;
  spans: ReceivedSpan[];
  metricNames: Set<string>;
  /** The latest exported data points of a metric, with their attributes and value (sum, count of a histogram). */
  points(name: string): { attributes: Record<string, string | number | boolean>; value: number }[];
  /** Content types of the requests (to show the encoding). */
  contentTypes: Set<string>;
  close(): Promise<void>;
}

const valueOf = (v: AnyValue): string | number | boolean =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.doubleValue ?? v.boolValue ?? '');
const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/** Starts a receiver on an ephemeral port of 127.0.0.1. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const metricNames = new Set<string>();
  const points = new Map<string, { attributes: Record<string, string | number | boolean>; value: number }[]>();
  const contentTypes = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      if (req.url === '/v1/traces') {
        for (const rs of (body.resourceSpans as { resource?: { attributes?: KeyValue[] }; scopeSpans: { spans: Record<string, unknown>[] }[] }[]) ?? []) {
          const resource = attributesOf(rs.resource?.attributes);
          for (const ss of rs.scopeSpans) {
            for (const s of ss.spans) {
              spans.push({
                name: s.name as string, traceId: s.traceId as string, spanId: s.spanId as string, parentSpanId: (s.parentSpanId as string | undefined) ?? '',
                attributes: attributesOf(s.attributes as KeyValue[]),
                events: ((s.events as { name: string; attributes?: KeyValue[] }[]) ?? []).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
                links: ((s.links as { traceId: string; spanId: string; attributes?: KeyValue[] }[]) ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId, attributes: attributesOf(l.attributes) })),
                status: (s.status as { code?: number; message?: string }) ?? {},
                resource,
              });
            }
          }
        }
      } else if (req.url === '/v1/metrics') {
        for (const rm of (body.resourceMetrics as { scopeMetrics: { metrics: Record<string, unknown>[] }[] }[]) ?? []) {
          for (const sm of rm.scopeMetrics) {
            for (const m of sm.metrics) {
              const name = m.name as string;
              metricNames.add(name);
              // Cumulative temporality: each export repeats the totals, so the latest one stands.
              points.set(name, []);
              const data = (m.sum ?? m.histogram ?? m.gauge) as { dataPoints?: { attributes?: KeyValue[]; asInt?: string | number; asDouble?: number; count?: string | number }[] } | undefined;
              for (const p of data?.dataPoints ?? []) {
                const list = points.get(name) ?? [];
                list.push({ attributes: attributesOf(p.attributes), value: Number(p.asInt ?? p.asDouble ?? p.count ?? 0) });
                points.set(name, list);
              }
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans, metricNames, contentTypes,
    points: (name) => points.get(name) ?? [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
