#!/usr/bin/env node
// Reading a sensitive file: escalates at once, never retried.
console.error("Error: EACCES: permission denied, open '/etc/shadow'");
process.exit(1);
