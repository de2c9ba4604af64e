/**
 * The fleet's one durability precondition that the project cannot enforce: PostgreSQL must tell
 * a client a commit succeeded only once it is on disk (`synchronous_commit` on, its default).
 * With it off, a crash or an immediate restart forgets commits already acknowledged — a
 * checkpoint, a decision, a fence — and the fleet then re-runs an attempt it had recorded (the
 * chaos tests of issue #31 saw an escalation's checkpoint vanish and the run execute again).
 * `recover worker` asks the server once at its start and says so.
 */
import type { PgQueryable } from '../store/postgres/pg-driver.js';

/**
 * A one-line warning when the server reports `synchronous_commit` off for this connection's
 * database and role, else null. `local`, `remote_write`, `on` and `remote_apply` all wait for
 * the local disk. A server that cannot be asked (an old one, a dropped connection) gets no
 * warning: the worker must not fail over advice.
 * @param where the store's URL without its password, to name it.
 */
export async function synchronousCommitWarning(db: PgQueryable, where: string): Promise<string | null> {
  let value: unknown;
  try {
    value = (await db.query<{ value: string }>("SELECT current_setting('synchronous_commit') AS value")).rows[0]?.value;
  } catch {
    return null;
  }
  if (value !== 'off') return null;
  return `warning: ${where} has synchronous_commit off: PostgreSQL acknowledges commits before they reach the disk, so a crash or an immediate restart forgets checkpoints and decisions it confirmed, and attempts run again; set it on for the fleet's database (ALTER DATABASE … SET synchronous_commit = on), see the README's Fleet section`;
}
