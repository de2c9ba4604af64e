/**
 * The verdict memo (src/classify/memo.ts): the same verdicts with and without it, for every
 * corpus text and for generated observations; only plain JSON data is taken; verdicts that
 * depend on the call's time or history are never kept; callers get copies; the memo is bounded.
 */
import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, type Classifier } from '../../src/classify/index.js';
import { MEMO_IDLE_AFTER, memoized, memoKey, MEMO_MAX_CHARS } from '../../src/classify/memo.js';
import { CORPUS } from './corpus/index.js';

/** A real classifier that counts the calls that reached it (so a hit is told from a miss). */
function counted(): { classifier: Classifier; calls: () => number } {
  const real = createClassifier();
  let calls = 0;
  return { classifier: (o, call) => { calls++; return real(o, call); }, calls: () => calls };
}

const NOW = Date.parse('2026-01-01T00:00:00Z');
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the same verdicts with and without the memo', () => {
  const reference = createClassifier();

  test('every corpus text: the first call (a miss) and the second (a hit) give what the classifier gives', () => {
    const { classifier, calls } = counted();
    const memo = memoized(classifier, 4_096);
    for (const entry of CORPUS) {
      const expected = reference(entry.observation, { now: NOW });
      expect(memo(entry.observation, { now: NOW })).toEqual(expected);
      // The second call reads a fresh copy of the same text: a hit when the memo took it.
      const again = memo(plain(entry.observation), { now: NOW });
      expect(again).toEqual(expected);
      expect(JSON.stringify(again)).toBe(JSON.stringify(expected)); // same field order: stored JSON is byte-identical
    }
    // Most corpus texts are short enough to be kept: the property above ran on hits, not only misses.
    expect(calls()).toBeLessThan(CORPUS.length * 2 - CORPUS.length / 2);
  });

  test('generated observations with the rules\' words, in any order of calls', () => {
    const words = fc.constantFrom('rate', 'limit', 'ECONNREFUSED', 'retry', 'after', 'try again in 6s', '/etc/shadow', 'EACCES', 'expected', 'SyntaxError', 'quota', '\n', 'Tests:', 'failed', '429', 'é');
    const text = fc.array(words, { maxLength: 12 }).map((w) => w.join(' '));
    const observation = fc.record(
      {
        message: text, stderr: text, stdout: text, exitCode: fc.integer({ min: -1, max: 300 }), status: fc.constantFrom(404, 429, 500, 503),
        signal: fc.constantFrom('SIGKILL', 'SIGTERM'),
        error: fc.record({ name: fc.constantFrom('Error', 'TypeError', 'AbortError'), message: text, code: fc.constantFrom('ECONNRESET', 'ENOENT', 'EACCES', 'E2BIG') }, { requiredKeys: [] }),
        headers: fc.record({ 'retry-after': fc.constantFrom('6', 'Wed, 21 Oct 2026 07:28:00 GMT') }),
      },
      { requiredKeys: [] },
    );
    const memo = memoized(createClassifier(), 8);
    fc.assert(fc.property(fc.array(fc.tuple(observation, fc.integer({ min: NOW - 1e9, max: NOW + 1e9 })), { minLength: 1, maxLength: 30 }), (calls) => {
      for (const [o, now] of [...calls, ...calls]) expect(memo(o, { now })).toEqual(reference(o, { now }));
    }), { numRuns: 200 });
  });

  test('classify() itself: repeated calls give equal, separate verdicts', () => {
    const observation = { error: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } };
    const first = classify(observation);
    const second = classify(plain(observation));
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(first.type).toBe('NETWORK');
  });
});

describe('a verdict from the memo has the shape of a fresh one', () => {
  // V8's own answer (not a guess): a spread copy had a hidden class of its own, and every guard
  // reading `classification.category` then saw two shapes. Natives syntax, enabled for this check only.
  setFlagsFromString('--allow-natives-syntax');
  const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

  test('the verdict and each evidence item', () => {
    const observation = { error: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } };
    const fresh = createClassifier()(observation);
    const memo = memoized(createClassifier());
    memo(observation);
    const hit = memo(plain(observation));
    expect(sameMap(hit, fresh)).toBe(true);
    expect(sameMap(hit.evidence[0]!, fresh.evidence[0]!)).toBe(true);
  });
});

describe('a hit reaches no classifier; what is never kept', () => {
  const short = { error: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } };

  test('the same text again is answered from the memo, a different text is not', () => {
    const { classifier, calls } = counted();
    const memo = memoized(classifier);
    memo(short);
    memo(plain(short));
    expect(calls()).toBe(1);
    memo({ error: { ...short.error, message: 'connect ECONNREFUSED 127.0.0.1:5433' } });
    expect(calls()).toBe(2);
  });

  test('a verdict with a retry-after hint is classified every time (an HTTP date is read against `now`)', () => {
    const { classifier, calls } = counted();
    const memo = memoized(classifier);
    const limited = { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:01:00 GMT' } };
    expect(memo(limited, { now: NOW }).retryAfterMs).toBe(60_000);
    expect(memo(limited, { now: NOW + 30_000 }).retryAfterMs).toBe(30_000);
    expect(calls()).toBe(2);
  });

  test('a call with history (circular fixes) is never answered from the memo', () => {
    const { classifier, calls } = counted();
    const memo = memoized(classifier);
    memo(short);
    const history = { previousApproaches: ['raise the timeout'], currentApproach: 'raise the timeout' };
    expect(memo(short, { history }).type).toBe(createClassifier()(short, { history }).type);
    expect(calls()).toBe(2);
  });

  test('a caller that changes its verdict changes nobody else\'s', () => {
    const memo = memoized(createClassifier());
    const first = memo(short);
    const second = memo(plain(short));
    second.evidence[0]!.match = 'changed';
    second.type = 'UNKNOWN';
    const third = memo(plain(short));
    expect(third).toEqual(first);
    expect(third.evidence[0]!.match).not.toBe('changed');
  });

  test('bounded: the oldest verdict is replaced first', () => {
    const { classifier, calls } = counted();
    const memo = memoized(classifier, 2);
    const a = { message: 'a ECONNRESET' };
    const b = { message: 'b ECONNRESET' };
    const c = { message: 'c ECONNRESET' };
    memo(a); memo(b); memo(a); // a answered from the memo
    expect(calls()).toBe(2);
    memo(c); // replaces a, the oldest kept
    expect(calls()).toBe(3);
    memo(b); memo(c);
    expect(calls()).toBe(3);
    memo(a);
    expect(calls()).toBe(4);
  });
});

