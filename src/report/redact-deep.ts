/**
 * Redaction of JSON-like values (history events, observations, outcomes) before they are stored.
 * Iterative, so a deeply nested value cannot overflow the stack; cycle-safe, so a cyclic object
 * (an error whose cause points back at it) is copied with the same shape.
 */
import { redactSecrets, type RedactPatterns } from './redact-text.js';
import { isSecretField, REDACTED } from './secret-keys.js';

interface Task {
  source: object;
  target: Record<string | number, unknown>;
  /** Every string and number below a secret-named field is a secret. */
  secret: boolean;
}

function leaf(value: unknown, secret: boolean, extra: RedactPatterns | undefined): unknown {
  if (typeof value === 'string') return secret && value !== '' ? REDACTED : redactSecrets(value, extra);
  if ((typeof value === 'number' || typeof value === 'bigint') && secret) return REDACTED;
  return value;
}

/** An empty container of the right kind for `source` (a Date is copied whole: it has no fields). */
function shell(source: object): Record<string | number, unknown> {
  if (Array.isArray(source)) return [] as unknown as Record<number, unknown>;
  if (source instanceof Error) {
    const copy = new Error('') as unknown as Record<string, unknown>;
    return copy;
  }
  return {};
}

function keysOf(source: object): string[] {
  const keys = Object.keys(source);
  // Errors keep name, message, stack and cause as own non-enumerable fields or on the prototype.
  if (source instanceof Error) for (const k of ['name', 'message', 'stack', 'cause']) if (!keys.includes(k)) keys.push(k);
  return keys;
}

/**
 * A redacted copy of `value`: strings go through {@link redactSecrets} (with `extra`), and every
 * string or number under a secret-named field (`password`, `apiKey`, `authorization`, `cookie`…)
 * becomes {@link REDACTED}. Arrays stay arrays, Errors stay Errors (name, message, stack, cause
 * and own fields copied), Dates are copied; any other object becomes a plain object of its own
 * enumerable fields. Shared and cyclic references are preserved in the copy. A field that throws
 * when read becomes `[UNREADABLE]`. Never throws.
 */
export function redactDeep<T>(value: T, extra?: RedactPatterns): T {
  try {
    if (typeof value !== 'object' || value === null) return leaf(value, false, extra) as T;
    if (value instanceof Date) return new Date(value.getTime()) as T;
    const copies = new Map<object, unknown>();
    const root = shell(value);
    copies.set(value, root);
    const stack: Task[] = [{ source: value, target: root, secret: false }];
    for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
      let keys: string[];
      try {
        keys = keysOf(task.source);
      } catch {
        continue; // a proxy that refuses to list its keys: copy nothing rather than throw
      }
      for (const key of keys) {
        let child: unknown;
        try {
          child = (task.source as Record<string, unknown>)[key];
        } catch {
          task.target[key] = '[UNREADABLE]';
          continue;
        }
        if (child === undefined && task.source instanceof Error && !Object.prototype.hasOwnProperty.call(task.source, key)) continue;
        const secret = task.secret || (!Array.isArray(task.source) && isSecretField(key));
        if (typeof child !== 'object' || child === null) {
          task.target[key] = leaf(child, secret, extra);
        } else if (child instanceof Date) {
          task.target[key] = new Date(child.getTime());
        } else if (copies.has(child)) {
          task.target[key] = copies.get(child);
        } else {
          const target = shell(child);
          copies.set(child, target);
          task.target[key] = target;
          stack.push({ source: child, target, secret });
        }
      }
    }
    return root as T;
  } catch {
    return REDACTED as T;
  }
}
