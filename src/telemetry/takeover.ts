/**
 * The fleet hook: a run taken over from a dead or expired owner is one `recover.lease.takeover`
 * span (under whatever span is current) and one `recover.lease.takeovers` count. The runtime
 * calls it when `acquire` reports `tookOverFrom`; a fleet worker may call it for its own takeovers.
 */
import type { Lease } from '../store/types.js';
import { otelApi, providersRegistered } from './api.js';
import { instruments, SCOPE } from './instruments.js';

/** Records a takeover; does nothing when the lease replaced nobody or telemetry is off. */
export function recordTakeover(lease: Pick<Lease, 'runId' | 'fence' | 'holder' | 'tookOverFrom'>): void {
  const from = lease.tookOverFrom;
  if (!from) return;
  const api = otelApi();
  if (!api) return;
  const registered = providersRegistered(api);
  const attributes = {
    'recover.run.id': lease.runId, 'recover.lease.fence': lease.fence,
    'recover.lease.previous.pid': from.pid, 'recover.lease.previous.host': from.host,
    ...(from.worker ? { 'recover.lease.previous.worker': from.worker } : {}),
    ...(lease.holder.worker ? { 'recover.lease.worker': lease.holder.worker } : {}),
  };
  if (registered.metrics) instruments(api).takeovers.add(1, lease.holder.worker ? { 'recover.lease.worker': lease.holder.worker } : {});
  if (registered.traces) api.trace.getTracer(SCOPE).startSpan('recover.lease.takeover', { attributes }).end();
}