describe('failures that do not repeat', () => {
  test('after a run of misses the memo looks at one call in MEMO_IDLE_AFTER, and answers again once a look finds its verdict', () => {
    const reference = createClassifier();
    const memo = memoized(createClassifier());
    let looked = 0;
    const texts = Array.from({ length: MEMO_IDLE_AFTER * 3 }, (_, i) => ({ message: `connect ECONNREFUSED 127.0.0.1:${1024 + i}` }));
    // A getter counts the calls the memo read (memoKey reads each field once); the classifier reads it too.
    const watched = (o: { message: string }) => ({ get message() { looked++; return o.message; } });
    for (const o of texts) expect(memo(watched(o))).toEqual(reference(o));
    const reads = looked;
    // Every call reaches the classifier (one read each); the memo read MEMO_IDLE_AFTER calls, then one in MEMO_IDLE_AFTER.
    expect(reads - texts.length).toBe(MEMO_IDLE_AFTER + Math.floor((texts.length - MEMO_IDLE_AFTER) / MEMO_IDLE_AFTER));
    // The same failure again: within two looks it is kept and answered from the memo.
    const { classifier, calls } = counted();
    const idleMemo = memoized(classifier);
    for (const o of texts) idleMemo(o);
    const before = calls();
    const same = texts[0]!;
    for (let i = 0; i < MEMO_IDLE_AFTER * 2; i++) expect(idleMemo(plain(same))).toEqual(reference(same));
    const after = calls();
    idleMemo(plain(same));
    idleMemo(plain(same));
    expect(calls()).toBe(after); // answered from the memo now
    expect(after - before).toBeLessThanOrEqual(MEMO_IDLE_AFTER * 2);
  });
});

describe('memoKey takes plain JSON data only'
, () => {
  class Failure { message = 'x'; }
  const cases: [string, unknown][] = [
    ['a live Error', { error: new Error('x') }],
    ['a class instance', { error: new Failure() }],
    ['a non-enumerable field', Object.defineProperty({}, 'message', { value: 'x', enumerable: false })],
    ['a Proxy', new Proxy({ message: 'x' }, {})],
    ['undefined', { message: undefined }],
    ['NaN', { exitCode: Number.NaN }],
    ['Infinity', { status: Number.POSITIVE_INFINITY }],
    ['-0', { exitCode: -0 }],
    ['a bigint', { exitCode: 1n }],
    ['a function (toJSON)', { error: { message: 'x', toJSON: () => ({}) } }],
    ['a Date', { error: { at: new Date(0) } }],
    ['a sparse array', { validationErrors: ['a', , 'c'] }], // eslint-disable-line no-sparse-arrays
    ['an array with an extra field', { validationErrors: Object.assign(['a'], { extra: 1 }) }],
    ['a text over the bound', { stderr: 'x'.repeat(MEMO_MAX_CHARS) }],
    ['a string', 'connect ECONNREFUSED'],
    ['null', null],
  ];
  test.each(cases)('refuses %s', (_, value) => {
    expect(memoKey(value)).toBeUndefined();
  });

  test('the same key exactly when the JSON text is the same (any JSON data, deep copies included)', () => {
    const data = fc.jsonValue({ maxDepth: 4 }).filter((v) => typeof v === 'object' && v !== null);
    fc.assert(fc.property(data, data, (a, b) => {
      const [ka, kb] = [memoKey(a), memoKey(b)];
      if (ka === undefined || kb === undefined) return; // -0 or past the bound
      expect(ka === kb).toBe(JSON.stringify(a) === JSON.stringify(b));
      expect(memoKey(plain(a))).toBe(ka);
    }), { numRuns: 2_000 });
    // Texts that would run together without their lengths.
    expect(memoKey({ a: 'bc' })).not.toBe(memoKey({ ab: 'c' }));
    expect(memoKey(['a', 'b'])).not.toBe(memoKey(['ab']));
    expect(memoKey({ n: 1, m: 2 })).not.toBe(memoKey({ n: 12 }));
  });

  test('takes plain data, arrays and null-prototype objects', () => {
    const data = { error: { name: 'Error', message: 'x', cause: { code: 'ECONNRESET' } }, exitCode: 1, tests: { failing: ['a', 'b'] }, signal: null, ok: false };
    expect(memoKey(data)).toBe(memoKey(plain(data)));
    const bare = Object.assign(Object.create(null) as object, { message: 'x' });
    expect(memoKey(bare)).toBe(memoKey({ message: 'x' }));
  });

  test('a getter is read once, and the observation answered as the data it gave', () => {
    let reads = 0;
    const observation = { get message() { reads++; return 'connect ECONNREFUSED 127.0.0.1:5432'; } };
    expect(memoKey(observation)).toBe(memoKey({ message: 'connect ECONNREFUSED 127.0.0.1:5432' }));
    expect(reads).toBe(1);
  });
});
