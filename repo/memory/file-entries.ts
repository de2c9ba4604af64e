/**
 * The frame both memory files share — a JSON object with `version: 1` and an `entries` array —
 * checked once, so each memory's own check reads only what its entries hold.
 */

/** Each entry of a version-1 memory file as a plain object (with its index), or what is wrong, naming the field. */
export function memoryEntries(data: unknown): { entries: Record<string, unknown>[] } | { problem: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { problem: 'the file is not a JSON object' };
  const d = data as Record<string, unknown>;
  if (d.version !== 1) return { problem: `"version" is ${JSON.stringify(d.version)}; this release reads version 1` };
  if (!Array.isArray(d.entries)) return { problem: '"entries" is not an array' };
  const index = (d.entries as unknown[]).findIndex((e) => typeof e !== 'object' || e === null || Array.isArray(e));
  if (index !== -1) return { problem: `entries[${index}] is not an object` };
  return { entries: d.entries as Record<string, unknown>[] };
}
