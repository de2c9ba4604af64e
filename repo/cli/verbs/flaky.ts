/** `recover flaky`: the flaky-test memory — which tests flip between passing and failing, per command. */
import type { FlakyTest } from '../../memory/flaky/types.js';
import { defineVerb } from '../define-verb.js';
import { cliFlakyMemory } from '../run-memories.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, openRunStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover flaky`'s options and help. */
const FLAKY_SPEC = {
  name: 'flaky',
  synopsis: '[--store DIR|URL] [--command CMD] [--all] [--json]',
  description: `Lists the tests that flipped between passing and failing, newest flip first, per command: a flip
is a change of status between two attempts of one run with nothing changed in between (the
flake probe, a plain retry), or between consecutive runs of the same command. Counted over each
test's last 50 runs by every 'recover run' whose failures name tests (or that has --tests); a
test is remembered from its first failure until its window holds none. With a PostgreSQL store
the memory is shared by every machine using it. 'recover run --quarantine-flaky N' quarantines
the tests with N flips or more.`,
  options: {
    ...STORE_OPTION,
    command: { type: 'string', value: 'CMD', description: "only this command's tests, as 'recover list' shows the command (e.g. 'npx vitest run')" },
    all: { type: 'boolean', description: 'also the remembered tests that have not flipped (failed, but not flaky)' },
    ...JSON_OPTION,
  },
  examples: ['recover flaky', "recover flaky --command 'npx vitest run'", "recover flaky --json | jq '.[] | select(.flips >= 3) | .test'"],
} as const satisfies VerbSpec;

const HEADERS = ['TEST', 'FLIPS', 'FAIL', 'PASS', 'RATE', 'LAST FLIP', 'COMMAND'] as const;

/** The tests as aligned columns (numbers right-aligned), with a header, as gh and vitest print tables. */
export function flakyTable(tests: readonly FlakyTest[]): string {
  const rows = tests.map((t) => [
    t.test, String(t.flips), String(t.failed), String(t.passed), `${Math.round(t.flakeRate * 100)}%`,
    t.lastFlipAt === null ? '—' : new Date(t.lastFlipAt).toISOString().slice(0, 16).replace('T', ' '), t.command,
  ]);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([1, 2, 3, 4]);
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  return `${[line(HEADERS), ...rows.map(line)].join('\n')}\n`;
}

/** `recover flaky`. */
export const flakyVerb = defineVerb(FLAKY_SPEC, async ({ values }, io) => {
  const memory = await cliFlakyMemory(await openRunStore(io, values.store));
  const command = typeof values.command === 'string' ? values.command : undefined;
  const tests = (await memory.list(command)).filter((t) => values.all === true || t.flips > 0);
  if (values.json === true) {
    io.stdout.write(`${JSON.stringify(tests, null, 2)}\n`);
    return 0;
  }
  if (tests.length === 0) {
    io.stdout.write(`no flaky tests remembered${command ? ` for '${command}'` : ''} (a test that passes and fails unchanged, or across runs of one command, shows here)\n`);
    return 0;
  }
  io.stdout.write(flakyTable(tests));
  return 0;
});
