#include "rules/group_orders/tables.h"

#include <array>
#include <string_view>

namespace smoothbore::group_orders {

namespace {

constexpr std::array<std::string_view, 5> kFiles = {"units", "orders", "shooting", "melee",
                                                    "morale"};

}  // namespace

const RowTables& all_tables() {
  static const RowTables kTables = load_row_tables("group_orders", kFiles);
  return kTables;
}

const Table& table(std::string_view name) { return row_table(all_tables(), "group-orders", name); }

const Row& row(std::string_view table_name, std::string_view key) {
  return table(table_name).row(key);
}

}  // namespace smoothbore::group_orders
