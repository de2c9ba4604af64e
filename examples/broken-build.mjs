#!/usr/bin/env node
// A build that fails until examples' adapter writes the missing module.
import { existsSync } from 'node:fs';
if (!existsSync('.recovery/examples/utils.js')) {
  console.error("Error: Cannot find module './utils' from 'src/index.js'");
  process.exit(1);
}
console.log('build ok');
