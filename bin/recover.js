#!/usr/bin/env node
// Thin launcher: the CLI is one bundled CommonJS file, dist/cli/main.cjs (built by `npm install`
// through `prepare`, see scripts/bundle-cli.mjs): one file to compile instead of ~140 modules.
import { createRequire } from 'node:module';

const { main } = createRequire(import.meta.url)('../dist/cli/main.cjs');
process.exitCode = await main(process.argv.slice(2));
