// The tables of the squad skirmish quick-reference summary (digest shared/rules/003.md), read
// once from the embedded TOML files in data/. Every table is a list of rows; a row has a key,
// the printed name, its rule reference and named numbers, flags and texts (the columns of
// that table). The golden test tests/rules/squad_skirmish_tables_test.cc checks every cell.
#pragma once

#include <string_view>

#include "rules/row_tables.h"

namespace smoothbore::squad_skirmish {

using Row = TableRow;
using Table = RowTable;

// Tables by "<file stem>.<array name>": "morale.base", "morale.modifiers", "morale.results",
// "morale.triggers", "movement.arms", "movement.road", "movement.terrain",
// "movement.obstacles", "movement.distances", "fire.kill", "fire.weapons", "fire.modifiers",
// "fire.volley", "fire.canister", "fire.victims", "fire.crew", "melee.modifiers",
// "melee.limits", "melee.heroes".
const Table& table(std::string_view name);
// Every table, by name.
const RowTables& all_tables();

const Row& row(std::string_view table_name, std::string_view key);

}  // namespace smoothbore::squad_skirmish
