/**
 * `npm run viz`: writes visualizations/<name>.{mmd,dot,svg} for every machine exported by
 * machines/index.ts, and removes diagram files of machines that no longer exist, so the
 * directory always mirrors `machines`. Files whose content is unchanged are not rewritten.
 *
 * Usage (after `npm run build`): `node dist/src/diagram/write-visualizations.js [DIR]`,
 * DIR defaulting to `visualizations` under the current directory (npm runs scripts at the
 * package root).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { loadMachines } from './load-machines.js';
import { renderAll, VISUALIZATION_EXTENSIONS } from './render-all.js';

/** What {@link writeVisualizations} did, as file names relative to the directory. */
export interface WriteResult {
  written: string[];
  unchanged: string[];
  removed: string[];
}

const DIAGRAM_FILE = new RegExp(`\\.(${VISUALIZATION_EXTENSIONS.join('|')})$`);

/**
 * Renders every machine with {@link renderAll} into `dir` (created if missing) and deletes
 * stale `.mmd`/`.dot`/`.svg` files there that no machine produces. Other files are left alone.
 */
export async function writeVisualizations(dir: string, machines: Readonly<Record<string, AnyStateMachine>>): Promise<WriteResult> {
  const files = await renderAll(machines);
  const result: WriteResult = { written: [], unchanged: [], removed: [] };
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    if (existsSync(path) && readFileSync(path, 'utf8') === content) {
      result.unchanged.push(name);
      continue;
    }
    writeFileSync(path, content);
    result.written.push(name);
  }
  for (const name of readdirSync(dir).sort()) {
    if (DIAGRAM_FILE.test(name) && !(name in files)) {
      rmSync(join(dir, name));
      result.removed.push(name);
    }
  }
  return result;
}

async function main(): Promise<void> {
  const dir = resolve(process.argv[2] ?? 'visualizations');
  const machines = await loadMachines();
  const { written, unchanged, removed } = await writeVisualizations(dir, machines);
  for (const name of written) console.log(`wrote ${join(dir, name)}`);
  for (const name of removed) console.log(`removed ${join(dir, name)}`);
  console.log(`${Object.keys(machines).length} machine(s): ${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed`);
}

// Run only when executed directly, so tests can import writeVisualizations without side effects.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`npm run viz: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
