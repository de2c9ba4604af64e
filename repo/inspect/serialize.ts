/**
 * JSON-safe copies of inspection data. Inspection events hold live objects: actor refs (with a
 * parent, a system and the machine), snapshots with a `machine` back-reference, functions in
 * events, and possibly cycles in user context. Serialising them naively throws ("circular
 * structure") or writes megabytes. This never throws and keeps only data.
 *
 * It is also where inspection data leaves the process (the NDJSON trace, the inspector's
 * WebSocket), so it redacts secrets: one boundary for every event, whatever it carries.
 */
import { redactSecrets, type RedactPatterns } from '../redact/text.js';
import { isSecretField, REDACTED } from '../redact/secret-keys.js';

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Options for {@link toJsonSafe}. */
export interface JsonSafeOptions {
  /** Nesting depth kept; deeper values become `"[MaxDepth]"` (default 12). */
  maxDepth?: number;
  /** Longest string kept; longer ones are cut and marked `…[+N chars]` (default 10 000). */
  maxString?: number;
  /** Extra secret patterns on top of the built-in ones (every string is redacted). Default none. */
  redact?: RedactPatterns;
}

/**
 * Copies `value` into plain JSON data:
 * - objects with `toJSON` (XState snapshots and actor refs have one) are replaced by its result,
 *   which drops the snapshot's machine and turns an actor ref into `{ xstate$$type, id }`;
 * - functions and symbols are dropped (in arrays they become `null`, as in `JSON.stringify`);
 * - a cycle becomes `"[Circular]"`; `undefined` properties are dropped;
 * - Errors become `{ name, message, code? }`; bigint becomes a string; non-finite numbers `null`;
 * - Map → object of entries, Set → array;
 * - every string is redacted (`redactSecrets`), and a string or number under a secret-named
 *   field (`password`, `apiKey`, `authorization`…) becomes `[REDACTED]`.
 */
export function toJsonSafe(value: unknown, options: JsonSafeOptions = {}): Json {
  const maxDepth = options.maxDepth ?? 12;
  const maxString = options.maxString ?? 10_000;
  const ancestors: object[] = [];

  const walk = (v: unknown, depth: number, secret = false): Json | undefined => {
    if (v === null) return null;
    if (secret && (typeof v === 'string' || typeof v === 'number') && v !== '') return REDACTED;
    switch (typeof v) {
      case 'string': return redactSecrets(v.length > maxString ? `${v.slice(0, maxString)}…[+${v.length - maxString} chars]` : v, options.redact);
      case 'number': return Number.isFinite(v) ? v : null;
      case 'boolean': return v;
      case 'bigint': return v.toString();
      case 'undefined': case 'function': case 'symbol': return undefined;
    }
    const obj = v as object;
    if (ancestors.includes(obj)) return '[Circular]';
    if (depth >= maxDepth) return '[MaxDepth]';
    ancestors.push(obj);
    try {
      if (obj instanceof Error) {
        const code = (obj as { code?: unknown }).code;
        return { name: obj.name, message: redactSecrets(obj.message, options.redact), ...(code === undefined ? {} : { code: walk(code, depth + 1) ?? null }) };
      }
      const toJSON = (obj as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') {
        const replaced: unknown = toJSON.call(obj);
        // A toJSON returning itself would recurse forever; treat it as a plain object instead.
        if (replaced !== obj) return walk(replaced, depth, secret);
      }
      if (obj instanceof Map) return walk(Object.fromEntries([...obj].map(([k, x]) => [String(k), x])), depth, secret);
      if (obj instanceof Set) return walk([...obj], depth, secret);
      if (Array.isArray(obj)) return obj.map((x) => walk(x, depth + 1, secret) ?? null);
      const out: Record<string, Json> = {};
      for (const key of Object.keys(obj)) {
        let field: unknown;
        try {
          field = (obj as Record<string, unknown>)[key];
        } catch {
          continue; // a throwing getter is not data
        }
        const json = walk(field, depth + 1, secret || isSecretField(key));
        if (json !== undefined) out[key] = json;
      }
      return out;
    } catch {
      return '[Unserializable]';
    } finally {
      ancestors.pop();
    }
  };

  return walk(value, 0) ?? null;
}

/** `JSON.stringify(toJsonSafe(value, options))`: one line, never throws. */
export function stringifySafe(value: unknown, options?: JsonSafeOptions): string {
  return JSON.stringify(toJsonSafe(value, options));
}
