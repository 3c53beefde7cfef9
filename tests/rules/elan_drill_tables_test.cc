// Golden test of the elan-drill tables (src/rules/elan_drill/data/*.toml) against the seed
// sheet and its digest (shared/rules/001.md §1-§11): every row, every cell and its line
// reference. Each table's row count is checked, so a row added to the data without a golden
// here fails.
#include <map>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "row_table_test_util.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

using Cell = test::RowCell;

void expect_table(const char* name, const std::vector<Cell>& cells) {
  test::expect_row_table(table(name), cells);
}

TEST(ElanDrillTables, ElanTriggersL30toL45) {
  expect_table("elan.triggers", {{"rally-moving", {{"dice", 1}}, "L32"},
                                 {"rally-stationary", {{"dice", 3}}, "L33"},
                                 {"two-fire-casualties", {{"dice", 1}}, "L34"},
                                 {"shell-shrapnel-casualty", {{"dice", 1}}, "L35"},
                                 {"volley-canister-close-casualty", {{"dice", 1}}, "L36"},
                                 {"rifle-close-casualty", {{"dice", 1}}, "L37"},
                                 {"round-1", {{"dice", 1}}, "L38"},
                                 {"round-2", {{"dice", 2}}, "L39"},
                                 {"round-3", {{"dice", 3}}, "L40"},
                                 {"cavalry-clear", {{"dice", 1}}, "L41"},
                                 {"cavalry-terrain-or-square", {{"dice", 3}}, "L42"},
                                 {"infantry-clear", {{"dice", 3}}, "L43"},
                                 {"infantry-terrain-or-square", {{"dice", 1}}, "L44"},
                                 {"friend-broken-within-4", {{"dice", 1}}, "L45"}});
  EXPECT_EQ(row("elan.triggers", "rally-stationary").name, "Rally (Stationary)");
}

TEST(ElanDrillTables, ElanDiceAndFactorModifiersL47toL66) {
  expect_table("elan.dice_modifiers", {{"flank-rear", {{"dice", 1}}, "L49"},
                                       {"figure-lost-more", {{"dice", 1}}, "L50"},
                                       {"below-half", {{"dice", 1}}, "L51"}});
  expect_table("elan.factor_modifiers", {{"dm", {{"value", -1}}, "L55"},
                                         {"square-or-cover", {{"value", 1}}, "L56"},
                                         {"outnumbered", {{"value", -1}}, "L60"},
                                         {"march-column", {{"value", -2}}, "L61"},
                                         {"column", {{"value", 3}}, "L62"},
                                         {"attacking-flank-rear", {{"value", 2}}, "L63"},
                                         {"uphill", {{"value", 1}}, "L64"},
                                         {"lighter-cavalry", {{"value", -1}}, "L65"},
                                         {"opponent-skirmish", {{"value", 2}}, "L66"}});
  // Only L60-L66 are "In or Closing to Close Action" (L58).
  for (const Row& r : table("elan.factor_modifiers").rows) {
    EXPECT_EQ(r.flag("close_action"), r.key != "dm" && r.key != "square-or-cover") << r.key;
  }
}

TEST(ElanDrillTables, ElanAndDrillResultsByFailures) {
  // dms -1 = one per failure.
  expect_table("elan.results", {{"success", {{"min", 0}, {"max", 0}, {"dms", 0}}, "L71"},
                                {"disrupted", {{"min", 1}, {"max", 1}, {"dms", 1}}, "L72"},
                                {"shaken", {{"min", 2}, {"max", 3}, {"dms", -1}}, "L73"},
                                {"break", {{"min", 4}, {"dms", 0}}, "L74"}});
  expect_table("drill.results", {{"success", {{"min", 0}, {"max", 0}, {"dms", 0}}, "L100"},
                                 {"sloppy", {{"min", 1}, {"max", 1}, {"dms", 1}}, "L101"},
                                 {"failure", {{"min", 2}, {"max", 3}, {"dms", -1}}, "L102"},
                                 {"disgrace", {{"min", 4}, {"dms", 4}}, "L103"}});
  EXPECT_TRUE(row("drill.results", "success").flag("performed"));
  EXPECT_TRUE(row("drill.results", "sloppy").flag("performed"));
  EXPECT_FALSE(row("drill.results", "failure").flag("performed"));
  EXPECT_FALSE(row("drill.results", "disgrace").flag("performed"));
}

