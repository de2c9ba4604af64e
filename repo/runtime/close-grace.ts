/**
 * How long a finished command's output pipes may stay open before we stop reading them, counted
 * in time the event loop was awake to read, not by the wall clock.
 *
 * Why: once a command's process group is gone, its output is normally already in the pipes (with
 * their end), but it is read only in the event loop's poll phase, and Node runs expired timers
 * before that phase. A process that was not scheduled for longer than the grace (two busy loops
 * and sixteen commands at once on two cores: 3 of 5,300 runs) woke with its grace timer expired and
 * the output unread: a wall-clock timer ended the capture first, and a run that printed a
 * connection error was recorded as "nothing on stdout or stderr". Here the grace is a chain of
 * short ticks, each of which counts at most its own length however late it fires, and between two
 * ticks the loop always polls; new output starts the count again.
 */

/** One tick of the grace, in ms: the most a late tick counts for. */
export const GRACE_TICK_MS = 20;

/** What {@link afterQuiet} watches. */
export interface QuietWatch {
  /** A number that grows when output is read (bytes so far). */
  progress(): number;
  /** True while output is held back on purpose (a slow reader paused the pipe): not quiet. */
  held(): boolean;
}

/**
 * Calls `done` once `graceMs` of awake loop time passed with no output read and none held back,
 * or once `limitMs` of awake loop time passed in all (a process that left the group may write
 * forever). Returns a cancel function.
 */
export function afterQuiet(watch: QuietWatch, graceMs: number, limitMs: number, done: () => void): () => void {
  let quiet = 0;
  let awake = 0;
  let last = watch.progress();
  let at = performance.now();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = performance.now();
    const counted = Math.min(now - at, GRACE_TICK_MS); // a tick that fires late was not awake meanwhile
    at = now;
    awake += counted;
    const seen = watch.progress();
    if (seen !== last || watch.held()) quiet = 0;
    else quiet += counted;
    last = seen;
    if (quiet >= graceMs || awake >= limitMs) done();
    else timer = setTimeout(tick, GRACE_TICK_MS);
  };
  timer = setTimeout(tick, GRACE_TICK_MS);
  return () => clearTimeout(timer);
}
