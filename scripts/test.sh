#!/usr/bin/env bash
# Installs what is missing, builds the release and asan presets, and runs every test in both.
# The release build has the MPI runner (-DSMOOTHBORE_MPI=ON), so its tests include a 2-rank
# mpirun job compared with the threaded run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)
for preset in release asan; do
  options=()
  if [ "$preset" = release ]; then options+=(-DSMOOTHBORE_MPI=ON); fi
  cmake --preset "$preset" "${options[@]}" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
