/**
 * The top of a failure's stack, as reports and outcomes show it (UC-AP-004 §13: the stack is part
 * of the error everywhere it is shown). The checkpoint keeps up to 20 lines (`boundedStack`); a
 * reader needs where it was thrown, not the whole unwinding.
 */
import { redactSecrets, type RedactPatterns } from '../redact/text.js';

/** Frames kept below the stack's message line. */
export const STACK_TOP_FRAMES = 5;
/** Most characters of the top kept. */
export const STACK_TOP_CHARS = 1_000;

/**
 * The message line and the first {@link STACK_TOP_FRAMES} frames of `stack`, at most
 * {@link STACK_TOP_CHARS} characters, `…` marking a cut; redacted (paths in frames may hold a
 * token), with `patterns` besides the built-in ones. `null` for no stack.
 */
export function stackTop(stack: unknown, patterns?: RedactPatterns): string | null {
  if (typeof stack !== 'string' || stack.trim() === '') return null;
  // The same failure again (a retried transient error, a fleet's flapping service) has the same
  // stack: its top is the one made last time (~2 µs a run). Only with the built-in patterns, which
  // never change: a caller's array could be changed between two calls.
  const builtIn = patterns === undefined || patterns.length === 0;
  if (builtIn && last !== undefined && last.stack === stack) return last.top;
  // Redacted before it is cut: a cut through a secret would leave a piece no pattern recognises.
  const lines = redactSecrets(stack.trimEnd(), patterns).split('\n', STACK_TOP_FRAMES + 2);
  const cut = lines.length > STACK_TOP_FRAMES + 1 ? `${lines.slice(0, STACK_TOP_FRAMES + 1).join('\n')}\n    …` : lines.join('\n');
  const top = cut.length > STACK_TOP_CHARS ? `${cut.slice(0, STACK_TOP_CHARS - 1)}…` : cut;
  if (builtIn) last = { stack, top };
  return top;
}

/** The last stack {@link stackTop} cut with the built-in patterns only, and its top. */
let last: { stack: string; top: string } | undefined;

/** A stack frame as JavaScript, Java and .NET print it: indented `at …`. */
const FRAME = /^\s+at\s+\S/;

/**
 * The first stack a command printed: the line before the first run of `at …` frames (the
 * error's message) and those frames; `undefined` when the output has none. A command's failure
 * has no thrown error, but its output usually carries the stack its runtime printed.
 */
export function stackInOutput(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const lines = text.split('\n');
  const first = lines.findIndex((line, i) => i > 0 && FRAME.test(line) && lines[i - 1]!.trim() !== '');
  if (first === -1) return undefined;
  let end = first;
  while (end < lines.length && FRAME.test(lines[end]!)) end++;
  return lines.slice(first - 1, end).join('\n');
}

/** The stack of an observed failure: its error's `stack`, else the first one its output (stderr, then stdout) shows. */
export function observedStack(observation: { error?: unknown; stderr?: string; stdout?: string } | null | undefined): unknown {
  const error = observation?.error;
  const thrown = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
  return thrown ?? stackInOutput(observation?.stderr) ?? stackInOutput(observation?.stdout);
}