TEST(ElanDrillTables, DrillTriggersAndModifiersL76toL95) {
  expect_table("drill.triggers", {{"change-formation-half", {{"dice", 1}}, "L80"},
                                  {"change-formation-full", {{"dice", 2}}, "L81"},
                                  {"change-formation-charge", {{"dice", 3}}, "L82"},
                                  {"reform-detachments", {{"dice", 2}}, "L83"},
                                  {"charge-response", {{"dice", 2}}, "L87"},
                                  {"break-off", {{"dice", 1}}, "L88"},
                                  {"fleeing-pass-through", {{"dice", 1}}, "L89"},
                                  {"minor-obstacle", {{"dice", 1}}, "L189"},
                                  {"major-obstacle", {{"dice", 1}}, "L191"},
                                  {"engineering", {{"dice", 2}}, "L10, D12-24"}});
  expect_table("drill.factor_modifiers", {{"dm", {{"value", -1}}, "L93"},
                                          {"restricted", {{"value", -2}}, "L94"},
                                          {"flank-rear", {{"value", -2}}, "L95"}});
}

TEST(ElanDrillTables, ChargeResponsesL105toL125) {
  expect_table("drill.charge_responses",
               {{"stand-and-fire", {{"drill_dice", 0}}, "L111"},
                {"form-closed-column-and-fire", {{"drill_dice", 2}}, "L113"},
                {"evade", {{"drill_dice", 0}}, "L115"},
                {"counter-charge", {{"drill_dice", 2}}, "L117"},
                {"change-formation-and-fire", {{"drill_dice", 2}}, "L121"},
                {"fire-and-evade", {{"drill_dice", 2}}, "L123"},
                {"limber-and-evade", {{"drill_dice", 2}}, "L125"}});
  for (const Row& r : table("drill.charge_responses").rows) {
    const bool limited = r.key == "change-formation-and-fire" || r.key == "fire-and-evade" ||
                         r.key == "limber-and-evade";
    EXPECT_EQ(r.text("class"), limited ? "limited" : "general") << r.key;  // L109, L119
  }
  EXPECT_THAT(row("drill.charge_responses", "fire-and-evade").name,
              HasSubstr("Gunners must leave guns"));
}

TEST(ElanDrillTables, SmallArmsL127toL141) {
  expect_table("fire.fire_types",
               {{"platoon", {}, "L129"}, {"volley", {}, "L131"}, {"skirmish", {}, "L131"}});
  EXPECT_TRUE(row("fire.fire_types", "platoon").flag("half"));
  EXPECT_FALSE(row("fire.fire_types", "volley").flag("half"));
  EXPECT_FALSE(row("fire.fire_types", "skirmish").flag("half"));
  expect_table("fire.weapons", {{"pistol", {{"close", 0}, {"long", 3}}, "L136"},
                                {"carbine", {{"close", 4}, {"long", 8}}, "L137"},
                                {"musket", {{"close", 6}, {"long", 12}}, "L138"},
                                {"rifle", {{"close", 10}, {"long", 20}}, "L139"}});
  // L141: * may be fired while mounted (pistol, carbine); § rifles always platoon fire.
  for (const Row& r : table("fire.weapons").rows) {
    EXPECT_EQ(r.flag("mounted"), r.key == "pistol" || r.key == "carbine") << r.key;
    EXPECT_EQ(r.flag("platoon_only"), r.key == "rifle") << r.key;
  }
}

TEST(ElanDrillTables, FireModifiersL195toL223) {
  expect_table("fire.general_modifiers", {{"long-range", {{"value", -2}}, "L199"},
                                          {"moving", {{"value", -1}}, "L200"},
                                          {"dm", {{"value", -1}}, "L201"},
                                          {"carbine-mounted", {{"value", -2}}, "L202"},
                                          {"two-rank-line", {{"value", 1}}, "L203"},
                                          {"reaction", {{"value", -1}}, "L204"},
                                          {"friends-in-contact", {{"value", -1}}, "L205"}});
  expect_table("fire.small_arms_modifiers", {{"carbine-mounted", {{"value", -2}}, "L209"},
                                             {"first-fire", {{"value", 1}}, "L210"},
                                             {"two-rank-line", {{"value", 1}}, "L211"}});
  expect_table("fire.canister_modifiers", {{"howitzer", {{"value", 1}}, "L215"}});
  expect_table("fire.ball_modifiers",
               {{"heavy", {{"value", 1}}, "L220"},
                {"light", {{"value", -1}}, "L221"},
                {"ultra-light", {{"value", -2}}, "L222"},
                {"each-further-target", {{"value", -1}, {"max_total", -3}}, "L223"}});
}

