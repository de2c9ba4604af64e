/**
 * Test quarantine: tests whose failures do not fail a run. A test is quarantined by name in the
 * config (`quarantine: ["test id", …]`) or, with `recover run --quarantine-flaky N`, because the
 * flaky memory saw it flip N times or more. Quarantined tests still run and are still counted by
 * the memory; only the verdict changes: a run whose last failing attempt failed quarantined tests
 * alone passes, and says so. Pure: the caller reads the config, the memory and the run.
 */
import { PolicyError } from './errors.js';

/** Why each quarantined test is quarantined, by test id: `listed in the config`, `flipped 4 times…`. */
export type Quarantine = ReadonlyMap<string, string>;

/**
 * The config's `quarantine` as a list of test ids: undefined stays empty.
 * @throws PolicyError naming the field (`quarantine[2]`) when it is not an array of non-empty strings.
 */
export function quarantineList(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PolicyError([{ path: 'quarantine', message: 'quarantine must be an array of test ids' }]);
  const issues = value.flatMap((id, i) => typeof id === 'string' && id.trim() !== ''
    ? [] : [{ path: `quarantine[${i}]`, message: `quarantine[${i}] must be a test id (a non-empty string), not ${JSON.stringify(id)}` }]);
  if (issues.length > 0) throw new PolicyError(issues);
  return value as string[];
}

/** What {@link quarantineOf} reads of a test the flaky memory saw: its id, its flips, the runs they were counted over. */
export interface FlippedTest {
  readonly test: string;
  readonly flips: number;
  readonly runs: number;
}

/** Where a run's quarantine comes from: the config's list (and its file, for the why), `--quarantine-flaky N`. */
export interface QuarantineSources {
  /** The config's `quarantine` (see {@link quarantineList}). */
  readonly listed: readonly string[];
  /** The config file it came from; null for defaults (no file named in the why). */
  readonly configFile: string | null;
  /** `--quarantine-flaky N`; null when not given (no test is quarantined by its flips). */
  readonly flips: number | null;
}

/**
 * The quarantine of a run, from `sources` and `flaky` (the memory's tests of this command, as the
 * caller read them): every listed test, then every test that flipped `sources.flips` times or more.
 * A test both listed and flipped keeps the config's why. Insertion order is listed first, then
 * flipped in the memory's order (the order the run names them in).
 */
export function quarantineOf(sources: QuarantineSources, flaky: readonly FlippedTest[]): Quarantine {
  const quarantine = new Map<string, string>();
  for (const id of sources.listed) quarantine.set(id, `listed in the config's quarantine${sources.configFile ? ` (${sources.configFile})` : ''}`);
  if (sources.flips === null) return quarantine;
  for (const test of flaky) {
    if (test.flips >= sources.flips && !quarantine.has(test.test)) {
      quarantine.set(test.test, `flipped ${test.flips} times in the last ${test.runs} runs of this command (--quarantine-flaky ${sources.flips})`);
    }
  }
  return quarantine;
}

/** What the quarantine decided for a failed run. */
export interface QuarantineVerdict {
  /** True when every failure was of a quarantined test: the run does not fail. */
  pass: boolean;
  /** The failing tests that are quarantined, with why. */
  quarantined: { test: string; why: string }[];
  /** The failing tests that are not (empty when `pass`). */
  others: string[];
}

/**
 * The verdict on a failed attempt's tests: `failed` (the runner's count) and `failing` (the
 * tests it named). It passes only when tests are named, every failure is named (an unnamed
 * failure may be any test), and each is quarantined.
 */
export function quarantineVerdict(tests: { failed: number; failing: readonly string[] }, quarantine: Quarantine): QuarantineVerdict {
  const failing = [...new Set(tests.failing)];
  const quarantined = failing.filter((id) => quarantine.has(id)).map((test) => ({ test, why: quarantine.get(test)! }));
  const others = failing.filter((id) => !quarantine.has(id));
  const pass = failing.length > 0 && others.length === 0 && tests.failed <= failing.length;
  return { pass, quarantined, others };
}
