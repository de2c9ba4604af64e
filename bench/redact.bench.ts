/**
 * `npm run bench:redact`: what redaction costs per call on what the engine records, with the
 * pre-scan (`redactSecrets`, `redactDeep`) and without it (every rule over every string: the
 * path before the pre-scan, kept as `redactSecretsWithoutPrescan` / `redactDeepWithoutPrescan`),
 * measured in the same run, interleaved, median of BENCH_ROUNDS rounds of BENCH_RUNS calls each
 * (the field-name cache of `isSecretField` serves both; its share shows in the A/B on `recover()`).
 * Inputs: a failed attempt's observation of `connect ECONNREFUSED` with its stack and its
 * classification (what `runtime/actors.ts` redacts for every failed attempt), a 4 KB tail of a
 * test runner's output with no secret, and the same tail with one token in it.
 * Prints figures and ratios; asserts nothing (DESIGN.md: no timed assertions).
 */
import { loadavg } from 'node:os';
import { classify } from '../src/classify/index.js';
import { redactDeep, redactDeepWithoutPrescan } from '../src/redact/deep.js';
import { redactSecrets, redactSecretsWithoutPrescan } from '../src/redact/text.js';
import { observationFrom } from '../src/runtime/observe.js';
import { fmt } from './measure.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// A fixed stack (not this process's own paths), so the figures do not depend on where it runs.
const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });
error.stack = `Error: connect ECONNREFUSED 127.0.0.1:5432
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)
    at async Client.query (file:///home/ci/work/app/node_modules/pg/lib/client.js:526:17)
    at async loadUsers (file:///home/ci/work/app/src/users/load.js:12:15)
    at async runAttempt (file:///home/ci/work/app/node_modules/recovery-protocol/dist/src/runtime/attempt.js:41:9)`;
const observation = observationFrom(error);
const classification = classify(observation);

const LINES = [
  ' ✓ tests/report/markdown.test.ts (12 tests) 41ms',
  ' ✓ tests/store/lowdb.test.ts (38 tests) 1204ms',
  ' ❯ tests/users/load.test.ts (4 tests | 1 failed) 93ms',
  '   × loads the users of a team > keeps the order of the query',
  "     → expected [ 'ann', 'bob' ] to deeply equal [ 'bob', 'ann' ]",
  '',
  '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
  '',
  ' FAIL  tests/users/load.test.ts > loads the users of a team > keeps the order of the query',
  'AssertionError: expected [ \'ann\', \'bob\' ] to deeply equal [ \'bob\', \'ann\' ]',
  '',
  '- Expected',
  '+ Received',
  '',
  '  Array [',
  '-   "bob",',
  '+   "ann",',
  '  ]',
  '',
  ' ❯ tests/users/load.test.ts:22:31',
  '     20|   const users = await loadUsers(team);',
  '     21|   expect(users.length).toBe(2);',
  "     22|   expect(users.map((u) => u.name)).toEqual(['bob', 'ann']);",
  '       |                               ^',
  '',
];
let tail = '';
for (let i = 0; tail.length < 4096; i++) tail += `${LINES[i % LINES.length]}\n`;
tail = tail.slice(tail.length - 4096);
const withToken = `${tail.slice(0, 2048)}GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n${tail.slice(2048)}`;

const CASES: [string, () => unknown, () => unknown][] = [
  ['ECONNREFUSED observation (redactDeep)', () => redactDeepWithoutPrescan(observation), () => redactDeep(observation)],
  ['its classification (redactDeep)', () => redactDeepWithoutPrescan(classification), () => redactDeep(classification)],
  ['4 KB test output, no secret', () => redactSecretsWithoutPrescan(tail), () => redactSecrets(tail)],
  ['4 KB test output, one token', () => redactSecretsWithoutPrescan(withToken), () => redactSecrets(withToken)],
];

// Synchronous, unlike measure.ts's `microsPerCall`: an `await` per call would cost more than the
// fast path itself. The results go to a sink so no call can be optimised away.
let sink = 0;
function microsPerCall(fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(1000, iterations); i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) if (fn() === sink) sink++;
  return Number(process.hrtime.bigint() - start) / 1000 / iterations;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function main(): void {
  // The same answers either way, or the figures mean nothing.
  for (const [name, full, fast] of CASES) {
    if (JSON.stringify(full()) !== JSON.stringify(fast())) throw new Error(`${name}: the two paths disagree`);
  }
  if (redactSecrets(withToken) === withToken) throw new Error('the token was not redacted');
  console.log(`redaction, µs per call: median of ${ROUNDS} interleaved rounds of ${RUNS} calls · load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const samples = CASES.map(() => ({ full: [] as number[], fast: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, full, fast]] of CASES.entries()) {
      samples[i]!.full.push(microsPerCall(full, RUNS));
      samples[i]!.fast.push(microsPerCall(fast, RUNS));
    }
  }
  console.log('what                                      every rule   pre-scan     ratio');
  for (const [i, [name]] of CASES.entries()) {
    const full = median(samples[i]!.full);
    const fast = median(samples[i]!.fast);
    console.log(`${name.padEnd(40)}${fmt(full, 2, 12)}${fmt(fast, 2, 11)}${fmt(full / fast, 1, 9)}×`);
  }
}

main();
