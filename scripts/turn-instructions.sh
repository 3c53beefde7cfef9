#!/usr/bin/env bash
# Instructions of a generated battle's second game turn, counted by callgrind (the same on a
# loaded machine): `run FILE --turns 2 -q` minus `run FILE --turns 1 -q`, where FILE is
# `generate --ruleset ID --stands N --seed 1`. This is the README's "2nd turn instructions".
# The last column is `run FILE --turns 1 -q` whole (loading, deployment and the first turn):
# the subtraction hides a change that costs only in the first turn, this column shows it.
#   scripts/turn-instructions.sh BINARY STANDS [RULESET ...]   (default: every rule set)
set -euo pipefail
# shellcheck source=scripts/refs.sh
source "$(dirname "$0")/refs.sh"
if [ $# -lt 2 ]; then
  echo "usage: $0 BINARY STANDS [RULESET ...]" >&2
  exit 2
fi
bin=$(realpath "$1")
stands=$2
shift 2
rulesets=("$@")
if [ ${#rulesets[@]} -eq 0 ]; then
  rulesets=(elan-drill fast-1805 fire-and-discipline group-orders squad-skirmish)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-20s %8s %16s %16s\n' "rule set" "stands" "2nd turn" "run --turns 1"
for id in "${rulesets[@]}"; do
  file="$work/$id-$stands.toml"
  "$bin" generate --ruleset "$id" --stands "$stands" --seed 1 -o "$file"
  one=$(refs "$bin" run "$file" --turns 1 -q)
  two=$(refs "$bin" run "$file" --turns 2 -q)
  printf '%-20s %8s %16s %16s\n' "$id" "$stands" "$((two - one))" "$one"
done
