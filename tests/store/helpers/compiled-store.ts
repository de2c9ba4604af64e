/**
 * The real store, compiled for child processes. Tests run from TypeScript sources through vitest,
 * but a child `node` process needs JavaScript: transpile the current sources of src/store and
 * src/taxonomy (its only dependency) into a temp directory, rather than trust a dist/ that may
 * be stale or half-built by someone else. node_modules is linked in so `lowdb` resolves.
 */
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { tempDir } from './fixtures.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Compiles the store; `entry` is the path of its index.js. */
export async function compileStore(): Promise<{ entry: string; cleanup: () => Promise<void> }> {
  const { dir, cleanup } = await tempDir('recovery-store-dist-');
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const sub of ['src/store', 'src/taxonomy']) {
    await mkdir(join(dir, sub), { recursive: true });
    for (const name of await readdir(join(ROOT, sub))) {
      if (!name.endsWith('.ts')) continue;
      const source = await readFile(join(ROOT, sub, name), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        fileName: name,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      await writeFile(join(dir, sub, name.replace(/\.ts$/, '.js')), outputText);
    }
  }
  return { entry: join(dir, 'src/store/index.js'), cleanup };
}

/** The child-process script that drives the compiled store (see store-child.mjs). */
export const CHILD_SCRIPT = join(ROOT, 'tests/store/helpers/store-child.mjs');
