/**
 * Telling a Claude Code hook run from any other by its meta, without loading the engine: `list`
 * asks it of every run that looks interrupted.
 */

/** True for a run a hook made (`recover hook claude` writes `meta.hook`). */
export function isHookRun(meta: Record<string, unknown>): boolean {
  return meta.hook === 'claude';
}
