/**
 * The progress reporter of the run verbs. On a terminal it keeps one live line at the bottom
 * (spinner, attempt n/N, phase, type, backoff countdown), redrawn in place with `\r` + clear-line,
 * and prints a finished line above it for every history event. Elsewhere it prints the plain
 * lines of `progressLine`, one per history event, with no escape code at all.
 */
import { realClock, type Clock } from '../../runtime/clock.js';
import type { Outcome } from '../../runtime/outcome.js';
import type { HistoryEvent } from '../../taxonomy/index.js';
import { progressLine } from './format.js';
import { eventSegments, liveSegments, paint, plainSummary, summarySegments, type Segment } from './format.js';
import type { ProgressView } from './view.js';

/** Where progress goes: `process.stderr`, or a fake in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  /** True for a terminal. */
  isTTY?: boolean;
  /** Terminal width; read on every redraw, so a resize takes effect at the next frame. */
  columns?: number;
}

/** Options of {@link ProgressReporter}. */
export interface ReporterOptions {
  stream: ProgressStream;
  /** Redraw a live line in place. Default false: plain lines only. */
  live?: boolean;
  /** ANSI colours: on the live line, and on plain lines when forced (FORCE_COLOR, --color). Default false. */
  color?: boolean;
  /** Where time comes from (spinner frames, countdown, durations). Default: real time. */
  clock?: Clock;
  /** Milliseconds between two frames of the live line. Default 80. */
  frameMs?: number;
}

/** Erase the current terminal line: carriage return, then clear to the end of the line. */
export const CLEAR_LINE = '\r\x1b[K';
/** Width used when the stream does not say (`script` without a terminal on stdin reports 0). */
const DEFAULT_COLUMNS = 80;

/**
 * Renders a run's progress. Feed it views and new history events with {@link update}, the
 * command's output boundaries with {@link beforeOutput}/{@link afterOutput}, and end it with
 * {@link finish} or {@link stop}. Its only timer is unref'd and stops with the run.
 */
export class ProgressReporter {
  /** True when the live line is on. */
  readonly live: boolean;
  readonly color: boolean;
  private readonly stream: ProgressStream;
  private readonly clock: Clock;
  private readonly frameMs: number;
  private readonly startedAt: number;
  private view: ProgressView | null = null;
  private phaseKey = '';
  private phaseSince: number;
  private frame = 0;
  private timer: unknown = null;
  /** The live line is on screen (and must be erased before anything else is written). */
  private drawn = false;
  /** The command left a line unfinished on the terminal: drawing now would overwrite it. */
  private partial = false;
  private stopped = false;

  constructor(options: ReporterOptions) {
    this.stream = options.stream;
    this.live = options.live === true;
    // Off a terminal only when asked for (FORCE_COLOR, --color): logs stay plain by default.
    this.color = options.color === true;
    this.clock = options.clock ?? realClock;
    this.frameMs = options.frameMs ?? 80;
    this.startedAt = this.clock.now();
    this.phaseSince = this.startedAt;
  }

  /** A line of the CLI's own (the run header, "resuming run …"), above the live line. */
  note(text: string, tone: Segment[1] = null): void {
    this.commit(this.live || this.color ? paint([[text, tone]], this.color) : text);
    if (this.live && !this.stopped && this.view?.status === 'running') this.draw();
  }

  /**
   * The run moved: print `events` (new history, oldest first) and show `view` on the live line.
   * While the run rests the live line is off and nothing ticks; it comes back if the run moves on.
   */
  update(view: ProgressView, events: readonly HistoryEvent[] = []): void {
    for (const event of events) {
      this.commit(this.live ? paint(eventSegments(event, view.maxAttempts), this.color, this.width())
        : this.color ? paint(eventSegments(event, view.maxAttempts), true, Number.MAX_SAFE_INTEGER) : progressLine(event).replace(/\n$/, ''));
    }
    const key = `${view.attempt}:${view.phase}:${view.activity}`;
    if (key !== this.phaseKey) {
      this.phaseKey = key;
      this.phaseSince = this.clock.now();
    }
    this.view = view;
    if (!this.live || this.stopped) return;
    if (view.status !== 'running') {
      // Resting is not the end: `decide` restores an escalated run and then runs it again.
      this.cancel();
      this.erase();
      return;
    }
    this.draw();
    this.schedule();
  }

  /** The command is about to write to the terminal: take the live line off the screen first. */
  beforeOutput(): void {
    if (this.live) this.erase();
  }

  /** The command wrote to the terminal; `endsLine` says whether its output ended with a newline. */
  afterOutput(endsLine: boolean): void {
    // The next frame redraws the line below the output; an unfinished line waits for its end.
    if (this.live) this.partial = !endsLine;
  }

  /** The final summary (status, type, attempts, duration, run id; the decide hint with the run's `choices` when escalated). */
  finish(outcome: Outcome, choices?: readonly string[]): void {
    this.halt();
    const durationMs = this.clock.now() - this.startedAt;
    if (!this.live) {
      this.stream.write(plainSummary(outcome, durationMs, choices));
      return;
    }
    for (const line of summarySegments(outcome, durationMs, choices)) this.commit(paint(line, this.color));
  }

  /** Stop the timer and take the live line off the screen. Idempotent; nothing is drawn afterwards. */
  stop(): void {
    this.halt();
  }

  private halt(): void {
    this.stopped = true;
    this.cancel();
    this.erase();
  }

  private cancel(): void {
    if (this.timer === null) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Writes a finished line above the live line. */
  private commit(line: string): void {
    this.erase();
    if (this.partial) {
      // Our line must not be glued to the end of the command's unfinished one.
      this.stream.write('\n');
      this.partial = false;
    }
    this.stream.write(`${line}\n`);
  }

  private draw(): void {
    if (this.partial || this.view === null) return;
    const line = paint(liveSegments(this.view, this.frame, this.clock.now(), this.phaseSince), this.color, this.width());
    this.stream.write(`${CLEAR_LINE}${line}`);
    this.drawn = true;
  }

  private erase(): void {
    if (!this.drawn) return;
    this.stream.write(CLEAR_LINE);
    this.drawn = false;
  }

  private schedule(): void {
    if (this.timer !== null || this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      this.frame += 1;
      this.draw();
      this.schedule();
    }, this.frameMs);
    // A spinner is never a reason to keep the process alive.
    (this.timer as { unref?: () => void } | null)?.unref?.();
  }

  /** Room for the live line: one less than the width, since writing the last column wraps in some terminals. */
  private width(): number {
    const columns = this.stream.columns && this.stream.columns > 0 ? this.stream.columns : DEFAULT_COLUMNS;
    return Math.max(10, columns - 1);
  }
}
