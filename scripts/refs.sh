# Sourced by instructions.sh and turn-instructions.sh: `refs COMMAND...` prints the
# instructions callgrind counts for the whole process of COMMAND (its output discarded).
refs() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *//p' | tr -d ,
}
