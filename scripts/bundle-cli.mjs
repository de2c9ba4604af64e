/**
 * Bundles the compiled CLI (dist/src/cli/main.js, from `tsc`) into one CommonJS file,
 * dist/cli/main.cjs: `recover` then reads and compiles one file instead of resolving and
 * linking ~140 ES modules, which was most of its start-up time (issue #15: `recover run -- true`
 * ≤ 2× `node -e 0`). Measured against the alternatives: an ES-module bundle split per verb (46
 * files for `recover run`) was slower, and an ES-module single file loads every external package
 * up front. In CommonJS each module of the bundle is initialised when first reached, so a verb
 * still runs only its own code, and the packages left external below (large, and used by a few
 * verbs only) are `require`d only then. Run by `npm run build` (and so by `prepare` on install).
 * The library itself (dist/src, dist/machines) is not bundled: an app imports it with its own
 * xstate.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist/cli');
const outfile = join(outdir, 'main.cjs');
await build({
  absWorkingDir: root,
  entryPoints: ['dist/src/cli/main.js'],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // No `import()` in the bundle: bin/recover.js compiles it from V8's code cache (below), and on
  // Node 20 code compiled that way has no loader for `import()`. esbuild turns each one into a
  // `require` (every package imported that way has a CommonJS entry; the bundle test checks).
  supported: { 'dynamic-import': false },
  // Production builds of the dependencies (without it, esbuild picks xstate's development build).
  conditions: ['module'],
  // Whitespace and syntax only: names stay, so an internal error's stack still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  // Dependencies with a CommonJS entry that only some verbs use: required from node_modules when
  // reached (yaml: YAML configs and history; ws: the inspector; pg: the fleet store; viz: SVG
  // diagrams). pg-native is pg's optional binding, never installed.
  // @opentelemetry/*: the optional SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  external: ['yaml', 'ws', 'pg', 'pg-native', '@viz-js/viz', '@opentelemetry/*'],
  // `import.meta.url` (main.ts finds package.json by it) has no CommonJS counterpart but this.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});
// Whatever an earlier build left in dist/cli (an earlier layout's files, a stale code cache) goes.
for (const entry of readdirSync(outdir)) if (join(outdir, entry) !== outfile) rmSync(join(outdir, entry), { recursive: true, force: true });

// V8's code cache for the bundle (read by bin/recover.js): the bin writes it after one
// `recover run -- true` in a throwaway directory, so it holds the functions a run compiles (V8
// compiles most lazily, when first called), not only the top level. Best effort: without it,
// `recover` compiles the bundle from source, as it did before.
const scratch = mkdtempSync(join(tmpdir(), 'recover-code-cache-'));
try {
  const env = { ...process.env, RECOVER_WRITE_CODE_CACHE: '1', RECOVERY_STORE: join(scratch, '.recovery'), GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' };
  const result = spawnSync(process.execPath, [join(root, 'bin/recover.js'), 'run', '--', 'true'], { cwd: scratch, env, stdio: 'ignore', timeout: 60_000 });
  if (result.status !== 0) console.warn(`bundle-cli: no code cache written (recover run -- true ended with ${result.status ?? result.signal}); recover compiles from source`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
