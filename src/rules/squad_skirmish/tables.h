// The tables of the squad skirmish quick-reference summary (digest shared/rules/003.md), read
// once from the embedded TOML files in data/. Every table is a list of rows; a row has a key,
// the printed name, its rule reference and named numbers, flags and texts (the columns of
// that table). The golden test tests/rules/squad_skirmish_tables_test.cc checks every cell.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace smoothbore::squad_skirmish {

struct Row {
  std::string key;                                        // "musket"
  std::string name;                                       // the summary's wording: "Musket"
  std::string ref;                                        // "L63"
  std::map<std::string, int, std::less<>> numbers;        // "close" → 12
  std::map<std::string, bool, std::less<>> flags;         // "proposed" → true
  std::map<std::string, std::string, std::less<>> texts;  // "actions" → "retreat"

  int number(std::string_view column) const;        // aborts if the column is missing
  bool flag(std::string_view column) const;         // false if missing
  std::string text(std::string_view column) const;  // "" if missing
};

struct Table {
  std::string name;  // "fire.weapons"
  std::vector<Row> rows;
  const Row& row(std::string_view key) const;  // aborts if missing
  const Row* find(std::string_view key) const;
};

// Tables by "<file stem>.<array name>": "morale.base", "morale.modifiers", "morale.results",
// "morale.triggers", "movement.arms", "movement.road", "movement.terrain",
// "movement.obstacles", "movement.distances", "fire.kill", "fire.weapons", "fire.modifiers",
// "fire.volley", "fire.canister", "fire.victims", "fire.crew", "melee.modifiers",
// "melee.limits", "melee.heroes".
const Table& table(std::string_view name);
// Every table, by name.
const std::map<std::string, Table, std::less<>>& all_tables();

const Row& row(std::string_view table_name, std::string_view key);

}  // namespace smoothbore::squad_skirmish
