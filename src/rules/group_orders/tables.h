// The tables of the Group-orders rules (digest shared/rules/004.md), read once from the
// embedded TOML files in data/. Every table is a list of rows; a row has a key, the printed
// name, its rule reference and named numbers, flags and texts (the columns of that table).
// Reconstructed rows carry `reconstructed`, `reconstruction` and (shooting ranges) the
// `alternative`. The golden test tests/rules/group_orders_tables_test.cc checks every cell.
#pragma once

#include <string_view>

#include "rules/row_tables.h"

namespace smoothbore::group_orders {

using Row = TableRow;
using Table = RowTable;

// Tables by "<file stem>.<array name>": "units.types", "units.drill", "units.movement",
// "units.terrain", "orders.orders", "orders.changes", "shooting.ranges",
// "shooting.modifiers", "shooting.results", "melee.modifiers", "melee.results",
// "morale.modifiers", "morale.infantry_charge", "morale.charge", "morale.rally",
// "morale.general".
const Table& table(std::string_view name);
// Every table, by name.
const RowTables& all_tables();

const Row& row(std::string_view table_name, std::string_view key);

}  // namespace smoothbore::group_orders
