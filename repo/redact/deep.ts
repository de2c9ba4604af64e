/**
 * Redaction of JSON-like values (history events, observations, outcomes) before they are stored.
 * Iterative, so a deeply nested value cannot overflow the stack; cycle-safe, so a cyclic object
 * (an error whose cause points back at it) is copied with the same shape.
 */
import { redactSecrets, redactSecretsWithoutPrescan, type RedactPatterns } from './text.js';
import { isSecretField, REDACTED } from './secret-keys.js';

interface Task {
  source: object;
  target: Record<string | number, unknown>;
  /** Every string and number below a secret-named field is a secret. */
  secret: boolean;
}

type RedactText = (text: string, extra?: RedactPatterns) => string;

function leaf(value: unknown, secret: boolean, extra: RedactPatterns | undefined, text: RedactText): unknown {
  if (typeof value === 'string') return secret && value !== '' ? REDACTED : text(value, extra);
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

const ERROR_FIELDS = ['name', 'message', 'stack', 'cause'];

function keysOf(source: object, isError: boolean): string[] {
  const keys = Object.keys(source);
  // Errors keep name, message, stack and cause as own non-enumerable fields or on the prototype.
  if (isError) for (const k of ERROR_FIELDS) if (!keys.includes(k)) keys.push(k);
  return keys;
}

function copy<T>(value: T, extra: RedactPatterns | undefined, text: RedactText): T {
  try {
    if (typeof value !== 'object' || value === null) return leaf(value, false, extra, text) as T;
    if (value instanceof Date) return new Date(value.getTime()) as T;
    // The copies made so far, by source, for shared and cyclic references; made only once a
    // value holds an object (most observations hold a few strings and numbers at the top).
    let copies: Map<object, unknown> | undefined;
    const root = shell(value);
    const stack: Task[] = [{ source: value, target: root, secret: false }];
    for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
      const { source, target } = task;
      const isError = source instanceof Error;
      const namesSecrets = !Array.isArray(source); // an array's indices are not field names
      let keys: string[];
      try {
        keys = keysOf(source, isError);
      } catch {
        continue; // a proxy that refuses to list its keys: copy nothing rather than throw
      }
      for (const key of keys) {
        let child: unknown;
        try {
          child = (source as Record<string, unknown>)[key];
        } catch {
          target[key] = '[UNREADABLE]';
          continue;
        }
        if (child === undefined && isError && !Object.prototype.hasOwnProperty.call(source, key)) continue;
        const secret = task.secret || (namesSecrets && isSecretField(key));
        if (typeof child !== 'object' || child === null) {
          target[key] = leaf(child, secret, extra, text);
        } else if (child instanceof Date) {
          target[key] = new Date(child.getTime());
        } else {
          copies ??= new Map<object, unknown>([[value, root]]);
          const seen = copies.get(child);
          if (seen !== undefined) {
            target[key] = seen;
            continue;
          }
          const nested = shell(child);
          copies.set(child, nested);
          target[key] = nested;
          stack.push({ source: child, target: nested, secret });
        }
      }
    }
    return root as T;
  } catch {
    return REDACTED as T;
  }
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
  return copy(value, extra, redactSecrets);
}

/** Whether `value` is a plain JSON container: an array, or an object made by `{}` or `JSON.parse`. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Whether {@link redactDeep} would change anything in `value`: a string a rule rewrites, a
 * non-empty string or a number under a secret-named field, or anything but plain JSON containers
 * (an Error, a Date, a class instance, a getter that throws, a shared or cyclic reference: their
 * copies differ from them by construction). Allocates nothing but the walk's own stack.
 */
function wouldChange(value: unknown, extra: RedactPatterns | undefined): boolean {
  if (typeof value === 'string') return redactSecrets(value, extra) !== value;
  if (typeof value !== 'object' || value === null) return false;
  const seen = new Set<object>();
  const stack: { source: object; secret: boolean }[] = [{ source: value, secret: false }];
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
    const { source } = task;
    if (seen.has(source) || !isPlain(source)) return true;
    seen.add(source);
    const namesSecrets = !Array.isArray(source);
    for (const key of Object.keys(source)) {
      if (key === '__proto__') return true; // an own `__proto__` key: the copy's assignment drops it
      const descriptor = Object.getOwnPropertyDescriptor(source, key);
      if (descriptor === undefined || !('value' in descriptor)) return true;
      const child: unknown = descriptor.value;
      const secret = task.secret || (namesSecrets && isSecretField(key));
      if (typeof child === 'object' && child !== null) stack.push({ source: child, secret });
      else if (leaf(child, secret, extra, redactSecrets) !== child) return true;
    }
  }
  return false;
}

/**
 * {@link redactDeep} for a value built fresh as plain JSON (a failure's observation): `value`
 * itself when nothing in it needs redacting — most failures hold no secret, and the copy was
 * ~570 B for every failed attempt of every run — else the redacted copy. Only for values nobody
 * else holds and mutates: the answer may be the caller's own object.
 * @internal Not part of the public API.
 */
export function redactFresh<T>(value: T, extra?: RedactPatterns): T {
  try {
    return wouldChange(value, extra) ? copy(value, extra, redactSecrets) : value;
  } catch {
    return copy(value, extra, redactSecrets);
  }
}

/**
 * {@link redactDeep} with every string through `redactSecretsWithoutPrescan`: the reference for
 * tests and bench/redact.bench.ts.
 * @internal Not part of the public API.
 */
export function redactDeepWithoutPrescan<T>(value: T, extra?: RedactPatterns): T {
  return copy(value, extra, redactSecretsWithoutPrescan);
}
