/**
 * What a run driven in this process is shown through: where its command writes, the inspection
 * observer, and who hears the run's notices and its start. A verb's run session gives one (the
 * progress on stderr, see run-session.ts), `recover ui` another (its log). Built once by whoever
 * shows the run, and read as it is by the code that starts or continues it.
 */
import type { Writable } from 'node:stream';
import type { RecoveryOptions } from '../runtime/options.js';
import type { PtySize } from '../runtime/pty.js';
import type { RecoveryActor } from '../runtime/recovery.js';
import type { RunRecord } from '../store/types.js';

/** Where a run's command writes in this process, and whether on a pseudo-terminal. */
export interface CommandOutput {
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** A pseudo-terminal of this size for the command (see `ptyFor`), or null: plain pipes. */
  readonly pty: PtySize | null;
}

/** How a run driven in this process is shown; see the module comment. */
export interface RunWatch {
  readonly output: CommandOutput;
  /** The inspection observer to give the runtime (`--inspect`, `--trace`); undefined: none. */
  readonly inspect: RecoveryOptions['inspect'];
  /** What the store mended on the way in and what else the run has to say, one sentence each. */
  notice(message: string): void;
  /** The run is owned and started; `stored`: the run as it was stored, when it is continued. */
  started(actor: RecoveryActor, stored?: RunRecord): void;
}
