// Golden test of the group-orders tables (src/rules/group_orders/data/*.toml) against the
// seed summary and its digest (shared/rules/004.md §2-§6, §8): every row, every cell and its
// line reference, and every reconstructed cell with its reconstruction (and, for the ranges,
// the alternative reading). Each table's row count is checked, so a row added to the data
// without a golden here fails.
#include <map>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "row_table_test_util.h"
#include "rules/group_orders/tables.h"

namespace smoothbore::group_orders {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

using Cell = test::RowCell;

void expect_table(const char* name, const std::vector<Cell>& cells) {
  test::expect_row_table(table(name), cells);
}

using N = std::map<std::string, int>;
using T = std::map<std::string, std::string>;

// §2 (L30-L85): 13 row-major groups of 4, HIGH confidence.
// table() and row() answer through an index built once (tables.cc): every table and every
// key gives what the ordered map of tables and RowTable::find give (a key's first row).
TEST(GroupOrdersTables, IndexedLookupsAreTheTablesOwn) {
  int rows = 0;
  for (const auto& [name, t] : all_tables()) {
    EXPECT_EQ(&table(name), &row_table(all_tables(), "group-orders", name)) << name;
    for (const Row& r : t.rows) {
      EXPECT_EQ(&row(name, r.key), t.find(r.key)) << name << " " << r.key;
      ++rows;
    }
  }
  EXPECT_GT(rows, 100);
}

TEST(GroupOrdersTables, UnitTypesL30toL85) {
  auto type = [](const char* key, const char* cls, const char* arm, int move, int melee, int vs_inf,
                 const char* weapon, const char* ref) {
    return Cell{key,
                {{"movement", move}, {"melee", melee}, {"melee_vs_infantry", vs_inf}},
                ref,
                {{"class", cls}, {"arm", arm}, {"weapon", weapon}}};
  };
  expect_table(
      "units.types",
      {type("heavy-cavalry", "massed", "cavalry", 30, 4, 3, "none", "L34"),
       type("medium-cavalry", "massed", "cavalry", 30, 3, 3, "none", "L38"),
       type("light-cavalry", "light", "cavalry", 40, 2, 2, "carbine", "L42"),
       type("light-cavalry-a", "massed", "cavalry", 40, 2, 2, "none", "L46"),
       type("heavy-infantry", "massed", "foot", 20, 3, 4, "musket", "L50"),
       type("medium-infantry", "massed", "foot", 20, 3, 3, "musket", "L54"),
       type("militia", "massed", "foot", 20, 2, 2, "militia-musket", "L58"),
       type("light-infantry", "light", "foot", 24, 2, 2, "light-musket", "L62"),
       type("riflemen", "light", "foot", 24, 1, 1, "rifle", "L66"),
       type("heavy-artillery", "massed", "artillery", 20, 1, 1, "heavy-artillery", "L70"),
       type("medium-artillery", "massed", "artillery", 20, 0, 0, "medium-artillery", "L74"),
       type("howitzers", "massed", "artillery", 20, 0, 0, "howitzers", "L78"),
       type("light-artillery", "massed", "artillery", 24, 0, 0, "light-artillery", "L82")});
  for (const Row& r : table("units.types").rows) {
    EXPECT_TRUE(r.flag("reconstructed")) << r.key;
    EXPECT_THAT(r.text("reconstruction"), HasSubstr("groups of 4")) << r.key;
  }
}

TEST(GroupOrdersTables, DrillMovementAndTerrain) {
  // L88-L91, H4-19: wheel and incline cost multipliers (0 = may not incline).
  expect_table("units.drill", {{"well", {{"wheel", 1}, {"incline", 1}}, "L89"},
                               {"normal", {{"wheel", 1}, {"incline", 2}}, "L90"},
                               {"badly", {{"wheel", 2}, {"incline", 0}}, "L88"},
                               {"militia", {{"wheel", 2}, {"incline", 0}}, "L88"},
                               {"cavalry", {{"wheel", 1}, {"incline", 2}}, "L90"}});
  EXPECT_EQ(row("units.drill", "well").text("formation_change"), "any-and-move");
  EXPECT_EQ(row("units.drill", "badly").text("formation_change"), "change-or-move");
  expect_table("units.movement", {{"column-on-reserve", {{"cm", 24}}, "L87"},
                                  {"rout-rate", {{"tenths", 15}}, "L27, H4-03"},
                                  {"rout-later", {{"cm", 2}}, "L27"}});
  EXPECT_TRUE(row("units.movement", "rout-rate").flag("proposed"));
  // H4-04 (proposed): speed in quarters per class and arm.
  auto terrain = [](const char* key, int inf, int cav, int lights, int art, const char* ref) {
    return Cell{
        key,
        {{"massed_infantry", inf}, {"massed_cavalry", cav}, {"lights", lights}, {"artillery", art}},
        ref};
  };
  expect_table("units.terrain",
               {terrain("0", 4, 4, 4, 4, "H4-04"), terrain("1", 2, 2, 4, 2, "H4-04"),
                terrain("2", 2, 1, 3, 0, "H4-04"), terrain("3", 1, 0, 2, 0, "H4-04")});
  EXPECT_FALSE(row("units.terrain", "0").flag("melee_penalty"));
  for (const char* t : {"1", "2", "3"}) EXPECT_TRUE(row("units.terrain", t).flag("melee_penalty"));
}

TEST(GroupOrdersTables, OrdersL1toL29) {
  expect_table("orders.orders", {{"advance", {{"min_move_halves", 1}, {"halt_cm", 10}}, "L2"},
                                 {"reserve", {{"zone_cm", 20}}, "L10"},
                                 {"stand", {{"move_cm", 5}}, "L21"},
                                 {"retreat", {{"min_move_halves", 1}}, "L23"},
                                 {"rout", {}, "L26"}});
  for (const Row& r : table("orders.orders").rows) {
    EXPECT_EQ(r.flag("artillery_fires"), r.key == "stand") << r.key;  // L20, L22
    EXPECT_EQ(r.flag("may_fight"), r.key != "rout") << r.key;         // L28
  }
  expect_table("orders.changes", {{"general", {{"cm", 20}}, "H4-02"},
                                  {"c-in-c", {{"cm", 40}}, "H4-02"},
                                  {"retreat-test", {{"score", 4}}, "H4-02"}});
}

// §4.2: every range row reconstructed, with its reasoning and the rejected reading.
TEST(GroupOrdersTables, RangesReconstructedWithAlternatives) {
  auto range = [](const char* key, int s, int l, int e, const char* ref) {
    return Cell{key, {{"short", s}, {"long", l}, {"extreme", e}}, ref};
  };
  expect_table(
      "shooting.ranges",
      {range("musket", 5, 10, 0, "L108"), range("militia-musket", 5, 10, 0, "L109"),
       range("bow", 5, 10, 0, "L86"), range("light-musket", 5, 10, 0, "L120"),
       range("carbine", 0, 10, 0, "L121"), range("rifle", 8, 15, 20, "L110"),
       range("heavy-artillery", 15, 40, 60, "L111"), range("medium-artillery", 10, 30, 60, "L112"),
       range("howitzers", 15, 40, 60, "L113"), range("light-artillery", 10, 30, 0, "L114"),
       range("spear", 2, 8, 0, "L86")});
  for (const Row& r : table("shooting.ranges").rows) {
    if (r.key == "spear") {
      EXPECT_FALSE(r.flag("reconstructed"));  // verbatim prose (L86)
      continue;
    }
    EXPECT_TRUE(r.flag("reconstructed")) << r.key;
    EXPECT_FALSE(r.text("reconstruction").empty()) << r.key;
    EXPECT_FALSE(r.text("alternative").empty()) << r.key;
  }
  EXPECT_THAT(row("shooting.ranges", "musket").text("alternative"),
              HasSubstr("h4_musket_extreme20"));
  EXPECT_THAT(row("shooting.ranges", "rifle").text("alternative"),
              HasSubstr("h4_musket_extreme20"));
  EXPECT_THAT(row("shooting.ranges", "light-musket").text("alternative"),
              HasSubstr("h4_li_no_short"));
  EXPECT_THAT(row("shooting.ranges", "bow").text("alternative"), HasSubstr("h4_bow_long5"));
  for (const char* musket : {"musket", "militia-musket", "bow", "light-musket"}) {
    EXPECT_TRUE(row("shooting.ranges", musket).flag("musket")) << musket;
  }
  EXPECT_FALSE(row("shooting.ranges", "spear").flag("musket"));  // H4-20
}

// §4.1 (L92-L105): labels inherited down each group.
TEST(GroupOrdersTables, ShootingModifiersAndResults) {
  expect_table("shooting.modifiers", {{"extreme-range", {{"value", -2}}, "L93"},
                                      {"poor-shots-or-moving", {{"value", -1}}, "L94"},
                                      {"long-range", {{"value", -1}}, "L95"},
                                      {"soft-cover", {{"value", -1}}, "L96"},
                                      {"hard-cover-light-artillery", {{"value", -1}}, "L96"},
                                      {"hard-cover-small-arms", {{"value", -2}}, "H4-05"},
                                      {"target-light-infantry", {{"value", -1}}, "L97"},
                                      {"lights-shooting", {{"value", -1}}, "L98"},
                                      {"disordered", {{"value", -1}}, "L99"},
                                      {"artillery-at-column", {{"value", 1}}, "L100"},
                                      {"artillery-close", {{"value", 1}, {"cm", 5}}, "L101"},
                                      {"first-shot", {{"value", 1}}, "L102"},
                                      {"musket-short", {{"value", 1}}, "L103"},
                                      {"extra-stand", {{"value", 1}, {"light_max", 1}}, "L104"}});
  for (const Row& r : table("shooting.modifiers").rows) {
    if (r.flag("reconstructed")) {
      EXPECT_THAT(r.text("reconstruction"), HasSubstr("inherited")) << r.key;
    }
  }
  EXPECT_TRUE(row("shooting.modifiers", "hard-cover-small-arms").flag("proposed"));
  expect_table("shooting.results", {{"none", {{"max", 3}, {"kills", 0}}, "L132"},
                                    {"disorganise", {{"min", 4}, {"max", 4}, {"kills", 0}}, "L132"},
                                    {"kill-1", {{"min", 5}, {"max", 6}, {"kills", 1}}, "L133"},
                                    {"kill-2", {{"min", 7}, {"max", 9}, {"kills", 2}}, "L134"},
                                    {"kill-3", {{"min", 10}, {"kills", 3}}, "L135"}});
  for (const Row& r : table("shooting.results").rows) {
    EXPECT_EQ(r.flag("disorganise"), r.key != "none") << r.key;  // L136-L137
  }
}

TEST(GroupOrdersTables, MeleeL145toL165) {
  expect_table("melee.modifiers", {{"high-morale", {{"value", 1}}, "L146"},
                                   {"attacking-flank-rear", {{"value", 1}}, "L147"},
                                   {"square-or-deep-column", {{"value", 1}}, "L148"},
                                   {"overlap", {{"value", 1}}, "L149"},
                                   {"extra-stand", {{"value", 1}, {"light_max", 1}}, "L151"},
                                   {"lower-combat-value", {{"value", -1}}, "L154"},
                                   {"disorganised", {{"value", -1}}, "L155"},
                                   {"poor-morale", {{"value", -1}}, "L156"},
                                   {"massed-in-terrain", {{"value", -1}}, "L157"},
                                   {"reserve-retreat-or-flanked", {{"value", -1}}, "L158"},
                                   {"enemy-defended", {{"value", -1}}, "L159"},
                                   {"cavalry-charged-on-stand", {{"value", -1}}, "L160"}});
  expect_table("melee.results", {{"none", {{"max", 4}, {"kills", 0}}, "L162"},
                                 {"kill-1", {{"min", 5}, {"max", 6}, {"kills", 1}}, "L163"},
                                 {"kill-2", {{"min", 7}, {"max", 9}, {"kills", 2}}, "L164"},
                                 {"kill-3", {{"min", 10}, {"kills", 3}}, "L165"}});
}

// §6.1: the -2/-3 block is reconstructed (R-004-MOR); value_b is split B.
TEST(GroupOrdersTables, MoraleModifiersWithBothSplits) {
  auto mod = [](const char* key, int a, int b, const char* ref) {
    return Cell{key, {{"value", a}, {"value_b", b}}, ref};
  };
  expect_table(
      "morale.modifiers",
      {mod("won-casualties", 2, 2, "L171"), mod("lights-charging-lights", 2, 2, "L172"),
       mod("general-near", 1, 1, "L174"), mod("high-morale", 1, 1, "L175"),
       mod("uphill-or-cover", 1, 1, "L176"), mod("melee-won", 1, 1, "L177"),
       mod("artillery-fire", -1, -1, "L179"), mod("losses", -1, -1, "L180"),
       mod("disordered", -1, -1, "L181"), mod("poor-or-militia-open", -1, -1, "L182"),
       mod("higher-factor-charge", -2, -2, "L184"), mod("charged-by-cavalry-open", -3, -3, "L186"),
       mod("charged-flank-rear", -3, -3, "L186"), mod("melee-lost", -3, -2, "L186"),
       mod("rally-from-rout", -3, -2, "L186"), mod("half-strength", -3, -2, "L186")});
  EXPECT_EQ(row("morale.modifiers", "general-near").number("cm_per_pip"), 5);  // D4 x 5cms
  EXPECT_EQ(row("morale.modifiers", "losses").number("percent"), 20);
  int reconstructed = 0;
  for (const Row& r : table("morale.modifiers").rows) {
    if (!r.flag("reconstructed")) continue;
    ++reconstructed;
    EXPECT_THAT(r.text("reconstruction"), HasSubstr("R-004-MOR")) << r.key;
  }
  EXPECT_EQ(reconstructed, 6);  // the six items under -2 / -3 (L188-L194)
}

TEST(GroupOrdersTables, ChargeRallyAndGeneralResults) {
  expect_table("morale.infantry_charge", {{"heavy-or-defences", {{"needed", 5}}, "L196"},
                                          {"other", {{"needed", 6}}, "L198"}});
  expect_table("morale.charge",
               {{"ok", {{"min", 6}}, "L200", {{"massed", "keep"}, {"light", "keep"}}},
                {"4-5", {{"min", 4}, {"max", 5}}, "L201", {{"massed", "keep"}, {"light", "stand"}}},
                {"fail", {{"max", 3}}, "L202", {{"massed", "stand"}, {"light", "stand"}}}});
  for (const char* t : {"morale.infantry_charge", "morale.charge"}) {
    for (const Row& r : table(t).rows) {
      EXPECT_TRUE(r.flag("reconstructed")) << t << " " << r.key;  // de-interleaved
      EXPECT_FALSE(r.text("reconstruction").empty()) << t << " " << r.key;
    }
  }
  expect_table(
      "morale.rally",
      {{"any", {{"min", 6}}, "L214", {{"massed", "rally"}, {"light", "rally"}}},
       {"massed", {{"min", 5}, {"max", 5}}, "L215", {{"massed", "rally"}, {"light", "rout"}}},
       {"fail", {{"max", 4}}, "L216", {{"massed", "rout"}, {"light", "rout"}}}});
  auto general = [](const char* key, int min, int max, const char* massed, int mfb,
                    const char* light, int lfb, const char* ref) {
    return Cell{key,
                {{"min", min}, {"max", max}, {"massed_fall_back", mfb}, {"light_fall_back", lfb}},
                ref,
                {{"massed", massed}, {"light", light}}};
  };
  expect_table("morale.general",
               {general("6+", 6, 99, "stay", 0, "stay", 0, "L219"),
                general("4-5", 4, 5, "stay", 0, "advance-stand-to-retreat", 10, "L221"),
                general("3", 3, 3, "advance-to-stand", 0, "to-retreat", 10, "L224"),
                general("1-2", 1, 2, "to-retreat", 20, "rout", 0, "L227"),
                general("0-", -99, 0, "rout", 0, "rout", 0, "L230")});
  for (const Row& r : table("morale.general").rows) {
    EXPECT_EQ(r.flag("artillery_killed"), r.key == "1-2") << r.key;  // L228
  }
}

}  // namespace
}  // namespace smoothbore::group_orders
