#include "rules/squad_skirmish/tables.h"

#include <array>
#include <string_view>

namespace smoothbore::squad_skirmish {

namespace {

constexpr std::array<std::string_view, 4> kFiles = {"morale", "movement", "fire", "melee"};

}  // namespace

const RowTables& all_tables() {
  static const RowTables kTables = load_row_tables("squad_skirmish", kFiles);
  return kTables;
}

const Table& table(std::string_view name) {
  return row_table(all_tables(), "squad-skirmish", name);
}

const Row& row(std::string_view table_name, std::string_view key) {
  return table(table_name).row(key);
}

}  // namespace smoothbore::squad_skirmish
