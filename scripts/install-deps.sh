#!/usr/bin/env bash
# Installs the Debian 12 packages smoothbore needs. Idempotent: installs only what is
# missing, and runs apt-get update only when something is. Works as root or with sudo.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config clang-format
  libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libfmt-dev librandom123-dev
  libexpected-dev libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
  libgmp-dev
  libmimalloc-dev  # the release program's allocator (CMakeLists.txt, SMOOTHBORE_MIMALLOC)
  libopenmpi-dev openmpi-bin
  chromium  # the replay page's browser test (tests/browser)
)
# node and npm drive the browser test; a node from elsewhere (NodeSource, nvm) will do, and
# Debian's npm would conflict with NodeSource's nodejs, so only ask for what is missing.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
