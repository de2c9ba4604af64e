import type { FailureType } from '../../taxonomy/index.js';
import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule, type RulePack } from '../rule.js';

/**
 * A registry (issue 30): one standard code set — errno, HTTP statuses, SQLSTATE, gRPC status
 * codes, cloud providers' error codes, Redis error prefixes, signals — as a table of rows, each
 * a code with the spellings tools print it in and the failure type it means. The rows become
 * ordinary rules (one per type), so a registry is a rule pack like any other: data, usable alone,
 * overridable by id from config. Most classifications of tools no rule was written for come
 * from here: whatever prints `ECONNREFUSED`, `HTTP/1.1 503` or `SQLSTATE 40P01` is understood.
 */

/** One code of a standard set. */
export interface RegistryRow {
  /** The code as its standard names it: `ECONNREFUSED`, `503`, `40P01`, `DEADLINE_EXCEEDED`. */
  code: string;
  /**
   * What it means for recovery, by DESIGN's routing; `null` for a code that says nothing a
   * recovery could act on (listed all the same, so that a reader sees it was weighed).
   */
  type: FailureType | null;
  /** Values of an error's `code`, `name` or `type` field that name it, compared whole. Default none. */
  codes?: readonly string[];
  /** Its spellings in text (whole words, any case; with the registry's `wordForms`, their forms too). Default none. */
  phrases?: readonly string[];
  /**
   * Spellings that are only this code next to a word of its protocol on the same line
   * (`(429)`, `returned 503`: a count or a line number otherwise). Default none.
   */
  inContext?: readonly string[];
}

/** How a registry's rows become rules. */
export interface RegistryOptions {
  /** The pack's id: rule ids are `<id>.<type in kebab case>`. */
  id: string;
  /** What the pack covers. */
  description: string;
  /** The standard the rows come from (its name, RFC or document): every rule carries it. */
  source: string;
  /** Words of the protocol that give an `inContext` spelling its meaning on the same line. Default none. */
  context?: readonly string[];
  /** Match the phrases in their word forms (CamelCase, snake_case, `{stem}`). Default true. */
  wordForms?: boolean;
  /**
   * Types whose spellings count in text only in the failure's own words (not ordinary stdout)
   * and not inside a test report (DESIGN: auth and rate-limit markers). Default {@link OWN_WORDS_TYPES}.
   */
  ownWords?: ReadonlySet<FailureType>;
  /**
   * Those own-words spellings count in a failed command's stdout too (`Rule.failingStdout`): a
   * code is the failure's own words on whichever stream the command printed it. Default false.
   */
  failingStdout?: boolean;
}

/** Credentials, limits and billing: words that count only in the failure's own words (DESIGN.md). */
export const OWN_WORDS_TYPES: ReadonlySet<FailureType> = new Set(['AUTH_REQUIRED', 'AUTH_EXPIRED', 'RATE_LIMIT', 'QUOTA_EXCEEDED']);

/** `RATE_LIMIT` → `rate-limit`. */
export const kebab = (type: FailureType): string => type.toLowerCase().replace(/_/g, '-');

/** The rows of `rows` that route somewhere, grouped by type in the order the types first appear. */
function byType(rows: readonly RegistryRow[]): Map<FailureType, RegistryRow[]> {
  const groups = new Map<FailureType, RegistryRow[]>();
  for (const row of rows) if (row.type !== null) groups.set(row.type, [...(groups.get(row.type) ?? []), row]);
  return groups;
}

const unique = (list: readonly string[]): string[] => [...new Set(list)];

/**
 * The rules of a registry: per type, one rule with the codes and phrases of its rows, and one
 * with their in-context spellings (which need a word of `context` on their line).
 */
export function registryRules(rows: readonly RegistryRow[], options: Omit<RegistryOptions, 'description'>): Rule[] {
  const own = options.ownWords ?? OWN_WORDS_TYPES;
  const wordForms = options.wordForms ?? true;
  const rules: Rule[] = [];
  for (const [type, group] of byType(rows)) {
    const id = `${options.id}.${kebab(type)}`;
    const limits = own.has(type) ? { sources: FAILURE_SOURCES, unless: REPORT_WORDS, ...(options.failingStdout === true ? { failingStdout: true } : {}) } : {};
    const codes = unique(group.flatMap((row) => row.codes ?? []));
    const phrases = unique(group.flatMap((row) => row.phrases ?? []));
    if (codes.length > 0 || phrases.length > 0) {
      rules.push({ id, type, source: options.source, ...(codes.length > 0 ? { codes } : {}), ...(phrases.length > 0 ? { phrases, wordForms } : {}), ...limits });
    }
    const inContext = unique(group.flatMap((row) => row.inContext ?? []));
    if (inContext.length > 0 && (options.context ?? []).length > 0) {
      rules.push({ id: `${id}-in-context`, type, source: options.source, phrases: inContext, requires: options.context, sameLine: true, ...limits });
    }
  }
  return rules;
}

/** A registry as a rule pack. */
export function registryPack(rows: readonly RegistryRow[], options: RegistryOptions): RulePack {
  return { id: options.id, description: options.description, rules: registryRules(rows, options) };
}
