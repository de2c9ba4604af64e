/**
 * Lease takeovers: a run taken over from a dead or expired owner is one `recover.lease.takeover`
 * span (under whatever span is current, linked to the run span of the owner it replaced when
 * that one's `traceparent` was kept in the run's meta) and one `recover.lease.takeovers` count.
 * A fleet worker calls it where it claims a run; the runtime calls it for other leases (a
 * `recover resume` taking a dead process's run).
 */
import type { Lease } from '../store/types.js';
import { otelApi, providersRegistered } from './api.js';
import { instruments, SCOPE } from './instruments.js';
import { parseTraceparent } from './trace-env.js';

/**
 * Records a takeover; does nothing when the lease replaced nobody or telemetry is off.
 * @param previousRun the `traceparent` of the replaced owner's run span (`meta.traceparent`), if any.
 */
export function recordTakeover(lease: Pick<Lease, 'runId' | 'fence' | 'holder' | 'tookOverFrom'>, previousRun?: unknown): void {
  const from = lease.tookOverFrom;
  if (!from) return;
  const api = otelApi();
  if (!api) return;
  const registered = providersRegistered(api);
  const worker = lease.holder.worker ? { 'recover.lease.worker': lease.holder.worker } : {};
  if (registered.metrics) instruments(api).takeovers.add(1, worker);
  if (!registered.traces) return;
  const linked = parseTraceparent(typeof previousRun === 'string' ? previousRun : null);
  api.trace.getTracer(SCOPE).startSpan('recover.lease.takeover', {
    attributes: {
      'recover.run.id': lease.runId, 'recover.lease.fence': lease.fence,
      'recover.lease.previous.pid': from.pid, 'recover.lease.previous.host': from.host,
      ...(from.worker ? { 'recover.lease.previous.worker': from.worker } : {}),
      ...worker,
    },
    ...(linked ? { links: [{ context: { ...linked, isRemote: true }, attributes: { 'recover.link': 'previous_owner' } }] } : {}),
  }).end();
}
