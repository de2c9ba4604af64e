#!/usr/bin/env bash
# Installs pinned versions of the AI coding agent CLIs that tests/agents/ drives against a fake
# model server. They are NOT dependencies of the package: each goes into its own prefix under
#   ${RECOVERY_AGENTS_DIR:-$HOME/.cache/recovery-protocol/agents}/<pkg-name>@<version>/
# with a marker file `.installed` written only after a complete install, so a second run is a
# no-op. Quiet on success (set RECOVERY_AGENTS_VERBOSE=1 or pass -v to hear about it); on failure
# it says which package failed and why on stderr and exits non-zero, after trying the others.
#
# Usage: scripts/install-agents.sh [-v] [name ...]   (names: claude codex gemini; default all)
#        scripts/install-agents.sh --bins             (one JSON line per agent: where its program
#                                                      is, or why it is not there; installs nothing)
set -u

CLAUDE_VERSION=2.1.332
CODEX_VERSION=0.171.0
GEMINI_VERSION=0.61.0

DIR="${RECOVERY_AGENTS_DIR:-$HOME/.cache/recovery-protocol/agents}"
VERBOSE="${RECOVERY_AGENTS_VERBOSE:-0}"
if [ "${1:-}" = "-v" ]; then VERBOSE=1; shift; fi

say() { if [ "$VERBOSE" = 1 ]; then echo "install-agents: $*" >&2; fi; }

# install <name> <pkg> <version> <relative path of the program that must exist afterwards>
install_one() {
  local name="$1" pkg="$2" version="$3" program="$4"
  local prefix="$DIR/$pkg@$version"
  if [ -f "$prefix/.installed" ] && [ -x "$prefix/$program" ]; then
    say "$name: $pkg@$version already in $prefix"
    return 0
  fi
  say "$name: installing $pkg@$version into $prefix"
  mkdir -p "$prefix" || { echo "install-agents: $name: cannot create $prefix" >&2; return 1; }
  local log="$prefix/install.log"
  # --ignore-scripts: claude-code's postinstall only links the native binary into its bin (and
  # refuses Node < 22 via engines warnings, not errors); we run the native binaries directly.
  if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock \
      --ignore-scripts --loglevel=error "$pkg@$version" >"$log" 2>&1; then
    echo "install-agents: $name: npm install $pkg@$version failed (log: $log):" >&2
    tail -n 15 "$log" >&2
    return 1
  fi
  if [ ! -e "$prefix/$program" ]; then
    echo "install-agents: $name: $pkg@$version installed but $program is missing (optional native dependency not installed for $(uname -m)?)" >&2
    return 1
  fi
  chmod +x "$prefix/$program" 2>/dev/null || true
  printf '%s\n' "$program" >"$prefix/.installed"
  say "$name: ok ($prefix/$program)"
}

# Where each CLI's real program lands inside its prefix (native binaries for claude and codex, run
# directly: claude's JS wrapper needs Node >= 22, codex's only execs the same binary).
case "$(uname -m)" in
  aarch64 | arm64) ARCH=arm64 TRIPLE=aarch64-unknown-linux-musl ;;
  *) ARCH=x64 TRIPLE=x86_64-unknown-linux-musl ;;
esac
CLAUDE_BIN="node_modules/@anthropic-ai/claude-code-linux-$ARCH/claude"
CODEX_BIN="node_modules/@openai/codex-linux-$ARCH/vendor/$TRIPLE/bin/codex"
GEMINI_BIN="node_modules/@google/gemini-cli/bundle/gemini.js"

# --bins: {"name":…,"package":…,"version":…,"bin":…} when installed, {…,"missing":reason} when not.
bins() {
  local name="$1" pkg="$2" version="$3" program="$4" prefix="$DIR/$2@$3"
  if [ -f "$prefix/.installed" ] && [ -x "$prefix/$program" ]; then
    printf '{"name":"%s","package":"%s","version":"%s","bin":"%s"}\n' "$name" "$pkg" "$version" "$prefix/$program"
  elif [ -f "$prefix/install.log" ]; then
    printf '{"name":"%s","package":"%s","version":"%s","missing":"install failed, see %s"}\n' "$name" "$pkg" "$version" "$prefix/install.log"
  else
    printf '{"name":"%s","package":"%s","version":"%s","missing":"not installed in %s"}\n' "$name" "$pkg" "$version" "$prefix"
  fi
}
if [ "${1:-}" = "--bins" ]; then
  bins claude @anthropic-ai/claude-code "$CLAUDE_VERSION" "$CLAUDE_BIN"
  bins codex @openai/codex "$CODEX_VERSION" "$CODEX_BIN"
  bins gemini @google/gemini-cli "$GEMINI_VERSION" "$GEMINI_BIN"
  exit 0
fi

names=("$@")
if [ ${#names[@]} -eq 0 ]; then names=(claude codex gemini); fi
status=0
for n in "${names[@]}"; do
  case "$n" in
    claude) install_one claude @anthropic-ai/claude-code "$CLAUDE_VERSION" "$CLAUDE_BIN" || status=1 ;;
    codex) install_one codex @openai/codex "$CODEX_VERSION" "$CODEX_BIN" || status=1 ;;
    gemini) install_one gemini @google/gemini-cli "$GEMINI_VERSION" "$GEMINI_BIN" || status=1 ;;
    *) echo "install-agents: unknown agent '$n' (expected claude, codex or gemini)" >&2; status=2 ;;
  esac
done
exit $status
