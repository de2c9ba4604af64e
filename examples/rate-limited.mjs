#!/usr/bin/env node
// An API that rate-limits the first call and says when to come back (8 s): that hint, longer than
// the default first backoff (5 s), sets the wait.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const file = '.recovery/examples/rate-limited.count';
mkdirSync('.recovery/examples', { recursive: true });
const count = (existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0) + 1;
writeFileSync(file, String(count));
if (count % 2 === 1) {
  console.error('Error: 429 Rate limit reached for requests. Please try again in 8s.');
  process.exit(1);
}
console.log('200 OK');
