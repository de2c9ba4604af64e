/**
 * What a run's test ledger stores in its record (`meta.testLedger`) and its one decoder. The data
 * lives in the store's room, not beside the `TestLedger` class in `src/runtime/`, because two
 * rooms read it: the runtime writes it and reports it, and the flaky memory (`src/memory/`, which
 * may import the store but neither the runtime nor `src/classify`) reads each attempt's statuses.
 */

/**
 * Status characters of {@link TestExecution.statuses}: `p` passed, `f` failed, `s` skipped,
 * `-` not run (a name filter left it out, or the id was first seen later).
 */
export type StatusChar = 'p' | 'f' | 's' | '-';

/** One execution of the command (an attempt runs one, or two when a re-run of the failures is confirmed by the whole command). */
export interface TestExecution {
  /** The attempt it belongs to (1 is the original run). */
  attempt: number;
  /** True for the flake probe (an unchanged re-run). */
  probe: boolean;
  /** `all`: the whole command; `failed`: only the previous execution's failing tests (see src/runtime/test-runners.ts). */
  scope: 'all' | 'failed';
  /**
   * One {@link StatusChar} per id of {@link TestLedgerData.ids} (index i is ids[i]); ids beyond
   * its length were not seen yet, so were not run.
   */
  statuses: string;
  /** The failed tests: index into `ids`, the message's first line and where (redacted, bounded), and the titles a name filter matches. */
  failures: { i: number; message?: string; location?: string; titles?: string[] }[];
}

/** What `meta.testLedger` holds: JSON, read by the report, the flake memory (`recover flaky`) and a resumed run. */
export interface TestLedgerData {
  /** Format of this record; 1. */
  version: 1;
  /** Every test id seen in the run, first seen first: `file > suite > test` as the report names it. */
  ids: string[];
  /** Every execution, oldest first. */
  executions: TestExecution[];
  /** Indexes into `ids` of the tests found flaky in this run (failed, then passed unchanged on the probe). */
  flaky: number[];
}

/** Read `meta.testLedger` of a stored run: the ledger data, or null when absent or not one. */
export function ledgerDataOf(meta: Record<string, unknown> | null | undefined): TestLedgerData | null {
  const tests = meta?.testLedger as Partial<TestLedgerData> | undefined;
  if (!tests || tests.version !== 1 || !Array.isArray(tests.ids) || !Array.isArray(tests.executions)) return null;
  return tests as TestLedgerData;
}
