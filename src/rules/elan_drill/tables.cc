#include "rules/elan_drill/tables.h"

#include <array>
#include <string_view>

namespace smoothbore::elan_drill {

namespace {

constexpr std::array<std::string_view, 5> kFiles = {"elan", "drill", "fire", "close_saves",
                                                    "terrain_ratings"};

}  // namespace

const RowTables& all_tables() {
  static const RowTables kTables = load_row_tables("elan_drill", kFiles);
  return kTables;
}

const Table& table(std::string_view name) { return row_table(all_tables(), "elan-drill", name); }

const Row& row(std::string_view table_name, std::string_view key) {
  return table(table_name).row(key);
}

}  // namespace smoothbore::elan_drill
