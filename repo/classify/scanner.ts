import { isWordCode, matchStart, onBoundaries, scan, type MatchSink } from './automaton.js';
import { FAILING_STDOUT_BIT, SOURCE_BIT, type CompiledRule, type CompiledRules } from './compile.js';
import { EVIDENCE_CONFIDENCE } from './priority.js';
import { scanDuration, type RetryHint } from './retry-after.js';
import { TEXT_SOURCES, type Candidate, type TextSource } from './rule.js';
import { forgetScannedText, inPythonCode, inQuotedSource, insideIdentifier } from './identifier.js';
import { lineFits } from './line.js';
import { LineSpan } from './line-shape.js';
import { excerpt } from './text.js';
import type { Evidence } from './types.js';
import { joinedCounts } from './word-forms.js';

/** Each text source's index in `TEXT_SOURCES`. */
const SOURCE_INDEX = Object.fromEntries(TEXT_SOURCES.map((source, i) => [source, i])) as Readonly<Record<TextSource, number>>;

/**
 * Scans the text fields of one observation against compiled rules. Scratch arrays are sized
 * once per rule set and reused, stamped per field instead of cleared, so a call allocates
 * only for what matched. Not re-entrant, and need not be: scanning runs no foreign code.
 */
export class Scanner implements MatchSink {
  private readonly seen: Int32Array;
  private readonly firstStart: Int32Array;
  private readonly firstEnd: Int32Array;
  private readonly firstSegment: Int32Array;
  private readonly ruleSeen: Int32Array;
  /** Per same-line or shaped rule: stamped when one occurrence fit its line, and where. */
  private readonly lineOk: Int32Array;
  private readonly lineStart: Int32Array;
  private readonly lineEnd: Int32Array;
  private readonly lineSegment: Int32Array;
  private readonly hits: number[] = [];
  /** The line of the occurrence being looked at, found once for all its shaped rules. */
  private readonly span = new LineSpan();
  private stamp = 0;
  private text = '';
  private segment = 0;
  private segments: readonly string[] = [];
  private hintsAllowed = false;
  private source: TextSource = 'error';
  /** The observed command failed (a non-zero exit code): rules with `failingStdout` read its stdout. */
  private failed = false;
  /** The first retry-after hint found in text during the current call. */
  hint: RetryHint | null = null;
  /**
   * Per source (by its index in `TEXT_SOURCES`), in the current call: the marker rank of its
   * first line that looks like an error (0: none found), and that line. Arrays cleared by a fill,
   * not a Map: clearing a Map on every call reallocates its table, which cost a quarter of a call.
   */
  private readonly errorRank = new Uint8Array(TEXT_SOURCES.length);
  private readonly errorEvidence: (Evidence | null)[] = TEXT_SOURCES.map(() => null);

  constructor(private readonly compiled: CompiledRules) {
    const n = compiled.automaton.patterns.length;
    this.seen = new Int32Array(n);
    this.firstStart = new Int32Array(n);
    this.firstEnd = new Int32Array(n);
    this.firstSegment = new Int32Array(n);
    const r = compiled.rules.length;
    this.ruleSeen = new Int32Array(r);
    this.lineOk = new Int32Array(r);
    this.lineStart = new Int32Array(r);
    this.lineEnd = new Int32Array(r);
    this.lineSegment = new Int32Array(r);
  }

  /**
   * Forgets the previous call's retry-after hint and error lines: call before scanning an
   * observation. `failed`: the observed command exited non-zero (default false).
   */
  reset(failed = false): void {
    this.failed = failed;
    this.hint = null;
    this.errorRank.fill(0);
  }

  /** The line of `source` that looks like an error, found in this call, when its marker has `rank`; else null. */
  errorLine(source: TextSource, rank: number): Evidence | null {
    const i = SOURCE_INDEX[source];
    return rank > 0 && this.errorRank[i] === rank ? this.errorEvidence[i]! : null;
  }

  /** Called by the automaton for every raw match; keeps the first one on word boundaries. */
  hit(pattern: number, end: number): void {
    const { automaton, hintUnit, lineRules } = this.compiled;
    const lines = lineRules[pattern]!;
    const seenBefore = this.seen[pattern] === this.stamp;
    // Seen already, and every line rule of the pattern already fitted a line: nothing left to learn here.
    if (seenBefore && (lines.length === 0 || this.linesDone(lines))) return;
    const text = this.text;
    if (automaton.patterns[pattern]!.checkEnd && end + 1 < text.length && isWordCode(text.charCodeAt(end + 1))) return;
    const start = matchStart(automaton, text, pattern, end);
    if (!onBoundaries(automaton, text, pattern, start, end)) return;
    if (this.compiled.guarded[pattern] === 1 && insideIdentifier(text, start, end)) return;
    if (this.compiled.joined[pattern] === 1 && (!joinedCounts(text, start, end) || inPythonCode(text, start) || inQuotedSource(text, end))) return;
    // Same-line and shaped rules look at every occurrence until one fits its line.
    this.span.reset();
    for (const index of lines) {
      if (this.lineOk[index] === this.stamp || !lineFits(text, start, end, this.compiled.rules[index]!, this.span)) continue;
      this.lineOk[index] = this.stamp;
      this.lineStart[index] = start;
      this.lineEnd[index] = end;
      this.lineSegment[index] = this.segment;
    }
    if (seenBefore) return;
    this.seen[pattern] = this.stamp;
    this.firstStart[pattern] = start;
    this.firstEnd[pattern] = end;
    this.firstSegment[pattern] = this.segment;
    this.hits.push(pattern);
    const unit = hintUnit[pattern]!;
    if (unit > 0 && this.hint === null && this.hintsAllowed) {
      const ms = scanDuration(text, end + 1, unit);
      if (ms !== null) this.hint = { ms, source: this.source, match: excerpt(text, start, Math.min(text.length - 1, end + 12)) };
    }
  }