// R-001-7: two modifiers are printed in both the General and the Small-Arms lists. Both
// printed copies are in the data, with the same wording and value, each at its own line,
// and the Small-Arms copy names the General one it repeats.
TEST(ElanDrillTables, DuplicatedModifiersBothCopies) {
  for (const char* key : {"carbine-mounted", "two-rank-line"}) {
    const Row& general = row("fire.general_modifiers", key);
    const Row& small = row("fire.small_arms_modifiers", key);
    EXPECT_EQ(general.name, small.name) << key;
    EXPECT_EQ(general.number("value"), small.number("value")) << key;
    EXPECT_NE(general.ref, small.ref) << key;
    EXPECT_EQ(small.text("duplicate_of"), general.ref.substr(0, 4)) << key;
  }
  EXPECT_EQ(row("fire.small_arms_modifiers", "first-fire").text("duplicate_of"), "");
}

TEST(ElanDrillTables, ArtilleryL143toL175) {
  expect_table("fire.solid_shot", {{"unlimbered-artillery", {{"dice", 1}}, "L146"},
                                   {"line-or-march-column-flank", {{"dice", 2}}, "L147"},
                                   {"column-or-limbered", {{"dice", 4}}, "L148"},
                                   {"other", {{"dice", 6}}, "L149"}});
  expect_table("fire.canister",
               {{"heavy", {{"short", 12}, {"long", 24}, {"dice", 8}}, "L158"},
                {"medium", {{"short", 10}, {"long", 20}, {"dice", 6}}, "L159"},
                {"light", {{"short", 8}, {"long", 16}, {"dice", 4}}, "L160"},
                {"ultra-light", {{"short", 6}, {"long", 12}, {"dice", 3}}, "L161"}});
  expect_table("fire.shell_shrapnel", {{"heavy", {{"shell", 4}, {"shrapnel", 7}}, "L170"},
                                       {"medium", {{"shell", 3}, {"shrapnel", 5}}, "L171"},
                                       {"light", {{"shell", 2}, {"shrapnel", 3}}, "L172"}});
  expect_table("fire.shell_shrapnel_scatter", {{"scatter", {{"value", 4}}, "L175"}});
  // Proposed (D12-13, D12-14).
  expect_table("fire.artillery_ranges", {{"heavy", {{"solid_shot_max", 60}}, "D12-13"},
                                         {"medium", {{"solid_shot_max", 48}}, "D12-13"},
                                         {"light", {{"solid_shot_max", 40}}, "D12-13"},
                                         {"ultra-light", {{"solid_shot_max", 32}}, "D12-13"}});
  expect_table("fire.shell_limits", {{"shell-minimum", {{"value", 6}}, "D12-14"}});
  for (const Row& r : table("fire.artillery_ranges").rows) EXPECT_TRUE(r.flag("proposed"));
}

TEST(ElanDrillTables, CloseActionL225toL239) {
  expect_table("close_saves.close_dice_modifiers",
               {{"flank-rear", {{"dice_per_figure", 1}}, "L229"}});
  expect_table("close_saves.close_modifiers", {{"obstacle-or-bua", {{"value", -2}}, "L233"},
                                               {"cavalry-vs-square", {{"value", -2}}, "L234"},
                                               {"dm", {{"value", -1}}, "L235"},
                                               {"two-rank-line", {{"value", -1}}, "L236"},
                                               {"skirmish", {{"value", -2}}, "L237"},
                                               {"march-column", {{"value", -2}}, "L238"},
                                               {"non-charging-cavalry", {{"value", -2}}, "L239"}});
}

