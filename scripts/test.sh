#!/usr/bin/env bash
# Installs what is missing, builds the release and asan presets, and runs the tests.
# The asan build (AddressSanitizer + UndefinedBehaviorSanitizer) builds and runs every test
# binary. The release build is the program the Quick start runs: it builds the end-to-end
# tests of that program (tests/apps, among them `bench`, which asan skips), the MPI runner
# (-DSMOOTHBORE_MPI=ON) with its 2-rank mpirun job compared with the threaded run, and the
# replay page and reports in headless Chromium. Building the other five test binaries twice
# cost CI about three minutes and ran the same assertions as asan, so the release build
# leaves them out (`ctest --preset release` after `cmake --preset release` runs them all).
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
  if [ "$preset" = release ]; then options+=(-DSMOOTHBORE_MPI=ON -DSMOOTHBORE_TEST_FOLDERS=apps); fi
  cmake --preset "$preset" "${options[@]}" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
