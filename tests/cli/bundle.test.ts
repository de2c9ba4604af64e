/**
 * The `recover` bin runs the bundled CLI (dist/cli/main.cjs, scripts/bundle-cli.mjs): it must be
 * what the bin loads, it must need nothing at run time that an install of the package lacks, and
 * the package must ship it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BIN, cliEnv, ROOT, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const BUNDLE = join(ROOT, 'dist/cli/main.cjs');

beforeAllBuilt();

describe('the bundled CLI', () => {
  test('recover run -- true runs the bundle from its code cache and loads no module of dist/src or dist/machines', () => {
    const cwd = tempCwd();
    const result = spawnSync(process.execPath, [BIN, 'run', '--', 'true'], { cwd, encoding: 'utf8', env: cliEnv({ NODE_DEBUG: 'module,recover' }) });
    expect(result.status, result.stderr.slice(-2000)).toBe(0);
    // The build wrote the cache with this Node; V8 accepts it only for the same source, version and flags.
    expect(result.stderr).toMatch(/RECOVER \d+: code cache accepted/);
    const loaded = [...result.stderr.matchAll(/MODULE \d+: load "([^"]+)" for module/g)].map((m) => m[1]!);
    expect(loaded.filter((file) => file.includes('/dist/src/') || file.includes('/dist/machines/'))).toEqual([]);
    expect(result.stderr).toMatch(/succeeded after 1 attempt/);
  }, 120_000);

  test('a cache that does not fit is only a slower start: the bin compiles the bundle from source', () => {
    const cwd = tempCwd();
    // Another V8 flag than the build's: V8 rejects the cache, and the run still succeeds.
    const result = spawnSync(process.execPath, ['--no-opt', BIN, 'run', '--', 'true'], { cwd, encoding: 'utf8', env: cliEnv({ NODE_DEBUG: 'recover' }) });
    expect(result.status, result.stderr.slice(-2000)).toBe(0);
    expect(result.stderr).toMatch(/RECOVER \d+: code cache rejected/);
    expect(result.stderr).toMatch(/succeeded after 1 attempt/);
  }, 120_000);

  test('the bundle holds no import(): code compiled from a code cache has no loader for it on Node 20', () => {
    expect(readFileSync(BUNDLE, 'utf8')).not.toMatch(/\bimport\(/);
  });

  test('needs at run time only Node built-ins and the package dependencies (never a devDependency)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<'dependencies' | 'peerDependencies', Record<string, string>>;
    const source = readFileSync(BUNDLE, 'utf8');
    const required = new Set([...source.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!));
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    // pg's optional native binding: required only when asked for, never by recover.
    // pg, @viz-js/viz and the OpenTelemetry SDK are optional peers: required only when a feature needs them.
    const declared = (name: string) => Object.hasOwn(pkg.dependencies, name) || Object.hasOwn(pkg.peerDependencies, name);
    const allowed = (name: string) => builtins.has(name) || name === 'pg-native' || declared(name);
    expect([...required].filter((name) => !allowed(name))).toEqual([]);
    // The ones left out of the bundle on purpose are required from node_modules, when reached. pg
    // too, by requireOptional (src/optional-package.ts), whose require of a name no scan can see:
    // the fleet CLI tests load it from the bundle, the consumer test proves its absence is one line.
    expect([...required]).toEqual(expect.arrayContaining(['yaml', 'ws', '@viz-js/viz', '@opentelemetry/sdk-trace-base']));
    expect(source).not.toMatch(/\bclass Pool\b|pg-protocol/);
  });

  test('the package ships the bin and the bundle (npm pack)', () => {
    const listing = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const files = (JSON.parse(listing) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['bin/recover.js', 'dist/cli/main.cjs', 'dist/cli/main.cjs.cache']));
  }, 120_000);

  test('the version comes from package.json (the bundle sits two levels below it)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = spawnSync(process.execPath, [BIN, '--version'], { cwd: tempCwd(), encoding: 'utf8', env: cliEnv() });
    expect(result.stdout.trim()).toBe(pkg.version);
  }, 60_000);
});
