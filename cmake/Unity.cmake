# Unity builds (SMOOTHBORE_UNITY, on by default): CMake compiles the sources of each target
# in batches of 16 as one translation unit, so the standard library's, GoogleTest's and
# fmt's templates are parsed and code-generated once per batch instead of once per file.
# CI builds everything twice (release and asan) and most of its time was compiling; the
# fresh-clone times before and after are in the README (Build and test).
#
# The files below define file-local helpers (anonymous namespaces) under the same names as
# another file of their target (F&D's z(), text(), kEps, ...), which collide in one batch;
# they are compiled on their own. Folding those helpers into shared headers would let them
# join a batch. The event logs of every rule set were checked byte-identical against the
# file-by-file build.
set(smoothbore_unity_exclusions
    src/analysis/report/sweep_report.cc
    src/apps/common.cc
    src/core/geometry/shapes.cc
    src/core/table/table.cc
    src/rules/elan_drill/engineering.cc
    src/rules/elan_drill/pass_through.cc
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
    src/rules/fire_and_discipline/melee_phase_steps.cc
    src/rules/fire_and_discipline/movement.cc
    src/rules/fire_and_discipline/movement_drill.cc
    src/rules/fire_and_discipline/movement_mover.cc
    src/rules/fire_and_discipline/movement_rates.cc
    src/rules/fire_and_discipline/objective_combat.cc
    src/rules/fire_and_discipline/objective_zones.cc
    src/rules/fire_and_discipline/pursuit.cc
    src/rules/fire_and_discipline/retire.cc
    src/rules/group_orders/situation.cc
    tests/analysis/trial_slices_test.cc
    tests/apps/replay_cli_test.cc
    tests/apps/report_cli_test.cc
    tests/io/fire_and_discipline_scenarios_test.cc
    tests/io/replay_report_test.cc
    tests/io/scenario_file_test.cc
    tests/io/scenario_overrides_test.cc
    tests/rules/elan_drill_pool_odds_test.cc
    tests/rules/elan_drill_tests_resolutions_test.cc
    tests/rules/fast_1805_resolutions_test.cc
    tests/rules/fire_and_discipline_doctrine_test.cc
    tests/rules/fire_and_discipline_melee_morale_resolutions_test.cc
    tests/rules/fire_and_discipline_module_test.cc
    tests/rules/fire_and_discipline_movement_test.cc
    tests/rules/fire_and_discipline_multi_melee_test.cc
    tests/rules/fire_and_discipline_option_alternatives_move_test.cc
    tests/rules/fire_and_discipline_option_alternatives_test.cc
    tests/rules/fire_and_discipline_option_wiring_test.cc
    tests/rules/fire_and_discipline_option_wiring_turn_test.cc
    tests/rules/fire_and_discipline_pursuit_test.cc
    tests/rules/fire_and_discipline_recapture_test.cc
    tests/sim/elan_drill_flank_test.cc
    tests/sim/fast_1805_combat_test.cc
    tests/sim/fire_and_discipline_march_test.cc
    tests/sim/fire_and_discipline_options_sweep_test.cc
    tests/sim/group_orders_scale_test.cc
    tests/sim/playthrough_test.cc
)

# Marks this directory's excluded sources (source properties are per directory).
function(smoothbore_skip_unity)
  foreach(f IN LISTS smoothbore_unity_exclusions)
    set_source_files_properties(${CMAKE_SOURCE_DIR}/${f} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endforeach()
endfunction()
