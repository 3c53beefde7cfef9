// Golden test of the squad-skirmish tables (src/rules/squad_skirmish/data/*.toml) against the
// seed summary and its digest (shared/rules/003.md §4-§10): every row, every cell and its line
// reference. Each table's row count is checked, so a row added to the data without a golden
// here fails.
#include <map>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "row_table_test_util.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {
namespace {

using ::testing::MatchesRegex;
using ::testing::StartsWith;

using Cell = test::RowCell;

void expect_table(const char* name, const std::vector<Cell>& cells) {
  test::expect_row_table(table(name), cells);
}

TEST(SquadSkirmishTables, MoraleL13toL32) {
  expect_table("morale.base", {{"green", {{"morale", 8}}, "L22"},
                               {"regular", {{"morale", 9}}, "L23"},
                               {"veteran", {{"morale", 10}}, "L24"}});
  expect_table("morale.modifiers", {{"figure-lost", {{"value", -1}}, "L22"},
                                    {"leader-killed", {{"value", -1}}, "L23"},
                                    {"formed", {{"value", 1}}, "L24"},
                                    {"officer-rallying", {{"value", 2}}, "L25"}});
  // Results by the miss (roll - morale): success, fail by 1-2, fail by 3+.
  expect_table("morale.results", {{"pass", {{"min", -99}, {"max", 0}}, "L27"},
                                  {"falter", {{"min", 1}, {"max", 2}}, "L29"},
                                  {"retreat", {{"min", 3}, {"max", 99}}, "L31"}});
  EXPECT_EQ(row("morale.results", "falter").text("actions"), "load-fire-retreat-to-cover");
  EXPECT_EQ(row("morale.results", "retreat").text("actions"), "retreat");
  EXPECT_EQ(row("morale.results", "pass").text("actions"), "any");
  expect_table(
      "morale.triggers",
      {{"casualties", {}, "L15"}, {"wishes-to-charge", {}, "L15"}, {"receives-charge", {}, "L15"}});
  EXPECT_EQ(row("morale.modifiers", "officer-rallying").name, "+2 Officer rallying");
}

TEST(SquadSkirmishTables, MovementL38toL48) {
  expect_table("movement.arms", {{"infantry", {{"dice", 2}, {"max", 12}}, "L40"},
                                 {"cavalry", {{"dice", 3}, {"max", 18}}, "L40"},
                                 {"cannon", {{"dice", 1}, {"max", 6}}, "SK-08"}});
  expect_table("movement.road", {{"road", {{"extra_dice", 1}, {"drop_lowest", 1}}, "L42"}});
  expect_table("movement.terrain", {{"open", {{"numerator", 1}, {"denominator", 1}}, "L44"},
                                    {"woods", {{"numerator", 1}, {"denominator", 2}}, "L44"},
                                    {"water", {{"numerator", 1}, {"denominator", 2}}, "L44"}});
  EXPECT_TRUE(row("movement.terrain", "open").flag("proposed"));
  expect_table("movement.obstacles",
               {{"fence", {{"cost", 2}}, "L46"}, {"wall", {{"cost", 2}}, "L46"}});
  expect_table("movement.distances", {{"squad-radius", {{"inches", 6}}, "L48"},
                                      {"field-promotion", {{"inches", 6}}, "L36"},
                                      {"out-of-command", {{"inches", 6}}, "SK-10"},
                                      {"officer-reach", {{"inches", 6}}, "SK-05"},
                                      {"defender-cover", {{"inches", 6}}, "SK-12"},
                                      {"fall-back", {{"inches", 1}}, "SK-13"}});
  EXPECT_TRUE(row("movement.distances", "out-of-command").flag("proposed"));
  EXPECT_FALSE(row("movement.distances", "squad-radius").flag("proposed"));
}

TEST(SquadSkirmishTables, WeaponsL60toL65) {
  expect_table("fire.kill", {{"kill", {{"score", 8}}, "L58"}});
  expect_table(
      "fire.weapons",
      {{"pistol", {{"reload", 1}, {"close", 3}, {"effective", 6}}, "L61"},
       {"blunderbuss", {{"reload", 2}, {"close", 3}, {"effective", 6}}, "L62"},
       {"musket", {{"reload", 1}, {"close", 12}, {"effective", 24}}, "L63"},
       {"rifle", {{"reload", 2}, {"tap_reload", 1}, {"close", 18}, {"effective", 36}}, "L64, L73"},
       {"cannon", {{"reload", 5}, {"close", 48}, {"effective", 96}}, "L65"}});
  EXPECT_EQ(row("fire.weapons", "musket").numbers.count("tap_reload"), 0u);  // rifles only
}

TEST(SquadSkirmishTables, FireModifiersAndNotesL66toL81) {
  expect_table("fire.modifiers", {{"close-range", {{"value", 1}}, "L67"},
                                  {"close-canister", {{"value", 4}}, "L67, L75"},
                                  {"rifle-blunderbuss", {{"value", 1}}, "L68"},
                                  {"firer-green", {{"value", -1}}, "L69"},
                                  {"firer-veteran", {{"value", 1}}, "L70"},
                                  {"firer-mounted", {{"value", -1}}, "L71"},
                                  {"soft-cover", {{"value", -1}}, "L67"},
                                  {"hard-cover", {{"value", -2}}, "L68"},
                                  {"target-formed", {{"value", 1}}, "L69"},
                                  {"volley", {{"value", 1}}, "L70, L77"}});
  expect_table("fire.volley", {{"volley", {{"min_figures", 10}}, "L77"}});
  expect_table("fire.canister", {{"reroll", {{"over", 10}}, "L75"}});
  expect_table("fire.victims", {{"ranker", {{"min", 1}, {"max", 5}}, "L81"},
                                {"squad-leader", {{"min", 6}, {"max", 8}}, "L81"},
                                {"officer", {{"min", 9}, {"max", 10}}, "L81, SK-03"}});
  expect_table("fire.crew", {{"cannon", {{"min", 3}, {"max", 4}}, "SK-08"}});
  EXPECT_TRUE(row("fire.crew", "cannon").flag("proposed"));
}

TEST(SquadSkirmishTables, MeleeAndHeroesL83toL99) {
  expect_table("melee.modifiers", {{"charging", {{"value", 1}}, "L90, L95"},
                                   {"cavalry", {{"value", 1}}, "L91"},
                                   {"leader", {{"value", 1}}, "L92"},
                                   {"out-of-command", {{"value", -4}}, "L93"},
                                   {"soft-cover", {{"value", 1}}, "L90"},
                                   {"hard-cover", {{"value", 2}}, "L91"},
                                   {"formed", {{"value", 1}}, "L92"},
                                   {"versus-2", {{"value", -2}}, "L93"}});
  expect_table("melee.limits", {{"pairing", {{"attackers", 2}}, "L85"}});
  expect_table("melee.heroes", {{"first-hit", {{"hit", 1}, {"roll_modifier", 0}}, "L99"},
                                {"second-hit", {{"hit", 2}, {"roll_modifier", -1}}, "L99"},
                                {"third-hit", {{"hit", 3}, {"roll_modifier", -1}}, "L99"}});
  EXPECT_FALSE(row("melee.heroes", "second-hit").flag("killed"));
  EXPECT_TRUE(row("melee.heroes", "third-hit").flag("killed"));
}

TEST(SquadSkirmishTables, EveryTableIsCoveredAndEveryRowCitesItsSource) {
  const std::vector<std::string> names = {
      "fire.canister",      "fire.crew",       "fire.kill",       "fire.modifiers",
      "fire.victims",       "fire.volley",     "fire.weapons",    "melee.heroes",
      "melee.limits",       "melee.modifiers", "morale.base",     "morale.modifiers",
      "morale.results",     "morale.triggers", "movement.arms",   "movement.distances",
      "movement.obstacles", "movement.road",   "movement.terrain"};
  std::vector<std::string> got;
  for (const auto& [name, t] : all_tables()) {
    got.push_back(name);
    for (const Row& r : t.rows) {
      // A seed line ("L58") or a digest item ("SK-08", "§10").
      EXPECT_THAT(r.ref, MatchesRegex("(L[0-9]+|SK-[0-9][0-9]|§[0-9]+).*")) << name << " " << r.key;
    }
  }
  EXPECT_EQ(got, names);
}

}  // namespace
}  // namespace smoothbore::squad_skirmish
