#!/usr/bin/env node
// An adapter: reads the diagnosis on stdin, changes a file, answers with its fix as JSON.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const diagnosis = JSON.parse(readFileSync(0, 'utf8'));
mkdirSync('.recovery/examples', { recursive: true });
writeFileSync('.recovery/examples/utils.js', 'export const ok = true;\n');
console.log(JSON.stringify({ fix: `create the missing module (${diagnosis.failure.classification.type})`, confidence: 0.9 }));
