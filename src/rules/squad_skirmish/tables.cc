#include "rules/squad_skirmish/tables.h"

#include <array>
#include <string>
#include <utility>

#include <toml++/toml.h>

#include "core/check.h"
#include "core/embedded.h"
#include "rules/data_reader.h"

namespace smoothbore::squad_skirmish {

namespace {

constexpr std::array<std::string_view, 4> kFiles = {"morale", "movement", "fire", "melee"};

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

Row read_row(const DataReader& reader, const toml::table& t) {
  Row row;
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

std::map<std::string, Table, std::less<>> load() {
  std::map<std::string, Table, std::less<>> out;
  for (std::string_view stem : kFiles) {
    const std::string path = "squad_skirmish/data/" + std::string(stem) + ".toml";
    const DataReader reader(path);
    auto text = embedded::find(embedded::rules_files(), path);
    if (!text) reader.bad("not embedded");
    const toml::table doc = parse(reader, *text, path);
    for (const auto& [k, v] : doc) {
      const toml::array* rows = v.as_array();
      if (rows == nullptr) reader.bad("'" + std::string(k.str()) + "' is not an array of rows");
      Table table;
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

}  // namespace

int Row::number(std::string_view column) const {
  auto it = numbers.find(column);
  SB_CHECK(it != numbers.end(),
           "squad-skirmish table row '" + key + "' has no column '" + std::string(column) + "'");
  return it->second;
}

bool Row::flag(std::string_view column) const {
  auto it = flags.find(column);
  return it != flags.end() && it->second;
}

std::string Row::text(std::string_view column) const {
  auto it = texts.find(column);
  return it == texts.end() ? std::string() : it->second;
}

const Row* Table::find(std::string_view key) const {
  for (const Row& r : rows) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

const Row& Table::row(std::string_view key) const {
  const Row* r = find(key);
  SB_CHECK(r != nullptr, "squad-skirmish table " + name + " has no row '" + std::string(key) + "'");
  return *r;
}

const std::map<std::string, Table, std::less<>>& all_tables() {
  static const std::map<std::string, Table, std::less<>> kTables = load();
  return kTables;
}

const Table& table(std::string_view name) {
  auto it = all_tables().find(name);
  SB_CHECK(it != all_tables().end(), "no squad-skirmish table '" + std::string(name) + "'");
  return it->second;
}

const Row& row(std::string_view table_name, std::string_view key) {
  return table(table_name).row(key);
}

}  // namespace smoothbore::squad_skirmish
