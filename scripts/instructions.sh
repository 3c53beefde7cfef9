#!/usr/bin/env bash
# Instructions per full battle, counted by callgrind (the same on a loaded machine):
#   scripts/instructions.sh BINARY [RULESET ...]      (default: every rule set)
# cold: the whole process of `run SCENARIO --seed 1 -q` (loading the scenario included);
# warm: the battles 6-25 of `mc SCENARIO --threads 1`, i.e. (instructions of -n 25 minus
# those of -n 5) / 20, as `bench` fights them (one process, the doctrines' memos warm).
set -euo pipefail
# shellcheck source=scripts/refs.sh
source "$(dirname "$0")/refs.sh"
if [ $# -lt 1 ]; then
  echo "usage: $0 BINARY [RULESET ...]" >&2
  exit 2
fi
bin=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
rulesets=("$@")
if [ ${#rulesets[@]} -eq 0 ]; then
  rulesets=(elan-drill fast-1805 fire-and-discipline group-orders squad-skirmish)
fi
declare -A full=([elan-drill]=battle [fast-1805]=battle [fire-and-discipline]=battle
                 [group-orders]=battle [squad-skirmish]=raid)
printf '%-20s %14s %14s\n' "rule set" "cold" "warm/battle"
for id in "${rulesets[@]}"; do
  scenario="scenarios/$id/${full[$id]}.toml"
  cold=$(refs "$bin" run "$scenario" --seed 1 -q)
  n25=$(refs "$bin" mc "$scenario" -n 25 --threads 1 -q)
  n5=$(refs "$bin" mc "$scenario" -n 5 --threads 1 -q)
  printf '%-20s %14s %14s\n' "$id" "$cold" "$(((n25 - n5) / 20))"
done
