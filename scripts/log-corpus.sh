#!/usr/bin/env bash
# Writes the event-log corpus that a speed change must leave byte-identical:
#   scripts/log-corpus.sh BINARY OUTDIR [RULESET ...]      (default: every rule set)
# For each rule set: every shipped scenario at seeds 1-5 (`run --log`, the narrative too),
# a generated battle of 300 stands a side to its end (`run --log`), one of 1,000 stands
# over 2 turns (narrative only) and `mc` of the full battle (20 battles, 2 threads, CSV).
# Compare two corpora with `diff -r OLD NEW` (no output = identical).
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 BINARY OUTDIR [RULESET ...]" >&2
  exit 2
fi
bin=$(realpath "$1")
out=$2
shift 2
cd "$(dirname "$0")/.."
rulesets=("$@")
if [ ${#rulesets[@]} -eq 0 ]; then
  rulesets=(elan-drill fast-1805 fire-and-discipline group-orders squad-skirmish)
fi
mkdir -p "$out"
declare -A full=([elan-drill]=battle [fast-1805]=battle [fire-and-discipline]=battle
                 [group-orders]=battle [squad-skirmish]=raid)
for id in "${rulesets[@]}"; do
  for scenario in scenarios/"$id"/*.toml; do
    name=$(basename "$scenario" .toml)
    for seed in 1 2 3 4 5; do
      "$bin" run "$scenario" --seed "$seed" --log "$out/$id-$name-$seed.jsonl" \
        > "$out/$id-$name-$seed.txt"
    done
  done
  for stands in 300 1000; do
    "$bin" generate --ruleset "$id" --stands "$stands" --seed 1 -o "$out/gen-$id-$stands.toml"
  done
  "$bin" run "$out/gen-$id-300.toml" --log "$out/gen-$id-300.jsonl" -q \
    > "$out/gen-$id-300.txt"
  "$bin" run "$out/gen-$id-1000.toml" --turns 2 > "$out/gen-$id-1000.txt"
  "$bin" mc "scenarios/$id/${full[$id]}.toml" -n 20 --threads 2 -q \
    --csv "$out/mc-$id.csv" > "$out/mc-$id.txt"
done
