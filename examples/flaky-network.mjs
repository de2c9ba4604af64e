#!/usr/bin/env node
// A command whose first run of every pair loses its connection: the protocol retries it (transient).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const file = '.recovery/examples/flaky-network.count';
mkdirSync('.recovery/examples', { recursive: true });
const count = (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0) + 1;
writeFileSync(file, String(count));
if (count % 2 === 1) {
  console.error('Error: socket hang up (ECONNRESET) while fetching https://registry.example.test/pkg');
  process.exit(1);
}
console.log('fetched 12 packages');
