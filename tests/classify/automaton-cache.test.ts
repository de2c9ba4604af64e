/**
 * The automaton kept between processes (automaton-cache.ts, the hook's file cache): a classifier
 * built from the cached bytes classifies exactly as one that built its automaton, and bytes that
 * do not fit (damaged, another rule set) are rebuilt, never used.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { automatonKey, decodeAutomaton, encodeAutomaton, type AutomatonCache } from '../../src/classify/automaton-cache.js';
import { buildAutomaton, normalisePhrase } from '../../src/classify/automaton.js';
import { createClassifier } from '../../src/classify/classify.js';
import { fileAutomatonCache } from '../../src/hooks/claude/classifier.js';

const OBSERVATIONS = [
  { exitCode: 1, stderr: "Error: Cannot find module './utils' from 'src/index.js'" },
  { exitCode: 1, stderr: 'connect ECONNREFUSED 127.0.0.1:5432' },
  { exitCode: 1, stderr: 'cat: /home/u/.ssh/id_rsa: Permission denied' },
  { exitCode: 1, stderr: 'npm ERR! network socket hang up ECONNRESET\nRetry-After: 30' },
  { exitCode: 2, stdout: 'FAIL tests/a.test.ts\n  ✕ adds (3 ms)\nTests: 1 failed, 4 passed' },
  { exitCode: 137, stderr: 'Killed' },
  { exitCode: 1, stderr: 'nothing anyone wrote a rule for' },
];

describe('the automaton cache', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'automaton-cache-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('classifies from the cached file exactly as from a built automaton', () => {
    const built = createClassifier();
    const writer = createClassifier({ automatonCache: fileAutomatonCache(dir) });
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^automaton-v1-[0-9a-f]{32}\.bin$/)]);
    let reads = 0;
    const file = fileAutomatonCache(dir);
    const reader = createClassifier({ automatonCache: { read: (key) => { const bytes = file.read(key); if (bytes) reads++; return bytes; }, write: () => { throw new Error('should not build'); } } });
    expect(reads).toBe(1);
    for (const observation of OBSERVATIONS) {
      const expected = built(observation, { now: 0 });
      expect(writer(observation, { now: 0 })).toEqual(expected);
      expect(reader(observation, { now: 0 })).toEqual(expected);
    }
  });

  it('rebuilds when the bytes are damaged or were written for other phrases', () => {
    const patterns = ['connection refused', '*timeout', 'module not found'].map((p) => normalisePhrase(p)!);
    const bytes = encodeAutomaton(buildAutomaton(patterns));
    expect(decodeAutomaton(bytes, patterns)).not.toBeNull();
    expect(decodeAutomaton(bytes.slice(0, bytes.length - 2), patterns)).toBeNull();
    expect(decodeAutomaton(bytes, patterns.slice(1))).toBeNull();
    expect(decodeAutomaton(new Uint8Array(3), patterns)).toBeNull();
    expect(automatonKey(patterns)).not.toBe(automatonKey(patterns.slice(1)));
    // Damaged bytes under the right key: the classifier rebuilds, stores it again and classifies.
    const writes: string[] = [];
    const cache: AutomatonCache = { read: () => new Uint8Array(Buffer.from('garbage')), write: (k) => writes.push(k) };
    const classifier = createClassifier({ automatonCache: cache });
    expect(writes).toHaveLength(1);
    expect(classifier(OBSERVATIONS[0]).type).toBe('BROKEN_BUILD');
  });
});
