import type { FailureType } from '../taxonomy/index.js';
import type { LineShape } from './line-shape.js';
import type { EvidenceSource } from './types.js';

/** Text fields of an observation that phrase rules can look at. */
export const TEXT_SOURCES = ['error', 'message', 'stderr', 'stdout', 'validationErrors'] as const;
/** A text field of an observation. */
export type TextSource = (typeof TEXT_SOURCES)[number];

/**
 * Where phrase rules count when a rule does not say: the failure's own words. Validation
 * messages are left out so that only the rules written for them (seed 002) read them.
 */
export const DEFAULT_SOURCES: readonly TextSource[] = ['error', 'message', 'stderr', 'stdout'];

/**
 * The failure's own words, without ordinary stdout: where auth and rate-limit markers count
 * (a tool that prints "authentication module loaded" has not failed to log in).
 */
export const FAILURE_SOURCES: readonly TextSource[] = ['error', 'message', 'stderr'];

/**
 * Conditions on structured fields that phrases cannot express.
 * - `testsFailed`: `tests.failed > 0`
 * - `validationErrors`: at least one validation message
 * - `emptyStdout`: nothing was produced: stdout was captured and is empty or whitespace only, and
 *   stderr and the error's text are blank or absent (seed 002's EMPTY_OUTPUT; a failure that
 *   printed an error on stderr is classified by that error, not as empty output)
 * - `falsyAnswer`: the command exited 1 and printed only `false` or `null` on stdout, nothing on
 *   stderr: a query run with `--exit-status` (`-e`) whose answer was false, a check's verdict
 */
export const RULE_CONDITIONS = ['testsFailed', 'validationErrors', 'emptyStdout', 'falsyAnswer'] as const;
/** A structured condition a rule can match on. */
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

/**
 * One classification rule: plain JSON data, so users can add or override rules in config.
 * A rule matches when ANY of its triggers matches (a phrase in an allowed source, a code, an
 * exit code, a status, a signal or its condition). Phrases match whole words, case-insensitively,
 * with any run of whitespace matching one space: `unexpected` is not `expected`. The characters
 * just outside a phrase must not be letters, digits or `_`, so `/root` does not match `/rooted`
 * or `/home/x/root`; a trailing `*` lifts that check at the end (`error ts2*` matches
 * `error TS2307`), a leading `*` lifts it at the start.
 */
export interface Rule {
  /** Unique id, `<pack>.<name>`; a config rule with the same id replaces the built-in one. */
  id: string;
  /** The failure type this rule gives. */
  type: FailureType;
  /** Higher wins when several rules match. Default: the type's tier (see `TYPE_PRIORITY`). */
  priority?: number;
  /** Confidence when it matches. Default by evidence: codes, exit codes, statuses 0.9–0.95; text 0.8 (0.7 in stdout). */
  confidence?: number;
  /** Text fields where the phrases count. Default {@link DEFAULT_SOURCES}. */
  sources?: readonly TextSource[];
  /**
   * The phrases count in stdout too when the command failed (a non-zero exit code), whatever
   * `sources` says: a standard code a failing command printed (`HTTP 401 Unauthorized`) is the
   * failure's own words on whichever stream it went to. Default false.
   */
  failingStdout?: boolean;
  /** Words or phrases; any one matches. (List a code here too if it should count in text.) */
  phrases?: readonly string[];
  /** When set, a phrase only counts if one of these also appears in the same field. */
  requires?: readonly string[];
  /** With `requires`: the required word must be on the same line as the phrase, not just in the same field. Default false. */
  sameLine?: boolean;
  /**
   * The phrases count inside identifiers too: paths, branch names, quoted names. Default false:
   * a failure word in `fix/timeout-retry` or `'getaddrinfo'` is a name, not evidence (issue 30).
   * Rules whose phrases are paths or file names (sensitive paths) set it.
   */
  inIdentifiers?: boolean;
  /** When set, a phrase does not count if one of these appears in the same field. */
  unless?: readonly string[];
  /**
   * The phrases match in their word forms (issue 30): `{stem}` stands for every form of a word
   * family of `WORD_FORMS` (`{login}`: log in, login, sign in…), and a phrase of two or more
   * words also matches joined into one name, CamelCase or snake_case (`connection refused`:
   * `ConnectionRefusedError`, `ERR_CONNECTION_REFUSED`), except in a test's name. Default false.
   */
  wordForms?: boolean;
  /**
   * The line shape the phrases must sit in (issue 30), e.g. `file:line[:col]: error:` for a
   * compiler diagnostic, so that a tool's error-queue line with a `.c:` and an `error:` on it is
   * not read as one. One of `LINE_SHAPES`. Default: any line.
   */
  shape?: LineShape;
  /** Error `code`, `name`, `type` or string `status` values, compared whole (case-insensitive): `ECONNREFUSED`, `insufficient_quota`. */
  codes?: readonly string[];
  /** Process exit codes. */
  exitCodes?: readonly number[];
  /** HTTP statuses. */
  statuses?: readonly number[];
  /** Signals that ended the process, e.g. `SIGKILL`. */
  signals?: readonly string[];
  /** A structured condition. */
  when?: RuleCondition;
  /** `true` turns the rule off (useful to disable a built-in rule by id from config). */
  disabled?: boolean;
  /** Where the message format comes from (the tool and the file of its source that prints it). Not used for matching. */
  source?: string;
}

/** A named set of rules that can be used alone or combined with others. */
export interface RulePack {
  /** Short name, e.g. `seed001`, `llm-api`. */
  id: string;
  /** What the pack covers. */
  description: string;
  rules: readonly Rule[];
}

/** The approaches tried so far, when known: seed 001's CIRCULAR_FIX is decided from them. */
export interface ApproachHistory {
  /** Approaches tried before, oldest first. */
  previousApproaches: string[];
  /** The approach about to be (or just) tried. */
  currentApproach: string;
}

/** Options of `classify` and `createClassifier`. */
export interface ClassifyOptions {
  /** Rule packs to use. Default: every built-in pack (`BUILT_IN_PACKS`). */
  packs?: readonly RulePack[];
  /** Extra rules, or rules that replace a pack's rule with the same id. Default none. */
  rules?: readonly Rule[];
  /** The clock for HTTP-date Retry-After headers, epoch ms. Default `Date.now()` at each call. */
  now?: number;
  /** Approach history: when circular (seed 001), the result is CIRCULAR_FIX. Default none. */
  history?: ApproachHistory;
}

/** One rule that matched, before the winner is chosen. */
export interface Candidate {
  /** Index of the compiled rule (its order breaks ties). */
  order: number;
  rule: string;
  type: FailureType;
  /** Its tier of DESIGN's order (`tierOf(priority)`, 0 highest): decides first. */
  tier: number;
  /** How exact its layer is (`LAYER_RANK`, 0 most exact): decides within a tier. */
  layer: number;
  priority: number;
  confidence: number;
  source: EvidenceSource;
  match: string;
}

/** Thrown by `createClassifier` (and `classify` with options) when a rule is not valid data. */
export class RuleError extends Error {
  /** Where the bad field is, e.g. `rules[2].type`. */
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path} ${message}`);
    this.name = 'RuleError';
    this.path = path;
  }
}
