#!/usr/bin/env node
// A job whose heap runs out (Node aborts with exit 134): a resource failure, handed off to a
// fresh context rather than retried in the exhausted one.
console.error('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
process.exit(134);
