// The field melee and morale tables of "Fire and Discipline", "Dawn of Modern Warfare"
// (digest shared/rules/000.md §5.4, §9, §10), loaded once from the embedded data files
// fire_and_discipline/data/melee.toml and morale.toml. Every table keeps its rule reference
// (seed line "L624" and section "§8.5") and the printed text of both copies (body and
// pullout) where they differ.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smoothbore::fire_and_discipline {

// A cavalry unit's melee tactic, a national characteristic (§8.13 L566): the column of the
// Cavalry Combat table.
enum class CavalryTactic { kSteel, kFire, kMix };
std::string_view cavalry_tactic_name(CavalryTactic t);  // "steel", "fire", "mix"
std::optional<CavalryTactic> parse_cavalry_tactic(std::string_view s);

// An infantry unit's melee weapon (§8.42 L610): the column of the Infantry Combat table. Gun
// crews fight with kMixed (FD-47, proposed).
enum class InfantryWeapon { kBayonet, kPike, kMixed };
std::string_view infantry_weapon_name(InfantryWeapon w);  // "bayonet", "pike", "mixed"
std::optional<InfantryWeapon> parse_infantry_weapon(std::string_view s);

// Which table a stand fights with (FD-47): cavalry and mounted dragoons the Cavalry Combat
// table; infantry, dismounted dragoons and gun crews the Infantry Combat table.
enum class MeleeArm { kCavalry, kInfantry };
std::string_view melee_arm_name(MeleeArm a);  // "cavalry", "infantry"
std::optional<MeleeArm> parse_melee_arm(std::string_view s);

// Rows of the Cavalry Combat table (§8.5 L624-L634).
enum class CavalryRow { kCavalry, kDragoons, kOpenCavalry, kBayonet, kPike, kMixedMelee };
// "cavalry", "dragoons", "open-cavalry", "bayonet", "pike", "mixed-melee"
std::string_view cavalry_row_name(CavalryRow r);
// Rows of the Infantry Combat table (§8.5 L640-L644).
enum class InfantryRow { kMounted, kInfantry, kOpenInfantry };
std::string_view infantry_row_name(InfantryRow r);  // "mounted", "infantry", "open-infantry"

// The nine words naming a melee target: the six Cavalry Combat rows, then the three
// Infantry Combat rows. Each table maps every word to one of its rows (FD-47, melee.toml
// [targets]), so every arm/target pairing reads a row.
enum class MeleeTarget {
  kCavalry,
  kDragoons,
  kOpenCavalry,
  kBayonet,
  kPike,
  kMixedMelee,
  kMounted,
  kInfantry,
  kOpenInfantry,
};
// "cavalry", "dragoons", "open-cavalry", "bayonet", "pike", "mixed-melee", "mounted",
// "infantry", "open-infantry"
std::string_view melee_target_name(MeleeTarget t);
std::optional<MeleeTarget> parse_melee_target(std::string_view s);

// A set of d10 faces that hit, printed as a run from "0": `faces` = 1 is "0", 2 "0-1",
// 3 "0-1-2", ... 10 every face. Faces are 1..10, face 10 being the printed "0". "Add one to
// the hit number" (L648) widens the set by the next face.
struct MeleeHitSet {
  int faces = 1;
  bool hits(int face) const { return face == 10 || face < faces; }
  MeleeHitSet widened(int by) const;  // at most every face
  std::string text() const;           // "0-1-2"
  friend bool operator==(const MeleeHitSet&, const MeleeHitSet&) = default;
};
// "0-1-2" → {3}; nullopt unless the text is a run 0, 0-1, 0-1-2, ... .
std::optional<MeleeHitSet> parse_melee_hit_set(std::string_view printed);

struct CavalryCell {
  MeleeHitSet contact;
  MeleeHitSet engaged;
  std::string printed;  // "0-1-2 / 0-1"
};

// A situation modifier of the melee tables (§8.5 L646-L654; pullout L768-L776).
struct MeleeModifierSpec {
  std::string key;  // the resolution parameter: "double-castings"
  std::string name;
  int add = 0;  // faces added to the hit set
  std::string ref;
  std::string body;     // as printed in the body (L646-L654)
  std::string pullout;  // as printed in the pullout (L768-L776)
};

struct MeleeTables {
  std::string cavalry_ref;
  std::array<std::array<CavalryCell, 3>, 6> cavalry{};  // [CavalryRow][CavalryTactic]
  std::array<std::string, 6> cavalry_row_refs;          // body "L624"
  std::array<std::string, 6> cavalry_pullout_row_refs;  // pullout "L746"
  std::string infantry_ref;
  std::array<std::array<MeleeHitSet, 3>, 3> infantry{};        // [InfantryRow][InfantryWeapon]
  std::array<std::array<std::string, 3>, 3> infantry_printed;  // "0-1-2"
  std::array<std::string, 3> infantry_row_refs;
  std::array<std::string, 3> infantry_pullout_row_refs;

