import type { RulePack } from '../rule.js';

/** Cargo/rustc and the go tool: compile errors, test failures, panics. */
export const rustGoPack: RulePack = {
  id: 'rust-go',
  description: 'cargo, rustc, go build, go test, panics',
  rules: [
    {
      id: 'rust-go.rustc',
      type: 'BROKEN_BUILD',
      phrases: [
        'error[e*', 'could not compile', 'unresolved import', 'cannot find value', 'cannot find type', 'cannot find function',
        'cannot find macro', 'mismatched types', 'failed to resolve: use of undeclared', 'no method named', 'borrow of moved value',
        'linking with `cc` failed', 'linking with `link.exe` failed', 'failed to select a version for', 'no matching package named',
      ],
    },
    {
      id: 'rust-go.cargo-test',
      type: 'VERIFICATION_FAILED',
      phrases: ['test result: failed', 'assertion `left', 'assertion failed', 'error: test failed'],
    },
    {
      id: 'rust-go.go-build',
      type: 'BROKEN_BUILD',
      phrases: [
        'undefined:', 'cannot find package', 'no required module provides package', 'imported and not used', 'declared and not used',
        'missing go.sum entry', '[build failed]', 'syntax error: unexpected',
      ],
    },
    { id: 'rust-go.go-test', type: 'VERIFICATION_FAILED', phrases: ['--- fail:'] },
    {
      id: 'rust-go.panic',
      type: 'CLI_CRASH',
      phrases: ['panicked at', 'rust_backtrace=1', 'panic:', 'runtime error:', 'all goroutines are asleep', 'nil pointer dereference'],
    },
    { id: 'rust-go.go-timeout', type: 'TIMEOUT', phrases: ['i/o timeout', 'context deadline exceeded', 'tls handshake timeout'] },
    { id: 'rust-go.go-network', type: 'NETWORK', phrases: ['dial tcp', 'dial udp', 'connection refused'] },
  ],
};
