// Rule tables kept as TOML arrays of rows (a rule set's data/*.toml, embedded at build
// time): every row has a key, the printed name, its rule reference and named numbers,
// flags and texts (the columns of its table). elan-drill, squad-skirmish and group-orders
// read their tables this way; each rule set's golden test checks every cell.
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smoothbore {

struct TableRow {
  std::string key;                                        // "rally-moving"
  std::string name;                                       // the sheet's wording: "Rally (Moving)"
  std::string ref;                                        // "L32"
  std::map<std::string, int, std::less<>> numbers;        // "dice" → 1
  std::map<std::string, bool, std::less<>> flags;         // "mounted" → true
  std::map<std::string, std::string, std::less<>> texts;  // "class" → "general"

  int number(std::string_view column) const;        // aborts if the column is missing
  bool flag(std::string_view column) const;         // false if missing
  std::string text(std::string_view column) const;  // "" if missing
};

struct RowTable {
  std::string name;  // "<file stem>.<array name>": "elan.triggers"
  std::vector<TableRow> rows;
  const TableRow& row(std::string_view key) const;  // aborts if missing
  const TableRow* find(std::string_view key) const;
};

using RowTables = std::map<std::string, RowTable, std::less<>>;

// Every array of rows in the embedded files `<dir>/data/<stem>.toml`, by
// "<stem>.<array name>". A malformed file aborts naming the file (a build defect: the
// files are embedded).
RowTables load_row_tables(std::string_view dir, std::span<const std::string_view> stems);

// The table `name` of `tables`; aborts naming `owner` (the rule set) if it is missing.
const RowTable& row_table(const RowTables& tables, std::string_view owner, std::string_view name);

// The keys of a table's rows in order, with `first` moved to the front (the default of a
// parameter choosing a row).
std::vector<std::string> row_keys(const RowTable& table, std::string_view first = "");

}  // namespace smoothbore