  MeleeModifierSpec infantry_engaged;  // +1 (infantry; cavalry read the Engaged half)
  MeleeModifierSpec double_castings;   // +1
  // FD-32: body "a hit will inflict 2 casualties" (default) or pullout "+1 to hit number".
  MeleeModifierSpec higher_rating;  // `add` is the pullout reading's
  int higher_rating_casualties_per_hit = 2;
  std::string higher_rating_body_ref;      // "L652"
  std::string higher_rating_pullout_ref;   // "L770, L774"
  MeleeModifierSpec target_holding_cover;  // FD-33 override; `add` unused
  MeleeHitSet cover_only;                  // {0}
  MeleeModifierSpec flank;                 // FD-45 (proposed) +1

  std::string targets_ref;
  std::array<CavalryRow, 9> cavalry_row_of{};    // by MeleeTarget
  std::array<InfantryRow, 9> infantry_row_of{};  // by MeleeTarget
  InfantryWeapon gun_crew_weapon = InfantryWeapon::kMixed;
};

// A morale situation modifier (§5.2 L270-L282; FD-23 proposed values).
struct MoraleModifierSpec {
  std::string key;  // the resolution parameter: "protective"
  std::string name;
  int value = 0;
  std::string ref;
  bool proposed = false;  // FD-23: referenced by the rules, value proposed by the digest
};

// The Morale Loss Effects chart (§5.5 L316-L324).
enum class MoraleEffect { kHalt, kFlee, kFleeHit, kSurrender };
std::string_view morale_effect_name(MoraleEffect e);  // "halt", "flee", "flee-hit", "surrender"

struct MoraleEffectBand {
  std::vector<int> faces;  // 1..10, 10 = printed "0"
  std::string printed;     // "1-3"
  MoraleEffect effect = MoraleEffect::kHalt;
  int otherwise_face = 0;  // the 0 band: read as this face (9) unless surrounded
  std::string ref;
  std::string body;
  std::string pullout;
};

struct MoraleTables {
  std::string total_ref;  // §5.4b
  int auto_pass = 10;
  std::string auto_pass_ref;
  std::string roll_ref;
  int base_five = 5;  // FD-21 option base = five
  std::string base_five_ref;
  std::string rating_ref;
  std::vector<MoraleModifierSpec> modifiers;
  // The modifier with `key` (SB_CHECK that it exists).
  const MoraleModifierSpec& modifier(std::string_view key) const;

  std::string effects_ref;
  int flee_yards = 100;
  std::vector<MoraleEffectBand> effects;  // cover faces 1..10 exactly once

  std::string fanaticism_ref;
  std::vector<int> attrition_one_faces;  // 1..6
  std::vector<int> attrition_two_faces;  // 7..9

  std::string commander_ref;
  std::vector<int> commander_fire_faces;  // {10}
  std::string commander_fire_ref;
  std::vector<int> commander_melee_passed_faces;   // {10}
  std::vector<int> commander_melee_failed_faces;   // odd
  std::vector<int> commander_melee_confirm_faces;  // {10}
  std::string commander_melee_ref;
  std::vector<int> commander_campaign_dead_faces;  // odd
  std::string commander_campaign_ref;
  std::string commander_effects_ref;
};

struct MeleeMoraleTables {
  MeleeTables melee;
  MoraleTables morale;
};

// The tables, parsed from the embedded TOML on first use. Malformed embedded data is a bug
// (SB_CHECK).
const MeleeMoraleTables& melee_morale_tables();
// Parse edited copies (exposed for tests).
MeleeTables parse_melee_tables(std::string_view toml_text);
MoraleTables parse_morale_tables(std::string_view toml_text);

// Table lookups.
MeleeHitSet cavalry_hit_set(CavalryRow row, CavalryTactic tactic, bool engaged);
MeleeHitSet infantry_hit_set(InfantryRow row, InfantryWeapon weapon);
CavalryRow cavalry_row(MeleeTarget t);    // FD-47 mapping
InfantryRow infantry_row(MeleeTarget t);  // FD-47 mapping
// Whether a d10 face (1..10) is in a face list.
bool face_in(const std::vector<int>& faces, int face);
// The effects chart for the second d10 (1..10): the 0 surrenders only if `surrounded`
// (FD-28), else it reads as 9.
MoraleEffect morale_effect(int face, bool surrounded);
// Optional fanaticism (§5.64): castings lost to attrition when a fanatic ignores the effect
// of face 1..9 (a 0 read as 9 counts as 9): 1 for 1-6, 2 for 7-9.
int fanatic_attrition(int face);

}  // namespace smoothbore::fire_and_discipline
