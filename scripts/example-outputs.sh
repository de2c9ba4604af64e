#!/bin/sh
# Prints the real output of every example, as the README shows it: each run in a fresh copy of
# examples/ (their counters start at zero) with the default store and policy, output not a
# terminal (plain lines). Regenerate the README's "Examples" blocks with: scripts/example-outputs.sh
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
run() {
  dir=$(mktemp -d)
  cp -r "$ROOT/examples" "$dir/"
  echo '```'
  printf '$ npx recover run'
  for arg in "$@"; do case "$arg" in *' '*) printf ' "%s"' "$arg" ;; *) printf ' %s' "$arg" ;; esac; done
  printf '\n'
  (cd "$dir" && NO_COLOR=1 node "$ROOT/bin/recover.js" run "$@" 2>&1)
  echo "exit $?"
  echo '```'
  rm -rf "$dir"
}
run -- node examples/flaky-network.mjs
run -- node examples/rate-limited.mjs
run -- node examples/flaky-test.mjs
run --adapter "node examples/adapter-create-module.mjs" -- node examples/broken-build.mjs
run --adapter "node examples/adapter-same-fix.mjs" -- node examples/always-fails-test.mjs
run -- node examples/security-violation.mjs
run -- node examples/heap-exhausted.mjs
