/** `recover stats`: metrics across every run in the store (failures, recoveries, escalations, flake rate…). */
import { formatDuration } from '../../policy/duration.js';
import type { FlakyTestMetrics } from '../../memory/flaky/metrics.js';
import type { FixMemoryMetrics } from '../../memory/metrics.js';
import type { Metrics } from '../../report/types.js';
import { defineVerb } from '../define-verb.js';
import { cliFixMemory, cliFlakyMemory } from '../run-memories.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, openRunStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover stats`'s options and help. */
const STATS_SPEC = {
  name: 'stats',
  synopsis: '[--store DIR|URL] [--json]',
  description: `Failures, auto-recovered, escalations, rollbacks, skips, flake rate, mean time to recover and
counts by failure type, across every readable run in the store (damaged runs are skipped); and
the fix memory: fixes remembered, lookups, hit rate (lookups that found a fix) and reuses; and
the flaky-test memory ('recover flaky'): tests remembered, flaky tests, flips and the test flake
rate (runs in which a remembered test flipped, of the runs that ran it).`,
  options: { ...STORE_OPTION, ...JSON_OPTION },
  examples: ['recover stats', 'recover stats --json | jq .totals'],
} as const satisfies VerbSpec;

/** Labels of the totals, in the order people read them. */
const TOTALS: ReadonlyArray<[keyof Metrics['totals'], string]> = [
  ['runs', 'runs'], ['failures', 'failed at least once'], ['autoRecovered', 'recovered without a human'],
  ['escalations', 'escalations'], ['rollbacks', 'rollbacks'], ['skips', 'skipped'], ['aborts', 'aborted'],
  ['flaky', 'flaky'], ['handedOff', 'handoffs'],
];

/** The metrics as two aligned tables: totals (with rates), then failures by type. */
export function statsTable(metrics: Metrics): string {
  const rows: string[][] = TOTALS.map(([key, label]) => [label, String(metrics.totals[key])]);
  rows.push(['flake rate', `${(metrics.flakeRate * 100).toFixed(1)}%`]);
  rows.push(['mean time to recover', metrics.meanTimeToRecoverMs === null ? '—' : formatDuration(metrics.meanTimeToRecoverMs)]);
  const width = Math.max(...rows.map(([label]) => label!.length));
  const out = rows.map(([label, value]) => `${label!.padEnd(width)}  ${value!.padStart(7)}`);
  const types = Object.entries(metrics.byType).sort(([a], [b]) => a.localeCompare(b));
  if (types.length > 0) {
    const typeWidth = Math.max('failure type'.length, ...types.map(([type]) => type.length));
    out.push('', `${'failure type'.padEnd(typeWidth)}  failures  recovered  escalated`);
    for (const [type, m] of types) {
      out.push(`${type.padEnd(typeWidth)}  ${String(m!.failures).padStart(8)}  ${String(m!.recovered).padStart(9)}  ${String(m!.escalated).padStart(9)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** The fix memory's figures as a table, after {@link statsTable}'s. */
export function fixMemoryTable(m: FixMemoryMetrics): string {
  const rows: [string, string][] = [
    ['fixes remembered', String(m.entries)], ['failure signatures', String(m.signatures)], ['fix lookups', String(m.lookups)],
    ['lookup hit rate', `${(m.hitRate * 100).toFixed(1)}%`], ['fixes reused', String(m.reused)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return `${rows.map(([label, value]) => `${label.padEnd(width)}  ${value.padStart(7)}`).join('\n')}\n`;
}

/** The flaky-test memory's figures as a table, after {@link fixMemoryTable}'s. */
export function flakyTestTable(m: FlakyTestMetrics): string {
  const rows: [string, string][] = [
    ['tests remembered', String(m.remembered)], ['flaky tests', String(m.flaky)], ['test flips', String(m.flips)],
    ['test flake rate', `${(m.flakeRate * 100).toFixed(1)}%`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return `${rows.map(([label, value]) => `${label.padEnd(width)}  ${value.padStart(7)}`).join('\n')}\n`;
}

/** `recover stats`. */
export const statsVerb = defineVerb(STATS_SPEC, async ({ values }, io) => {
  const opened = await openRunStore(io, values.store);
  const { store } = opened;
  const runs = [];
  for (const summary of await store.list()) {
    if (summary.damaged) continue;
    const record = await store.load(summary.runId).catch(() => null);
    if (record) runs.push({ status: record.status, history: record.history });
  }
  const { computeMetrics } = await import('../../report/metrics.js');
  const { fixMemoryMetrics } = await import('../../memory/metrics.js');
  const memory = await cliFixMemory(opened);
  const [memoryStats, entries] = await Promise.all([memory.stats(), memory.list()]);
  const { flakyTestMetrics } = await import('../../memory/flaky/metrics.js');
  // A damaged flaky memory file is named and the rest still shown ('recover repair' rebuilds it).
  const flakyTests = await (await cliFlakyMemory(opened)).list().then(flakyTestMetrics, (error: unknown) => {
    io.stderr.write(`recover: note: ${(error as Error).message}\n`);
    return null;
  });
  const metrics = { ...computeMetrics(runs), fixMemory: fixMemoryMetrics(memoryStats, entries), flakyTests };
  io.stdout.write(values.json === true ? `${JSON.stringify(metrics, null, 2)}\n`
    : `${statsTable(metrics)}\n${fixMemoryTable(metrics.fixMemory)}${flakyTests ? `\n${flakyTestTable(flakyTests)}` : ''}`);
  return 0;
});