  /** True when every rule in `lines` has fitted a line in this field. */
  private linesDone(lines: readonly number[]): boolean {
    for (const index of lines) if (this.lineOk[index] !== this.stamp) return false;
    return true;
  }

  /** Scans one field (all its segments) and appends the rules it satisfies to `out`. */
  scanField(source: TextSource, segments: readonly string[], out: Candidate[]): void {
    if (segments.length === 0) return;
    if (++this.stamp === 0x7fffffff) {
      this.seen.fill(0);
      this.ruleSeen.fill(0);
      this.stamp = 1;
    }
    this.hits.length = 0;
    this.source = source;
    this.segments = segments;
    // Rate-limit hints follow the same rule as rate-limit markers: not in ordinary output.
    this.hintsAllowed = source !== 'stdout' && source !== 'validationErrors';
    for (let i = 0; i < segments.length; i++) {
      this.text = segments[i]!;
      this.segment = i;
      // The whole text: one table lookup per character, so a 5 MB log costs milliseconds.
      scan(this.compiled.automaton, this.text, 0, this.text.length, this);
    }
    this.text = '';
    forgetScannedText();
    this.collect(source, out);
    this.findErrorLine(source);
    this.segments = [];
  }

  /** The earliest match of the strongest error-line marker in this field, as evidence. */
  private findErrorLine(source: TextSource): void {
    const { markerRank } = this.compiled;
    let best = -1;
    for (const pattern of this.hits) {
      const rank = markerRank[pattern]!;
      if (rank === 0) continue;
      if (best === -1) {
        best = pattern;
        continue;
      }
      const bestRank = markerRank[best]!;
      const earlier = this.firstSegment[pattern]! < this.firstSegment[best]! ||
        (this.firstSegment[pattern] === this.firstSegment[best] && this.firstStart[pattern]! < this.firstStart[best]!);
      if (rank < bestRank || (rank === bestRank && earlier)) best = pattern;
    }
    if (best === -1) return;
    const match = excerpt(this.segments[this.firstSegment[best]!]!, this.firstStart[best]!, this.firstEnd[best]!);
    this.errorRank[SOURCE_INDEX[source]] = markerRank[best]!;
    this.errorEvidence[SOURCE_INDEX[source]] = { rule: 'fallback.error-line', source, match };
  }

  private collect(source: TextSource, out: Candidate[]): void {
    const { rules, phraseRules } = this.compiled;
    const bit = source === 'stdout' && this.failed ? SOURCE_BIT.stdout | FAILING_STDOUT_BIT : SOURCE_BIT[source];
    const first = out.length;
    for (const pattern of this.hits) {
      for (const index of phraseRules[pattern]!) {
        const rule = rules[index]!;
        if ((rule.sourceMask & bit) === 0 || this.ruleSeen[index] === this.stamp) continue;
        if (rule.perLine && this.lineOk[index] !== this.stamp) continue;
        if (!rule.sameLine && rule.requires.length > 0 && !rule.requires.some((p) => this.seen[p] === this.stamp)) continue;
        if (rule.unless.some((p) => this.seen[p] === this.stamp)) continue;
        if (rule.layer > 0 && sameReading(out, first, rule)) continue;
        this.ruleSeen[index] = this.stamp;
        const [segment, start, end] = rule.perLine
          ? [this.lineSegment[index]!, this.lineStart[index]!, this.lineEnd[index]!]
          : [this.firstSegment[pattern]!, this.firstStart[pattern]!, this.firstEnd[pattern]!];
        const text = this.segments[segment]!;
        out.push({
          order: index,
          rule: rule.id,
          type: rule.type,
          tier: rule.tier,
          layer: rule.layer,
          priority: rule.priority,
          confidence: rule.confidence ?? (source === 'stdout' ? EVIDENCE_CONFIDENCE.stdout : EVIDENCE_CONFIDENCE.text),
          source,
          match: excerpt(text, start, end),
        });
      }
    }
  }
}

/**
 * True when a candidate pushed since `from` (from the same field) already says what `rule`
 * would, at least as exactly: same type, same priority, a layer as exact. A registry or lexicon
 * rule repeating what a tool's rule found in the same text (`errno: -111` beside
 * `ECONNREFUSED`) is not a second piece of evidence — it would raise the confidence by
 * corroboration — and skipping it saves an excerpt and a candidate per call.
 */
function sameReading(out: readonly Candidate[], from: number, rule: CompiledRule): boolean {
  for (let i = from; i < out.length; i++) {
    const c = out[i]!;
    if (c.type === rule.type && c.priority === rule.priority && c.layer < rule.layer) return true;
  }
  return false;
}
