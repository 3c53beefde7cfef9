#include "rules/group_orders/tables.h"

#include <array>
#include <string_view>
#include <unordered_map>

namespace smoothbore::group_orders {

namespace {

constexpr std::array<std::string_view, 5> kFiles = {"units", "orders", "shooting", "melee",
                                                    "morale"};

// Every table by name and its rows by key, hashed once (issue 9): the battle looks rows up
// by name tens of thousands of times a battle, and the ordered map of tables and the scan
// of a table's rows were 5% of it. The views are into all_tables(), which never changes;
// a key's first row is kept, as RowTable::find gives it.
struct IndexedTable {
  const Table* table = nullptr;
  std::unordered_map<std::string_view, const Row*> rows;
};

const std::unordered_map<std::string_view, IndexedTable>& indexed_tables() {
  static const auto kIndexed = [] {
    std::unordered_map<std::string_view, IndexedTable> out;
    for (const auto& [name, t] : all_tables()) {
      IndexedTable& ix = out[name];
      ix.table = &t;
      for (const Row& r : t.rows) ix.rows.emplace(r.key, &r);
    }
    return out;
  }();
  return kIndexed;
}

}  // namespace

const RowTables& all_tables() {
  static const RowTables kTables = load_row_tables("group_orders", kFiles);
  return kTables;
}

const Table& table(std::string_view name) {
  const auto& ix = indexed_tables();
  if (auto it = ix.find(name); it != ix.end()) return *it->second.table;
  return row_table(all_tables(), "group-orders", name);  // aborts naming the table
}

const Row& row(std::string_view table_name, std::string_view key) {
  const auto& ix = indexed_tables();
  if (auto it = ix.find(table_name); it != ix.end()) {
    if (auto r = it->second.rows.find(key); r != it->second.rows.end()) return *r->second;
  }
  return table(table_name).row(key);  // aborts naming the missing row
}

}  // namespace smoothbore::group_orders
