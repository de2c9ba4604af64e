#!/usr/bin/env node
// Thin launcher: the CLI is bundled into dist/cli/ (built by `npm install` through `prepare`,
// see scripts/bundle-cli.mjs): a few files to load instead of the ~140 modules of dist/src.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
