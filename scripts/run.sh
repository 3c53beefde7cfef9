#!/usr/bin/env bash
# Installs what is missing, builds the release preset and fights the default battle.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
exec build/release/smoothbore run "$@"
