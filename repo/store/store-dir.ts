/** Where the default store lives. */
import { isAbsolute, join, resolve } from 'node:path';

/**
 * The store directory: `env.RECOVERY_STORE` (resolved against `cwd` when relative) when set and
 * not empty, else `<cwd>/.recovery`. Defaults: `process.env`, `process.cwd()`.
 */
export function defaultStoreDir(env: Readonly<Record<string, string | undefined>> = process.env, cwd: string = process.cwd()): string {
  const configured = env.RECOVERY_STORE;
  if (configured !== undefined && configured.trim() !== '') return isAbsolute(configured) ? configured : resolve(cwd, configured);
  return join(cwd, '.recovery');
}
