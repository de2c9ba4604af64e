/**
 * The lost-output race (#31): output that is already in the pipes when a command's group is gone
 * must be read, however long this process was not scheduled. The test makes the stall happen
 * exactly where a loaded machine made it happen: after the command's exit was handled (the close
 * grace started) and before the event loop read the pipes; a wall-clock grace then ended the
 * capture first, and the run was recorded as printing nothing. Real processes; Linux (/proc).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommandOnce } from '../../src/runtime/command.js';

const dir = mkdtempSync(join(tmpdir(), 'recovery-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Gone or a zombie: it can no longer write. */
const ended = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
};

/** Blocks this thread (the event loop with it) until `done()` or `limitMs`, as a descheduled process is blocked. */
function stall(done: () => boolean, limitMs: number): void {
  for (const deadline = Date.now() + limitMs; Date.now() < deadline && !done();) { /* busy */ }
}

describe.runIf(existsSync('/proc/self/stat'))('runCommandOnce under a stalled event loop', () => {
  it('reads what the pipes hold after a stall longer than the close grace, before it stops reading', { timeout: 120_000 }, async () => {
    const gpid = join(dir, 'gpid');
    const message = 'Error: connect ECONNREFUSED 10.0.0.7:5432';
    // The command leaves a writer outside its group (setsid) that prints the error a moment after
    // the command exits (as output still on its way when the exit is seen), and exits itself.
    const script = `setsid sh -c 'echo $$ > ${gpid}; sleep 0.1; echo "${message}" >&2' & while [ ! -s ${gpid} ]; do sleep 0.01; done; exit 1`;
    let pid = 0;
    const result = runCommandOnce('sh', ['-c', script], { onSpawn: (p) => { pid = p; } });
    // Wait until the command's exit has been handled here (its /proc entry goes when it is reaped,
    // in the same callback that starts the close grace)…
    for (const deadline = Date.now() + 60_000; pid === 0 || existsSync(`/proc/${pid}`); await new Promise((r) => setTimeout(r, 1))) {
      if (Date.now() > deadline) throw new Error('the command did not exit');
    }
    // …then stall until the writer has printed and gone, and for longer than the grace (200 ms):
    // the output and the pipe's end are now waiting to be read. The stall is in the check phase
    // (setImmediate), as any callback after the timers: the next loop turn runs its expired timers
    // before it polls the pipes.
    const writer = Number(readFileSync(gpid, 'utf8'));
    await new Promise<void>((resolve) => setImmediate(() => {
      const start = Date.now();
      stall(() => ended(writer) && Date.now() - start > 500, 60_000);
      resolve();
    }));
    expect(ended(writer)).toBe(true);
    const outcome = await result;
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toBe(`${message}\n`);
  });
});
