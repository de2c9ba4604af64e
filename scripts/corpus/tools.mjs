/** Where the project's own tools are (tsc and vitest come with its node_modules). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS = {
  tsc: join(ROOT, 'node_modules', '.bin', 'tsc'),
  vitest: join(ROOT, 'node_modules', '.bin', 'vitest'),
};
