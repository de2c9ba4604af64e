/** Where a store lives, told from its location string alone (no driver loaded). */

/** True when `location` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than a directory. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location.trim());
}
