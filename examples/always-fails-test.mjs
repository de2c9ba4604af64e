#!/usr/bin/env node
// A test that always fails the same way.
console.error('FAIL src/auth/validate-token.test.ts\n  ✗ rejects expired token\n    Expected: TokenExpiredError\n    Received: TypeError: Cannot read property \'exp\' of undefined');
process.exit(1);
