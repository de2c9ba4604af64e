#!/usr/bin/env node
// A test that fails once, then passes unchanged: the flake probe catches it (non-deterministic).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const file = '.recovery/examples/flaky-test.count';
mkdirSync('.recovery/examples', { recursive: true });
const count = (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0) + 1;
writeFileSync(file, String(count));
if (count % 2 === 1) {
  console.error('FAIL src/queue.test.ts\n  ✗ drains in order (31 ms)\n    AssertionError: expected [ 1, 3, 2 ] to deeply equal [ 1, 2, 3 ]');
  process.exit(1);
}
console.log('PASS src/queue.test.ts');
