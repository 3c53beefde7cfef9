// The tables of the Élan/Drill D12 sheet (digest shared/rules/001.md), read once from the
// embedded TOML files in data/. Every table is a list of rows; a row has a key, the printed
// name, its rule reference and named numbers, flags and texts (the columns of that table).
// The golden test tests/rules/elan_drill_tables_test.cc checks every cell.
#pragma once

#include <string_view>

#include "rules/row_tables.h"

namespace smoothbore::elan_drill {

using Row = TableRow;
using Table = RowTable;

// Tables by "<file stem>.<array name>": "elan.triggers", "elan.dice_modifiers",
// "elan.factor_modifiers", "elan.results", "drill.triggers", "drill.factor_modifiers",
// "drill.results", "drill.charge_responses", "fire.fire_types", "fire.weapons",
// "fire.general_modifiers", "fire.small_arms_modifiers", "fire.canister_modifiers",
// "fire.ball_modifiers", "fire.solid_shot", "fire.canister", "fire.shell_shrapnel",
// "fire.shell_shrapnel_scatter", "fire.artillery_ranges", "fire.shell_limits",
// "close_saves.close_dice_modifiers", "close_saves.close_modifiers",
// "close_saves.experience", "close_saves.save_modifiers", "close_saves.save_limits",
// "terrain_ratings.terrain", "terrain_ratings.skirmishers", "terrain_ratings.ratings",
// "terrain_ratings.scales".
const Table& table(std::string_view name);
// Every table, by name.
const RowTables& all_tables();

// Shorthands: the row's value / dice column of a table.
const Row& row(std::string_view table_name, std::string_view key);

}  // namespace smoothbore::elan_drill
