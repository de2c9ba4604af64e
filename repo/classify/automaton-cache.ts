/**
 * The built automaton as bytes: the larger part of a compiled rule set kept between processes
 * (compiled-cache.ts), so a short-lived process that classifies once need not build it. The
 * bytes are the automaton's arrays; the phrases they were built from travel beside them, and
 * bytes that do not fit those phrases (size, count, format) are not used.
 */
import { Automaton, type PhraseKey } from './automaton.js';

/** Where compiled rule sets are kept between processes (compiled-cache.ts). Both calls may fail silently (a cache). */
export interface AutomatonCache {
  /** The bytes stored under `key`, or null (none, unreadable). */
  read(key: string): Uint8Array | null;
  /** Stores `bytes` under `key`; a failure is ignored (the next process builds again). */
  write(key: string, bytes: Uint8Array): void;
}

/** Bumped when the layout of the bytes changes. */
const FORMAT = 1;

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
