#!/usr/bin/env bash
# Installs what is missing, builds the release and asan presets, and runs every test in both
# (the release preset also runs the replay page in headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# playwright-core for the browser test, pinned by tests/browser/package-lock.json; it
# drives Debian's chromium, so no browser is downloaded.
(cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund \
  --loglevel=error >/dev/null)
jobs=$(nproc)
for preset in release asan; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
