/**
 * Bundles the compiled CLI (dist/src/cli/main.js, from `tsc`) into dist/cli/: `recover` then
 * loads a handful of files instead of ~140 modules, which is most of its start-up time (issue
 * #15: `recover run -- true` ≤ 2× `node -e 0`). Each verb, and each part a verb loads only when
 * needed, stays a chunk of its own (code splitting on the dynamic imports), so `recover run`
 * never parses the UI, the inspector or the diagram renderers. Run by `npm run build` (and so by
 * `prepare` on install). The library itself (dist/src, dist/machines) is not bundled: an app
 * imports it with its own xstate.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/cli`;
// Files are overwritten in place (a test may be running the CLI); stale chunks go afterwards.
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: { main: 'dist/src/cli/main.js' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Production builds of the dependencies (without it, esbuild picks xstate's development build).
  conditions: ['module'],
  // Whitespace and syntax only: names stay, so an internal error's stack still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  chunkNames: 'chunks/[name]-[hash]',
  // pg's optional native binding: never installed, only required if asked for.
  external: ['pg-native'],
  // CommonJS dependencies (pg, ws) require Node's built-ins; an ES module has no `require`.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});
const written = new Set(Object.keys(metafile.outputs).map((file) => join(root, file)));
for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (entry.isFile() && !written.has(path)) rmSync(path);
}
