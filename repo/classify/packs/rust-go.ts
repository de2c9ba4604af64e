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
      // rustc: "error: …" then " --> src/main.rs:1:21"; a panic names a .rs position too, but at run time.
      id: 'rust-go.rustc-diagnostic',
      type: 'BROKEN_BUILD',
      source: 'rust-lang/rust compiler/rustc_errors (human emitter: "error[Ennnn]: …" / "error: …", " --> file:line:col"); rust-lang/cargo ("failed to parse manifest")',
      phrases: ['*.rs:*'],
      shape: '--> file:line:col',
      requires: ['error:', 'error['],
      unless: ['panicked at'],
    },
    { id: 'rust-go.cargo-manifest', type: 'BROKEN_BUILD', source: 'rust-lang/cargo src/cargo/util/toml', phrases: ['failed to parse manifest', 'toml parse error'] },
    // cargo points at a bad manifest the rustc way: "error: …" then " --> Cargo.toml:1:9".
    { id: 'rust-go.cargo-manifest-position', type: 'BROKEN_BUILD', source: 'rust-lang/cargo (toml_edit diagnostics)', phrases: ['*.toml:*'], shape: '--> file:line:col', requires: ['error:'] },
    {
      // The go tool's compile diagnostics are "./file.go:line:col: message" after a "# package" line;
      // run-time traces (panics, goroutine dumps) and test logs name .go positions too.
      id: 'rust-go.go-diagnostic',
      type: 'BROKEN_BUILD',
      source: 'golang/go src/cmd/compile/internal/base/print.go, src/cmd/go (build output "# pkg" + "file.go:l:c: msg")',
      phrases: ['*.go:*'],
      shape: 'file:line:col: message',
      // The "# package" header the go tool prints above compile errors (not in a program's own logs).
      requires: ['#'],
      unless: ['panic:', 'goroutine', 'goroutines', '--- fail:', 'fatal error:'],
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
        'undefined:', 'cannot find package', 'no required module provides package', 'imported and not used', 'declared and not used', 'declared but not used',
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
