/**
 * The built automaton as bytes, so a short-lived process (a Claude Code hook: one process per
 * tool call) that classifies once need not build it: building it from the built-in packs is
 * most of a first classification (~80 ms on a slow machine), reading it back ~1 ms. The bytes
 * are the automaton's arrays, checked against the phrases they were built from by a hash of
 * those phrases: a cache for other phrases (another version's packs, config rules) is not used.
 */
import { createHash } from 'node:crypto';
import { Automaton, buildAutomaton, type PhraseKey } from './automaton.js';

/** Where built automatons are kept between processes. Both calls may fail silently (a cache). */
export interface AutomatonCache {
  /** The bytes stored under `key`, or null (none, unreadable). */
  read(key: string): Uint8Array | null;
  /** Stores `bytes` under `key`; a failure is ignored (the next process builds again). */
  write(key: string, bytes: Uint8Array): void;
}

/** Bumped when the layout of the bytes changes. */
const FORMAT = 1;

/** The cache key of an automaton for `patterns`: the format and a hash of the phrases and their boundaries. */
export function automatonKey(patterns: readonly PhraseKey[]): string {
  const hash = createHash('sha256');
  for (const p of patterns) hash.update(`${p.checkStart ? 1 : 0}${p.checkEnd ? 1 : 0}${p.text}\n`);
  return `v${FORMAT}-${hash.digest('hex').slice(0, 32)}`;
}

/** The automaton for `patterns` from `cache` when it holds one, else built (and stored). */
export function cachedAutomaton(patterns: readonly PhraseKey[], cache: AutomatonCache): Automaton {
  const key = automatonKey(patterns);
  const bytes = cache.read(key);
  const found = bytes === null ? null : decodeAutomaton(bytes, patterns);
  if (found !== null) return found;
  const built = buildAutomaton(patterns);
  cache.write(key, encodeAutomaton(built));
  return built;
}

/** Header (5 int32: format, width, states, outData length, pattern count), then the int32 arrays, then the uint16 ones. */
export function encodeAutomaton(a: Automaton): Uint8Array {
  const states = a.outStart.length - 1;
  const ints = [Int32Array.of(FORMAT, a.width, states, a.outData.length, a.patterns.length), a.outData, a.outStart, a.trie.children, a.trie.fail];
  const shorts = [a.classes, a.trie.classInto];
  const size = ints.reduce((n, x) => n + x.byteLength, 0) + shorts.reduce((n, x) => n + x.byteLength, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const x of [...ints, ...shorts]) {
    out.set(new Uint8Array(x.buffer, x.byteOffset, x.byteLength), at);
    at += x.byteLength;
  }
  return out;
}

/** The automaton in `bytes` for `patterns`, or null when the bytes do not fit (wrong format, size or phrase count). */
export function decodeAutomaton(bytes: Uint8Array, patterns: readonly PhraseKey[]): Automaton | null {
  if (bytes.byteLength < 20) return null;
  // Copied into its own buffer: a Buffer read from a file may sit at any offset of a shared pool.
  const buffer = bytes.slice().buffer;
  const [format, width, states, outLength, count] = new Int32Array(buffer, 0, 5);
  if (format !== FORMAT || count !== patterns.length || !(states! > 0) || !(width! > 1) || !(outLength! >= 0)) return null;
  const expected = 20 + 4 * (outLength! + 3 * (states! + 1) - 1) + 2 * (0x10000 + states!);
  if (bytes.byteLength !== expected) return null;
  let at = 20;
  const ints = (n: number) => { const x = new Int32Array(buffer, at, n); at += 4 * n; return x; };
  const shorts = (n: number) => { const x = new Uint16Array(buffer, at, n); at += 2 * n; return x; };
  const outData = ints(outLength!);
  const outStart = ints(states! + 1);
  const children = ints(states! + 1);
  const fail = ints(states!);
  const classes = shorts(0x10000);
  const classInto = shorts(states!);
  return new Automaton(patterns, width!, classes, outData, outStart, { children, classInto, fail });
}
