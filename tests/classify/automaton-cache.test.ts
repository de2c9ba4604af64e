/**
 * The compiled rule set kept between processes (compiled-cache.ts, automaton-cache.ts, the file
 * cache of the CLI and the hook): a classifier read from the cached bytes is the one compiled,
 * classifies exactly as one that compiled its rules, and bytes that do not fit (damaged, another
 * rule set) are compiled again, never used.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeAutomaton, encodeAutomaton, type AutomatonCache } from '../../src/classify/automaton-cache.js';
import { buildAutomaton, normalisePhrase } from '../../src/classify/automaton.js';
import { classify, createClassifier } from '../../src/classify/classify.js';
import { compileRules, mergeRules } from '../../src/classify/compile.js';
import { compiledKey, decodeCompiled, encodeCompiled } from '../../src/classify/compiled-cache.js';
import { BUILT_IN_PACKS } from '../../src/classify/packs/index.js';
import { keepCompiledRulesIn } from '../../src/classify/process-cache.js';
import { fileAutomatonCache } from '../../src/hooks/claude/classifier.js';
import { STALE_CACHE_MS } from '../../src/classify/file-cache.js';

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
    expect(files).toEqual([expect.stringMatching(/^automaton-v2-[0-9a-f]{32}\.bin$/)]);
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
    // Damaged bytes under the right key: the classifier rebuilds, stores it again and classifies.
    const writes: string[] = [];
    const cache: AutomatonCache = { read: () => new Uint8Array(Buffer.from('garbage')), write: (k) => writes.push(k) };
    const classifier = createClassifier({ automatonCache: cache });
    expect(writes).toHaveLength(1);
    expect(classifier(OBSERVATIONS[0]).type).toBe('BROKEN_BUILD');
  });

  it('reads back the very tables compiled, and nothing from damaged bytes', () => {
    const rules = mergeRules(BUILT_IN_PACKS, []);
    const compiled = compileRules(rules);
    const bytes = encodeCompiled(compiled);
    const decoded = decodeCompiled(bytes)!;
    expect(decoded).not.toBeNull();
    const { automaton, ...tables } = compiled;
    const { automaton: read, ...readTables } = decoded;
    expect(readTables).toEqual(tables);
    expect(read.patterns).toEqual(automaton.patterns);
    expect([read.width, read.classes, read.outData, read.outStart, read.trie]).toEqual([automaton.width, automaton.classes, automaton.outData, automaton.outStart, automaton.trie]);
    expect(decodeCompiled(bytes.slice(0, bytes.length - 4))).toBeNull();
    expect(decodeCompiled(bytes.slice(0, 200))).toBeNull();
    const wrongFormat = bytes.slice();
    wrongFormat[0] = 99;
    expect(decodeCompiled(wrongFormat)).toBeNull();
  });

  it('keys a rule set by its rules: another rule, or a rule changed, is another key', () => {
    const rules = mergeRules(BUILT_IN_PACKS, []);
    const key = compiledKey(rules);
    expect(compiledKey(mergeRules(BUILT_IN_PACKS, []))).toBe(key);
    expect(compiledKey(rules.slice(1))).not.toBe(key);
    const changed = rules.map((r, i) => (i === 0 ? { ...r, phrases: [...(r.phrases ?? []), 'one more phrase'] } : r));
    expect(compiledKey(changed)).not.toBe(key);
  });

  it('a directory that cannot be made is no cache: nothing is written, nothing hangs, the classifier classifies', () => {
    writeFileSync(join(dir, 'a-file'), '');
    // Under a file (ENOTDIR), and under /proc, where Node's recursive mkdir never returns.
    const places = [join(dir, 'a-file', 'cache'), ...(existsSync('/proc/self') ? ['/proc/no-such-dir/recovery-protocol'] : [])];
    for (const place of places) {
      const cache = fileAutomatonCache(place);
      cache.write('k', new Uint8Array([1, 2, 3]));
      expect(cache.read('k')).toBeNull();
      expect(createClassifier({ automatonCache: cache })(OBSERVATIONS[1]!).type).toBe('NETWORK');
    }
  });

  it('writing a key removes the files no version wrote for 7 days (and a killed writer\'s temp file), keeps a recent one of another version', () => {
    const old = (Date.now() - STALE_CACHE_MS - 60_000) / 1000;
    for (const name of ['automaton-old.bin', 'automaton-old.bin.123.tmp', 'automaton-other.bin', 'notes.txt']) writeFileSync(join(dir, name), 'x');
    for (const name of ['automaton-old.bin', 'automaton-old.bin.123.tmp', 'notes.txt']) utimesSync(join(dir, name), old, old);
    fileAutomatonCache(dir).write('new', new Uint8Array([1]));
    expect(readdirSync(dir).sort()).toEqual(['automaton-new.bin', 'automaton-other.bin', 'notes.txt']);
  });

  it('classify() keeps its rule sets in the cache its process set (the CLI sets one)', () => {
    const written: string[] = [];
    const file = fileAutomatonCache(dir);
    keepCompiledRulesIn({ read: file.read, write: (key, bytes) => { written.push(key); file.write(key, bytes); } });
    try {
      // A config rule makes a rule set of its own: compiled once, then stored under its key.
      const rules = [{ id: 'config.cache-probe', type: 'RATE_LIMIT' as const, phrases: ['probe quota gone'] }];
      expect(classify({ exitCode: 1, stderr: 'probe quota gone' }, { rules }).type).toBe('RATE_LIMIT');
      expect(written).toEqual([compiledKey(mergeRules(BUILT_IN_PACKS, rules))]);
      expect(readdirSync(dir)).toEqual([`automaton-${written[0]}.bin`]);
    } finally {
      keepCompiledRulesIn(undefined);
    }
  });
});
