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
  // Redacted before it is cut: a cut through a secret would leave a piece no pattern recognises.
  const lines = redactSecrets(stack.trimEnd(), patterns).split('\n', STACK_TOP_FRAMES + 2);
  const top = lines.length > STACK_TOP_FRAMES + 1 ? `${lines.slice(0, STACK_TOP_FRAMES + 1).join('\n')}\n    …` : lines.join('\n');
  return top.length > STACK_TOP_CHARS ? `${top.slice(0, STACK_TOP_CHARS - 1)}…` : top;
}

/** The stack of an observed failure: its error's `stack`, when it has one. */
export function observedStack(observation: { error?: unknown } | null | undefined): unknown {
  const error = observation?.error;
  return typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
}