TEST(ElanDrillTables, SavesL241toL261) {
  expect_table("close_saves.experience", {{"veteran", {{"save", 7}}, "L245"},
                                          {"steady", {{"save", 6}}, "L246"},
                                          {"conscript", {{"save", 5}}, "L247"}});
  expect_table("close_saves.save_modifiers",
               {{"dm", {{"value", -1}}, "L251"},
                {"trained-skirmisher", {{"value", 2}}, "L252"},
                {"ad-hoc-skirmisher-or-artillery", {{"value", 1}}, "L253"},
                {"flank-rear", {{"value", -2}}, "L254"},
                {"soft-cover", {{"value", 1}}, "L255"},
                {"hard-cover", {{"value", 3}}, "L256"},
                {"hard-cover-heavy-shot", {{"value", 1}}, "L257"}});
  expect_table("close_saves.save_limits", {{"max-open", {{"value", 10}}, "L259"},
                                           {"max-cover", {{"value", 11}}, "L259"},
                                           {"special", {{"value", 12}}, "L261"}});
}

TEST(ElanDrillTables, TerrainL177toL193) {
  expect_table("terrain_ratings.terrain",
               {{"rough", {{"cost", 2}, {"cross", 0}, {"drill_dice", 0}}, "L181"},
                {"difficult", {{"cost", 3}, {"cross", 0}, {"drill_dice", 0}}, "L185"},
                {"minor-obstacle", {{"cost", 1}, {"cross", 1}, {"drill_dice", 1}}, "L189"},
                {"major-obstacle", {{"cost", 1}, {"cross", -1}, {"drill_dice", 1}}, "L191"}});
  EXPECT_FALSE(row("terrain_ratings.terrain", "major-obstacle").flag("others_pass"));
  EXPECT_TRUE(row("terrain_ratings.terrain", "minor-obstacle").flag("others_pass"));
  EXPECT_THAT(row("terrain_ratings.terrain", "difficult").name, HasSubstr("Built Up Area"));
  EXPECT_THAT(row("terrain_ratings.terrain", "rough").name, HasSubstr("Orchards"));
  expect_table("terrain_ratings.skirmishers", {{"skirmishers", {}, "L193"}});
  EXPECT_TRUE(row("terrain_ratings.skirmishers", "skirmishers").flag("ignores_terrain"));
  EXPECT_FALSE(row("terrain_ratings.skirmishers", "skirmishers").flag("obstacle_drill"));
}

TEST(ElanDrillTables, ProposedRatingsAndScales) {
  // §2.2 (D12-02, D12-10): Elan 9/8/7/6/5; Drill 8/7/5 (irregulars 4); Gunnery 7/6/5;
  // Musketry 6/5/4. Guard's Drill/Gunnery/Musketry and Militia's Musketry are not given
  // and follow Veteran / Conscript.
  expect_table("terrain_ratings.ratings",
               {{"guard", {{"elan", 9}, {"drill", 8}, {"gunnery", 7}, {"musketry", 6}}, "§2.2"},
                {"veteran", {{"elan", 8}, {"drill", 8}, {"gunnery", 7}, {"musketry", 6}}, "§2.2"},
                {"steady", {{"elan", 7}, {"drill", 7}, {"gunnery", 6}, {"musketry", 5}}, "§2.2"},
                {"conscript", {{"elan", 6}, {"drill", 5}, {"gunnery", 5}, {"musketry", 4}}, "§2.2"},
                {"militia", {{"elan", 5}, {"drill", 4}, {"gunnery", 0}, {"musketry", 4}}, "§2.2"}});
  expect_table("terrain_ratings.scales", {{"ground", {{"yards_per_inch", 25}}, "§1"},
                                          {"time", {{"minutes_per_player_turn", 10}}, "§1"}});
}

TEST(ElanDrillTables, EveryTableIsCoveredAndEveryRowCitesItsSource) {
  EXPECT_EQ(all_tables().size(), 29u);
  for (const auto& [name, t] : all_tables()) {
    EXPECT_FALSE(t.rows.empty()) << name;
    for (const Row& r : t.rows) {
      const bool cites =
          r.ref.rfind("L", 0) == 0 || r.ref.rfind("§", 0) == 0 || r.ref.rfind("D12-", 0) == 0;
      EXPECT_TRUE(cites) << name << " " << r.key << ": " << r.ref;
    }
  }
}

}  // namespace
}  // namespace smoothbore::elan_drill
