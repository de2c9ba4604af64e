/**
 * Redaction of text: the built-in rules in order, then the user's patterns.
 *
 * Kept: a vendor's public prefix (`sk-ant-`, `ghp_`, `AKIA`, `xoxb-`…) so a reader can tell which
 * credential leaked; never any character of the secret itself. URL passwords become `***`
 * (`https://user:***@host`); everything else becomes {@link REDACTED}.
 */
import { redactAssignments } from './assignments.js';
import { redactPrivateKeys } from './private-keys.js';
import { mayHoldSecret } from './prescan.js';
import { REDACTED } from './secret-keys.js';
import { LATE_SECRET_RULES, SECRET_RULES, type SecretRule } from './secret-patterns.js';

/** User patterns: compiled regexes, or pattern strings (compiled here; see {@link compileRedactPatterns}). */
export type RedactPatterns = readonly RegExp[] | readonly string[];

/**
 * Compile user patterns from config (flags `g` and `d`). Call this when config is loaded so a bad
 * pattern is reported then, not when a secret is already on its way out.
 * A pattern with a named group `secret` redacts only that group; otherwise the whole match.
 * @throws Error naming the index and text of the first invalid pattern.
 */
export function compileRedactPatterns(patterns: readonly string[]): RegExp[] {
  return patterns.map((source, index) => {
    if (typeof source !== 'string' || source === '') {
      throw new Error(`redact pattern ${index} must be a non-empty string`);
    }
    try {
      const pattern = new RegExp(source, 'gd');
      ours.add(pattern);
      return pattern;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`redact pattern ${index} (${JSON.stringify(source)}) is not a valid regular expression: ${why}`);
    }
  });
}

const NO_PATTERNS: RegExp[] = [];
const isRegExp = (pattern: string | RegExp): pattern is RegExp => pattern instanceof RegExp;

/**
 * A run's extra secret patterns as the list every redaction of the run reads: strings compiled
 * (see {@link compileRedactPatterns}: a bad one throws naming its index), then the RegExps as
 * given (their flags kept). A list of RegExps alone is returned as it is, not copied: the run's
 * options are compiled once where they are built (the CLI's config, a persisted run's context),
 * and whoever reads them later gets that same list without compiling again.
 * Default: none or an empty list is an empty list.
 */
export function compileRedaction(patterns: Array<string | RegExp> | undefined): RegExp[];
export function compileRedaction(patterns: readonly (string | RegExp)[] | undefined): readonly RegExp[];
export function compileRedaction(patterns: readonly (string | RegExp)[] | undefined): readonly RegExp[] {
  if (!patterns || patterns.length === 0) return NO_PATTERNS;
  if (patterns.every(isRegExp)) return patterns;
  return [...compileRedactPatterns(patterns.filter((p): p is string => typeof p === 'string')), ...patterns.filter(isRegExp)];
}

const compiled = new Map<string, RegExp>();
const normalised = new WeakMap<RegExp, RegExp>();
/** Compiled by {@link compileRedactPatterns}: flags g and d already, and no caller holds them to reuse their `lastIndex`. */
const ours = new WeakSet<RegExp>();

// Never throws: a string that is not a valid regex is matched literally (the user asked for that
// text to disappear; silently skipping it would leak it).
function toRegExp(pattern: RegExp | string): RegExp {
  if (typeof pattern !== 'string') {
    // Compiled here already (the run's config): used as it is, not copied again.
    if (ours.has(pattern)) return pattern;
    let re = normalised.get(pattern);
    if (!re) {
      const flags = `${pattern.flags.replace(/[gyd]/g, '')}gd`;
      re = new RegExp(pattern.source, flags);
      normalised.set(pattern, re);
    }
    return re;
  }
  let re = compiled.get(pattern);
  if (!re) {
    try {
      re = new RegExp(pattern, 'gd');
    } catch {
      re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gd');
    }
    if (compiled.size > 256) compiled.clear(); // bound the cache; patterns come from config
    compiled.set(pattern, re);
  }
  return re;
}

function applyExtra(text: string, pattern: RegExp): string {
  let out = '';
  let from = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m[0] === '') {
      pattern.lastIndex++; // an empty match would loop forever
      continue;
    }
    const [start, end] = m.indices?.groups?.['secret'] ?? [m.index, m.index + m[0].length];
    if (start < from) continue;
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * One built-in rule over `text`. With `skip`, a rule whose anchor is a test (not a regex: see
 * `SecretRule.anchor`) is left out where the test says it cannot match: such a test is there
 * because it is much cheaper than the rule's regex.
 */
function applyRule(text: string, rule: SecretRule, skip: boolean): string {
  if (skip && typeof rule.anchor === 'function' && !rule.anchor(text)) return text;
  return text.replace(rule.pattern, (match: string, ...groups: unknown[]) =>
    rule.replace(match, ...groups.map((g) => (typeof g === 'string' ? g : undefined))));
}

/** Every built-in rule, in order. */
function applyRules(text: string, skip: boolean): string {
  let out = redactPrivateKeys(text);
  for (const rule of SECRET_RULES) out = applyRule(out, rule, skip);
  out = redactAssignments(out);
  for (const rule of LATE_SECRET_RULES) out = applyRule(out, rule, skip);
  return out;
}

function redact(text: string, extra: RedactPatterns | undefined, prescan: boolean): string {
  try {
    const input = typeof text === 'string' ? text : String(text);
    let out = !prescan ? applyRules(input, false) : mayHoldSecret(input) ? applyRules(input, true) : input;
    if (extra !== undefined && extra !== null) for (const pattern of extra) out = applyExtra(out, toRegExp(pattern));
    return out;
  } catch {
    return `${REDACTED} (redaction failed)`;
  }
}

/**
 * A copy of `text` with every secret replaced: Anthropic, OpenAI, GitHub, Slack, Google and AWS
 * keys, bearer tokens and Authorization headers, URL passwords, secret-named assignments
 * (`password=`, `api_key:`, `"token": "…"`, `aws_secret_access_key = …`), PEM private key
 * blocks, bare JWTs and bare AWS secret access keys; then the `extra` patterns. The built-in rules are linear in the length of `text` and
 * idempotent (the user's patterns are as fast and as idempotent as they are written). Text in
 * which no built-in rule can match (see `prescan.ts`) costs one scan, and without `extra`
 * it is returned as it is (the same string). Never
 * throws: on an unexpected internal error it returns a marker, never the unredacted input.
 */
export function redactSecrets(text: string, extra?: RedactPatterns): string {
  return redact(text, extra, true);
}

/**
 * {@link redactSecrets} without the pre-scan: every rule runs over every text. The reference the
 * pre-scan is tested and measured against (tests/redact/prescan.test.ts, bench/redact.bench.ts).
 * @internal Not part of the public API.
 */
export function redactSecretsWithoutPrescan(text: string, extra?: RedactPatterns): string {
  return redact(text, extra, false);
}
