#!/bin/sh
# The HTML run-report test drives Debian's Chromium headless (playwright-core never downloads a browser).
# Installs it when missing and we may (root with apt-get); otherwise says how, and fails.
set -e
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is needed for the HTML report test: install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
