# Unity builds (SMOOTHBORE_UNITY, on by default): CMake compiles the sources of each target
# in batches of 16 as one translation unit, so the standard library's, GoogleTest's and
# fmt's templates are parsed and code-generated once per batch instead of once per file.
# CI builds everything twice (release and asan) and most of its time was compiling; the
# fresh-clone times before and after are in the README (Build and test).
#
# The files below define file-local helpers (anonymous namespaces) under the same names as
# another file of their target (fire-and-discipline's z(), in_play(), live(), kEpsMm, ...),
# which collide in one batch; they are compiled on their own. (brigade_orders.cc's z()
# collides with melee_phase_detail.h's, melee_morale_tables_data.cc's kTargetNames and
# find_name() with fire_tables_data.cc's: batches that had kept them apart no longer do.) The other files that were
# here (about 35: every test file, core, analysis, apps, the other rule sets) now share
# such helpers through headers or give different helpers distinct names. Batches change
# whenever a file is added, so a new file-local helper must not reuse a name that another
# file of the same target has: to check a target, #include all its .cc files into one
# file and compile that with -fsyntax-only. The event logs of every rule set were checked
# byte-identical against the file-by-file build.
set(smoothbore_unity_exclusions
    src/rules/fire_and_discipline/brigade_orders.cc
    src/rules/fire_and_discipline/captured_guns.cc
    src/rules/fire_and_discipline/casualties.cc
    src/rules/fire_and_discipline/casualties_morale.cc
    src/rules/fire_and_discipline/chits.cc
    src/rules/fire_and_discipline/command.cc
    src/rules/fire_and_discipline/fd_doctrine.cc
    src/rules/fire_and_discipline/fire_phase.cc
    src/rules/fire_and_discipline/fire_resolutions_artillery.cc
    src/rules/fire_and_discipline/fire_resolutions_named.cc
    src/rules/fire_and_discipline/fire_targets_guns.cc
    src/rules/fire_and_discipline/kill_zone.cc
    src/rules/fire_and_discipline/kill_zone_guns.cc
    src/rules/fire_and_discipline/marches.cc
    src/rules/fire_and_discipline/melee_morale_named.cc
    src/rules/fire_and_discipline/melee_morale_tables_data.cc
    src/rules/fire_and_discipline/melee_phase_steps.cc
    src/rules/fire_and_discipline/movement.cc
    src/rules/fire_and_discipline/movement_drill.cc
    src/rules/fire_and_discipline/movement_mover.cc
    src/rules/fire_and_discipline/movement_rates.cc
    src/rules/fire_and_discipline/objective_combat.cc
    src/rules/fire_and_discipline/objective_zones.cc
    src/rules/fire_and_discipline/pursuit.cc
    src/rules/fire_and_discipline/retire.cc
    # Not a collision: its static_assert must see core/dice/fraction.h first in its unit
    # (the order of <cmath> and <gmpxx.h> it checks), not after a batch's other files.
    tests/core/sqrt_inline_test.cc
)

# Marks this directory's excluded sources (source properties are per directory).
function(smoothbore_skip_unity)
  foreach(f IN LISTS smoothbore_unity_exclusions)
    set_source_files_properties(${CMAKE_SOURCE_DIR}/${f} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endforeach()
endfunction()
