// elan-drill's modifier rows with their column read once (FactorRow, DiceRow; issue 9) add
// what the row read by column name adds: the column times the count, and named, the row's
// modifier or description as the sheet prints it, for every row of every table that has
// the column, 0 to 3 times; adding the row itself gives the same.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/elan_drill/fire_util.h"
#include "rules/elan_drill/resolution_util.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {
namespace {

using detail::DiceCount;
using detail::DiceRow;
using detail::Factor;
using detail::FactorRow;

bool same(const Factor& a, const Factor& b) {
  if (a.total() != b.total() || a.modifiers().size() != b.modifiers().size()) return false;
  for (std::size_t i = 0; i < a.modifiers().size(); ++i) {
    const Modifier& x = a.modifiers()[i];
    const Modifier& y = b.modifiers()[i];
    if (x.name != y.name || x.value != y.value || x.ref != y.ref) return false;
  }
  return true;
}

TEST(ElanDrillModifierRows, AddWhatTheRowReadByNameAdds) {
  int values = 0, dice = 0;
  for (const auto& [name, t] : all_tables()) {
    for (const Row& r : t.rows) {
      for (int times = 0; times <= 3; ++times) {
        for (const bool named : {false, true}) {
          if (r.numbers.contains("value")) {
            Factor by_name(7, "base", named);
            Factor read_once(7, "base", named);
            by_name.add(r, times);
            read_once.add(FactorRow(r), times);
            const int value = r.number("value") * times;
            EXPECT_EQ(read_once.total(), 7 + value) << name << " " << r.key;
            ASSERT_EQ(read_once.modifiers().size(), named && times > 0 ? 1U : 0U);
            if (named && times > 0) {
              const Modifier& m = read_once.modifiers().front();
              EXPECT_EQ(m.name, times == 1 ? r.name : fmt::format("{} ×{}", r.name, times));
              EXPECT_EQ(m.value, value);
              EXPECT_EQ(m.ref, r.ref);
            }
            EXPECT_TRUE(same(by_name, read_once)) << name << " " << r.key << " x" << times;
            ++values;
          }
          if (r.numbers.contains("dice")) {
            DiceCount by_name(named);
            DiceCount read_once(named);
            by_name.add(r, times);
            read_once.add(DiceRow(r), times);
            const int n = r.number("dice") * times;
            EXPECT_EQ(read_once.total(), n) << name << " " << r.key;
            const std::string row_name = times == 1 ? r.name : fmt::format("{} ×{}", r.name, times);
            EXPECT_EQ(read_once.text(),
                      named && n != 0 ? fmt::format("{:+}D {} ({})", n, row_name, r.ref) : "");
            EXPECT_EQ(read_once.total(), by_name.total()) << name << " " << r.key;
            EXPECT_EQ(read_once.text(), by_name.text()) << name << " " << r.key << " x" << times;
            ++dice;
          }
        }
      }
    }
  }
  EXPECT_GT(values, 100);
  EXPECT_GT(dice, 50);
}

// The results tables' bands read once (result_row) pick the row the scan by column name
// picks, for every failure count a test can give, on both tables, asked in any order.
TEST(ElanDrillModifierRows, ResultRowsReadOnceAsTheScan) {
  for (const char* name : {"elan.results", "drill.results"}) {
    for (const int failures : {5, 0, 99, 1, 3, 2, 4, 60, 12, 1}) {
      EXPECT_EQ(&detail::result_row(name, failures), &detail::result_row_scan(name, failures))
          << name << " " << failures;
    }
    for (int failures = 0; failures <= 99; ++failures) {
      EXPECT_EQ(&detail::result_row(name, failures), &detail::result_row_scan(name, failures))
          << name << " " << failures;
    }
  }
  EXPECT_EQ(detail::result_row("drill.results", 1).key, "sloppy");
  EXPECT_EQ(detail::result_row("drill.results", 3).key, "failure");
}

// A weapon's and a fire type's columns read once (weapon_columns, fires_half) are those read
// by name, for every row of the sheet and for a copy of it (a row of no table, read by
// name); a copy whose columns differ answers with its own.
TEST(ElanDrillModifierRows, WeaponColumnsReadOnceAsByName) {
  int weapons = 0;
  for (const Row& r : table("fire.weapons").rows) {
    const detail::WeaponColumns by_name{r.number("close"), r.number("long"), r.flag("platoon_only"),
                                        r.flag("mounted"), r.key == "carbine"};
    EXPECT_EQ(detail::weapon_columns(r), by_name) << r.key;
    EXPECT_EQ(detail::weapon_columns_now(r), by_name) << r.key;
    Row copy = r;
    copy.numbers["close"] += 3;
    detail::WeaponColumns changed = by_name;
    changed.close += 3;
    EXPECT_EQ(detail::weapon_columns(copy), changed) << r.key;
    ++weapons;
  }
  EXPECT_GE(weapons, 4);
  int types = 0, halves = 0;
  for (const Row& r : table("fire.fire_types").rows) {
    EXPECT_EQ(detail::fires_half(r), r.flag("half")) << r.key;
    Row copy = r;
    copy.flags["half"] = !r.flag("half");
    EXPECT_EQ(detail::fires_half(copy), !r.flag("half")) << r.key;
    ++types;
    halves += r.flag("half") ? 1 : 0;
  }
  EXPECT_GE(types, 3);
  EXPECT_EQ(halves, 1);  // platoon fire (L129-L131)
}

}  // namespace
}  // namespace smoothbore::elan_drill
