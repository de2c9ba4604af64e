/**
 * The house's rooms and what each may import: the one table the README's "Architecture" section
 * shows and `layers.test.ts` holds every import of `src/` and `machines/` to. Set from the code
 * of issue #27 (no arrow runs back up across rooms; redaction on the ground floor beside the
 * taxonomy). An arrow that is not here is a decision: add it here, and to the README, on purpose.
 */

/** A room: a directory of `src/`, `machines/` as a whole, or a file alone at the top of `src/`. */
export type Room = (typeof ROOMS)[number];

/** Every room, from the top of the house down. */
export const ROOMS = [
  'src/cli', 'src/index.ts', 'src/hooks', 'src/runtime', 'src/ui', 'src/memory', 'src/telemetry', 'machines',
  'src/report', 'src/store', 'src/inspect', 'src/diagram', 'src/notify', 'src/classify', 'src/policy',
  'src/optional-package.ts', 'src/redact', 'src/taxonomy',
] as const;

/** The ground floor: pure data and pure text functions, which any room but `machines` may use. */
const GROUND: readonly Room[] = ['src/redact', 'src/taxonomy'];

/**
 * What each room may import besides itself. `machines` stays as DESIGN.md says (pure: taxonomy,
 * classify, policy) but for one type from the store (`SnapshotMigration`, which its migrations
 * implement); `src/cli` may import every room but the public API, and nothing imports it.
 */
export const MAY_IMPORT: Readonly<Record<Room, readonly Room[]>> = {
  'src/cli': ROOMS.filter((room) => room !== 'src/cli' && room !== 'src/index.ts'),
  'src/index.ts': ['src/runtime', 'src/memory', 'src/telemetry', 'machines', 'src/report', 'src/store', 'src/inspect', 'src/diagram', 'src/classify', 'src/policy', ...GROUND],
  'src/hooks': ['src/runtime', 'machines', 'src/store', 'src/classify', 'src/policy', ...GROUND],
  'src/runtime': ['src/memory', 'src/telemetry', 'machines', 'src/report', 'src/store', 'src/classify', 'src/policy', ...GROUND],
  'src/ui': ['src/report', 'src/store', 'src/diagram', ...GROUND],
  'src/memory': ['machines', 'src/store', ...GROUND],
  'src/telemetry': ['machines', 'src/store', ...GROUND],
  'machines': ['src/store', 'src/classify', 'src/policy', 'src/taxonomy'],
  'src/report': ['src/classify', 'src/policy', ...GROUND],
  'src/store': ['src/optional-package.ts', ...GROUND],
  'src/inspect': [...GROUND],
  'src/diagram': ['src/optional-package.ts', ...GROUND],
  'src/notify': [...GROUND],
  'src/classify': [...GROUND],
  'src/policy': [...GROUND],
  'src/optional-package.ts': [],
  'src/redact': [],
  'src/taxonomy': [],
};

/**
 * The room of a file (a path relative to the repository root, with `/`): `machines/…` is
 * `machines`, `src/<dir>/…` is `src/<dir>`, a file at the top of `src/` is a room of its own.
 * Null for a file outside `src/` and `machines/`.
 */
export function roomOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] === 'machines') return 'machines';
  if (parts[0] !== 'src' || parts.length < 2) return null;
  return parts.length === 2 ? file : `src/${parts[1]}`;
}
