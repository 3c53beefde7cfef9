#!/usr/bin/env bash
# The MPI build (-DSMOOTHBORE_MPI=ON): `mpirun -np K smoothbore mc|sweep` writes byte for
# byte the summary, CSV, JSON and HTML report of the threaded single-process run, for 2 ranks, for more
# ranks than battles, and reports a bad argument once and fails on every rank.
# Usage: mpi_matches_threads.sh SMOOTHBORE MPIEXEC SOURCE_DIR
set -euo pipefail
bin=$1
mpiexec=$2
src=$3
scenario=$src/scenarios/fast-1805/small.toml
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# --allow-run-as-root: CI runs as root; --oversubscribe: more ranks than cores.
mpi=("$mpiexec" --allow-run-as-root --oversubscribe)
fail=0

same() {  # same NAME FILE_A FILE_B
  if ! cmp -s "$2" "$3"; then
    echo "FAIL: $1 differs between the threaded and the MPI run:"
    diff "$2" "$3" | head -20
    fail=1
  fi
}

# mc: 40 battles on 2 threads vs 2 ranks (default threads each).
mc=(mc "$scenario" -n 40 --seed 3 --quiet)
"$bin" "${mc[@]}" --threads 2 --csv "$dir/t.csv" --json "$dir/t.json" --report "$dir/t.html" \
  >"$dir/t.txt"
"${mpi[@]}" -np 2 "$bin" "${mc[@]}" --csv "$dir/m.csv" --json "$dir/m.json" --report "$dir/m.html" \
  >"$dir/m.txt"
same "mc summary" "$dir/t.txt" "$dir/m.txt"
same "mc CSV" "$dir/t.csv" "$dir/m.csv"
same "mc JSON" "$dir/t.json" "$dir/m.json"
same "mc report" "$dir/t.html" "$dir/m.html"
if [ "$(wc -l <"$dir/m.csv")" -ne 41 ]; then
  echo "FAIL: expected a header and 40 rows in the MPI CSV"
  fail=1
fi

# More ranks than battles: rank 2 fights nothing.
"$bin" mc "$scenario" -n 2 --seed 5 --quiet --threads 1 --csv "$dir/t2.csv" >"$dir/t2.txt"
"${mpi[@]}" -np 3 "$bin" mc "$scenario" -n 2 --seed 5 --quiet --threads 1 --csv "$dir/m2.csv" \
  >"$dir/m2.txt"
same "mc summary (3 ranks, 2 battles)" "$dir/t2.txt" "$dir/m2.txt"
same "mc CSV (3 ranks, 2 battles)" "$dir/t2.csv" "$dir/m2.csv"

# sweep: every cell split across the ranks.
sweep=(sweep "$scenario" -n 10 --seed 3 --quiet --vary a2_army_break=0.3,0.5)
"$bin" "${sweep[@]}" --threads 2 --csv "$dir/ts.csv" --json "$dir/ts.json" \
  --report "$dir/ts.html" >"$dir/ts.txt"
"${mpi[@]}" -np 2 "$bin" "${sweep[@]}" --threads 1 --csv "$dir/ms.csv" --json "$dir/ms.json" \
  --report "$dir/ms.html" >"$dir/ms.txt"
same "sweep table" "$dir/ts.txt" "$dir/ms.txt"
same "sweep CSV" "$dir/ts.csv" "$dir/ms.csv"
same "sweep JSON" "$dir/ts.json" "$dir/ms.json"
same "sweep report" "$dir/ts.html" "$dir/ms.html"

# A bad argument: exit status 2 from the job, the error printed once (not once per rank).
status=0
"${mpi[@]}" -np 2 "$bin" mc "$scenario" -n 0 >"$dir/e.out" 2>"$dir/e.err" || status=$?
if [ "$status" -eq 0 ]; then
  echo "FAIL: mpirun ... mc -n 0 succeeded"
  fail=1
fi
errors=$(grep -c "error: -n: expected an integer" "$dir/e.err" || true)
if [ "$errors" -ne 1 ]; then
  echo "FAIL: the -n error was printed $errors times, expected once:"
  cat "$dir/e.err"
  fail=1
fi
if [ -s "$dir/e.out" ]; then
  echo "FAIL: a failed job printed a summary"
  fail=1
fi

if [ "$fail" -eq 0 ]; then echo "MPI runs match the threaded runs"; fi
exit "$fail"
