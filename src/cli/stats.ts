/** `recover stats`: metrics across every run in the store (failures, recoveries, escalations, flake rate…). */
import { parse, UsageError } from './args.js';
import { openCliStore } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover stats [--store DIR] [--json]

Failures, auto-recovered, escalations, rollbacks, skips, flake rate, mean time to recover and
counts by failure type, across every readable run in the store (damaged runs are skipped).

Options:
  --store DIR   run store (default: $RECOVERY_STORE or ./.recovery)
  --json        the metrics as JSON

Examples:
  recover stats
  recover stats --json | jq .totals
`;

/** `recover stats`. */
export const statsVerb: Verb = {
  summary: 'metrics across the runs in the store',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { store: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const store = await openCliStore(io, values.store as string | undefined);
    const runs = [];
    for (const summary of await store.list()) {
      if (summary.damaged) continue;
      const record = await store.load(summary.runId).catch(() => null);
      if (record) runs.push({ status: record.status, history: record.history });
    }
    const { computeMetrics } = await import('../report/metrics.js');
    const metrics = computeMetrics(runs);
    if (values.json === true) {
      io.stdout.write(`${JSON.stringify(metrics, null, 2)}\n`);
      return 0;
    }
    const flat = (value: unknown, prefix: string): void => {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, inner] of Object.entries(value)) flat(inner, prefix ? `${prefix}.${key}` : key);
      } else {
        io.stdout.write(`${prefix.padEnd(40)} ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(3) : String(value)}\n`);
      }
    };
    flat(metrics, '');
    return 0;
  },
};
