#include "rules/row_tables.h"

#include <cstdint>
#include <utility>

#include <toml++/toml.h>

#include "core/check.h"
#include "core/embedded.h"
#include "rules/data_reader.h"

namespace smoothbore {

namespace {

toml::table parse(const DataReader& reader, std::string_view text, std::string_view path) {
#if TOML_EXCEPTIONS
  try {
    return toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    reader.bad(std::string(e.description()));
  }
#else
  toml::parse_result r = toml::parse(text, path);
  if (!r) reader.bad(std::string(r.error().description()));
  return std::move(r).table();
#endif
}

TableRow read_row(const DataReader& reader, const toml::table& t) {
  TableRow row;
  row.key = reader.string_at(t, "key");
  row.name = reader.string_at(t, "name");
  row.ref = reader.string_at(t, "ref");
  for (const auto& [k, v] : t) {
    const std::string column(k.str());
    if (column == "key" || column == "name" || column == "ref") continue;
    if (auto i = v.value_exact<std::int64_t>()) {
      row.numbers[column] = static_cast<int>(*i);
    } else if (auto b = v.value_exact<bool>()) {
      row.flags[column] = *b;
    } else if (auto s = v.value_exact<std::string>()) {
      row.texts[column] = *s;
    } else {
      reader.bad("row '" + row.key + "': column '" + column + "' is not an int, bool or string");
    }
  }
  return row;
}

}  // namespace

RowTables load_row_tables(std::string_view dir, std::span<const std::string_view> stems) {
  RowTables out;
  for (std::string_view stem : stems) {
    const std::string path = std::string(dir) + "/data/" + std::string(stem) + ".toml";
    const DataReader reader(path);
    auto text = embedded::find(embedded::rules_files(), path);
    if (!text) reader.bad("not embedded");
    const toml::table doc = parse(reader, *text, path);
    for (const auto& [k, v] : doc) {
      const toml::array* rows = v.as_array();
      if (rows == nullptr) reader.bad("'" + std::string(k.str()) + "' is not an array of rows");
      RowTable table;
      table.name = std::string(stem) + "." + std::string(k.str());
      for (const toml::node& n : *rows) {
        const toml::table* t = n.as_table();
        if (t == nullptr) reader.bad(table.name + " holds a non-table");
        table.rows.push_back(read_row(reader, *t));
      }
      out.emplace(table.name, std::move(table));
    }
  }
  return out;
}

const RowTable& row_table(const RowTables& tables, std::string_view owner, std::string_view name) {
  auto it = tables.find(name);
  SB_CHECK(it != tables.end(), "no " + std::string(owner) + " table '" + std::string(name) + "'");
  return it->second;
}

int TableRow::number(std::string_view column) const {
  auto it = numbers.find(column);
  SB_CHECK(it != numbers.end(),
           "table row '" + key + "' (" + ref + ") has no column '" + std::string(column) + "'");
  return it->second;
}

bool TableRow::flag(std::string_view column) const {
  auto it = flags.find(column);
  return it != flags.end() && it->second;
}

std::string TableRow::text(std::string_view column) const {
  auto it = texts.find(column);
  return it == texts.end() ? std::string() : it->second;
}

const TableRow* RowTable::find(std::string_view key) const {
  for (const TableRow& r : rows) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

const TableRow& RowTable::row(std::string_view key) const {
  const TableRow* r = find(key);
  SB_CHECK(r != nullptr, "table " + name + " has no row '" + std::string(key) + "'");
  return *r;
}

std::vector<std::string> row_keys(const RowTable& table, std::string_view first) {
  std::vector<std::string> out;
  for (const TableRow& r : table.rows) {
    if (r.key == first) {
      out.insert(out.begin(), r.key);
    } else {
      out.push_back(r.key);
    }
  }
  return out;
}

}  // namespace smoothbore
