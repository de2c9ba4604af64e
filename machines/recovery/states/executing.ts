/**
 * EXECUTING: one attempt, asked of the run's runner, and the watches of a task that sends
 * HEARTBEAT / PROGRESS. A pass ends the run; a failure goes to the diagnosis (or, for one the
 * diagnosis would retry at once, straight into the next attempt).
 */
import { intoAttempt, recoverySetup } from '../setup.js';

/** Each watch rests idle until its first event, then each event re-arms it until its timeout fires. */
const watched = recoverySetup.createStateConfig({
  type: 'parallel',
  states: {
    heartbeat: {
      initial: 'idle',
      states: {
        idle: { on: { HEARTBEAT: { target: 'watching', actions: 'noteTime' } } },
        watching: {
          on: { HEARTBEAT: { target: 'watching', reenter: true, actions: 'noteTime' } },
          after: { heartbeatTimeout: { target: '#recovery.recovery', actions: [{ type: 'recordWatchFailure', params: { type: 'HEARTBEAT_TIMEOUT' } }, 'cancelAttempt'] } },
        },
      },
    },
    progress: {
      initial: 'idle',
      states: {
        idle: { on: { PROGRESS: { target: 'watching', actions: 'noteTime' } } },
        watching: {
          on: { PROGRESS: { target: 'watching', reenter: true, actions: 'noteTime' } },
          after: { stallTimeout: { target: '#recovery.recovery', actions: [{ type: 'recordWatchFailure', params: { type: 'PROGRESS_STALL' } }, 'cancelAttempt'] } },
        },
      },
    },
  },
});

/** The `executing` state: the attempt begun by the update of the step that came here (see `intoAttempt`). */
export const executing = recoverySetup.createStateConfig({
  entry: 'requestAttempt',
  on: {
    'runner.done': [
      // No action: a first-attempt pass has nothing to record (recordSuccess only resets counters
      // that are still at their initial values then), and every assign costs a snapshot.
      { guard: 'passedFirstTime', target: 'succeeded' },
      { guard: 'attemptPassed', target: 'recovered', actions: 'recordSuccess' },
      // A failure the diagnosis would retry at once (transient, no backoff, nothing above it in
      // the routing table holding): PAUSE, DIAGNOSE and the next attempt in one update, without
      // the hop through `recovery.diagnose` (the routing table's row for it stays: a rejection,
      // an unclassified outcome or a watch's failure takes it). See `retriesAtOnce`.
      { guard: 'retriesAtOnce', ...intoAttempt('retryAtOnce'), reenter: true },
      { target: 'recovery.diagnose', actions: 'recordFailure' },
    ],
    'runner.error': { target: 'recovery.diagnose', actions: 'recordFailure' },
  },
  // Watches arm on the first HEARTBEAT / PROGRESS: a task that never sends them is not watched,
  // and pays nothing for them (the parallel watch regions are entered only then).
  initial: 'unwatched',
  states: {
    unwatched: {
      on: {
        HEARTBEAT: { target: 'watched.heartbeat.watching', actions: 'noteTime' },
        PROGRESS: { target: 'watched.progress.watching', actions: 'noteTime' },
      },
    },
    watched,
  },
});
