#!/usr/bin/env bash
# Installs what is missing, builds the release and asan presets, and runs every test in both.
# The release build has the MPI runner (-DSMOOTHBORE_MPI=ON), so its tests include a 2-rank
# mpirun job compared with the threaded run, and the replay page in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# playwright-core for the browser test, pinned by tests/browser/package-lock.json; it
# drives Debian's chromium, so no browser is downloaded.
(cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund \
  --loglevel=error >/dev/null)
jobs=$(nproc)
for preset in release asan; do
  options=()
  if [ "$preset" = release ]; then options+=(-DSMOOTHBORE_MPI=ON); fi
  cmake --preset "$preset" "${options[@]}" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
