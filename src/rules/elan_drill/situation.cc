// Ratings (§2.2), geometry (ranges, arcs, D12-11, D12-12), movement rates (D12-07), and
// the bridge from a battle situation to the published resolutions: the battle calls the
// same resolution functions `smoothbore odds` enumerates.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"
#include "rules/elan_drill/pool_odds.h"
#include "rules/elan_drill/tables.h"
#include "rules/odds_memo.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {

// `experience`: the unit's attribute_string("experience", "steady"), read once for its
// four ratings (issue 9: each read it again, a string a unit and rating).
int rating(const Unit& u, std::string_view key, std::string_view experience, int veteran,
           int steady, int conscript) {
  const Value* v = u.attribute(key);
  if (v != nullptr && as_number(*v) > 0) return static_cast<int>(as_number(*v));
  return experience == "veteran"sv ? veteran : experience == "conscript"sv ? conscript : steady;
}

Params complete(const std::string& name, const std::map<std::string, Value>& given) {
  return ruleset().battle_params(name, given);
}

}  // namespace

namespace {
const Value& option_value(const auto& options, std::string_view n) {
  const auto it = options.find(n);
  SB_CHECK(it != options.end(), fmt::format("option '{}' is not in the schema", n));
  return it->second;
}
}  // namespace

const std::string& BattleED::option(std::string_view n) const {
  const Value& v = option_value(options_, n);
  SB_CHECK(std::holds_alternative<std::string>(v), fmt::format("{} is not a string", n));
  return std::get<std::string>(v);
}
bool BattleED::option_flag(std::string_view n) const {
  const Value& v = option_value(options_, n);
  SB_CHECK(std::holds_alternative<bool>(v), fmt::format("{} is not a bool", n));
  return std::get<bool>(v);
}
double BattleED::option_number(std::string_view n) const {
  return as_number(option_value(options_, n));
}

namespace {
// D12-13: the gun class's solid-shot maximum range (an option per class; a class no option
// names is looked up by its name, which reports it).
double gun_class_max_in(const BattleED& b, const std::string& gun) {
  if (const double* in = b.opts().gun_max_in(gun)) return *in;
  std::string name = gun;
  std::replace(name.begin(), name.end(), '-', '_');
  return b.option_number("d12_13_" + name + "_max_in");
}
}  // namespace

// Issue 9: every unit's attributes, ratings and ranges, once (UnitFacts).
void BattleED::learn_facts() {
  facts_.clear();
  facts_.reserve(force_.units.size());
  for (std::size_t i = 0; i < force_.units.size(); ++i)
    facts_.push_back(facts_now(static_cast<int>(i)));
}

UnitFacts BattleED::facts_now(int unit) const {
  const Unit& u = force_.units[unit];
  UnitFacts f;
  f.weapon = u.attribute_string("weapon", "musket");
  f.gun = u.attribute_string("gun", "medium");
  f.experience = u.attribute_string("experience", "steady");
  static const Table& kWeapons = elan_drill::table("fire.weapons");
  static const Table& kCanister = elan_drill::table("fire.canister");
  f.weapon_row = kWeapons.find(f.weapon);
  f.unarmed = f.weapon == "none"sv;
  if (f.weapon_row != nullptr) {
    f.weapon_close = f.weapon_row->number("close");
    f.weapon_long = f.weapon_row->number("long");
  }
  f.canister_row = kCanister.find(f.gun);
  if (f.canister_row != nullptr) {
    f.canister_short = f.canister_row->number("short");
    f.canister_long = f.canister_row->number("long");
  }
  if (u.arm == Arm::kArtillery) {
    f.max_range_in = gun_class_max_in(*this, f.gun);
    auto flag = [&](std::string_view key) {
      const Value* v = u.attribute(key);
      return v != nullptr && std::get_if<bool>(v) != nullptr && *std::get_if<bool>(v);
    };
    f.howitzer = flag("howitzer");
    f.shell = flag("shell");
    f.shrapnel = flag("shrapnel");
  }
  // §2.2 proposed factors (D12-02, D12-10); with `d12_02_ratings = scenario` the unit gives
  // every one (the scenario check refuses it otherwise; a scenario built in code is stopped
  // here).
  if (opts_.ratings_from_scenario) {
    const std::vector<std::string> missing = unrated_factors(u);
    SB_CHECK(missing.empty(),
             fmt::format("unit '{}': d12_02_ratings = \"scenario\" and no {} factor (D12-02)", u.id,
                         missing.empty() ? "" : missing.front()));
  }
  f.elan = rating(u, "elan", f.experience, 8, 7, 6);
  f.drill = rating(u, "drill", f.experience, 8, 7, 5);
  f.gunnery = rating(u, "gunnery", f.experience, 7, 6, 5);
  f.musketry = rating(u, "musketry", f.experience, opts_.musketry_veteran, opts_.musketry_steady,
                      opts_.musketry_conscript);
  return f;
}

int BattleED::elan(int unit) const { return facts_[unit].elan; }
int BattleED::drill(int unit) const { return facts_[unit].drill; }
int BattleED::gunnery(int unit) const { return facts_[unit].gunnery; }
int BattleED::musketry(int unit) const { return facts_[unit].musketry; }  // D12-10

// D12-07 rates, inches per player turn.
double BattleED::move_rate_in(int unit) const {
  const Unit& u = force_.units[unit];
  const std::string& f = u.formation;
  if (u.arm == Arm::kArtillery) {
    // L123: gunners who left their guns go on foot (the line's rate: interpretation).
    if (state_[unit].guns_left) return opts_.line_in;
    if (f != "limbered"sv) return opts_.manhandle_in;
    return u.type == "horse-artillery"sv ? opts_.horse_artillery_in : opts_.foot_artillery_in;
  }
  if (u.arm == Arm::kCavalry) {
    if (f == "march-column"sv) return opts_.cavalry_march_in;
    return u.type == "light-cavalry"sv ? opts_.light_cavalry_in : opts_.cavalry_in;
  }
  if (f == "square"sv) return opts_.square_in;
  if (f == "skirmish"sv) return opts_.skirmish_in;
  if (f == "march-column"sv) return opts_.march_column_in;
  if (f.find("column") != std::string_view::npos) return opts_.column_in;
  return opts_.line_in;
}

double BattleED::charge_reach_in(int unit) const {
  return move_rate_in(unit) + opts_.charge_bonus_in;
}

bool BattleED::in_arc(int unit, int target) const {
  const Unit& u = force_.units[unit];
  if (u.formation == "skirmish"sv || u.formation == "square"sv) return true;  // D12-12, D12-11
  const RectFrame& me = frame_now(unit);  // its axes kept (issue 9)
  const Rect t = force_.units[target].footprint();
  const ArcBound& arc = u.arm == Arm::kArtillery ? artillery_arc_ : fire_arc_;
  // Measured from the nearest point of the target, with the unit's half frontage.
  const Vec2 d = t.centre - me.rect.centre;
  const double along = d.dot(me.f);
  if (along <= 0) return false;
  const double across = std::abs(d.dot(me.r)) - me.rect.width / 2 - t.width / 2;
  return across <= 0 || arc.within(across, along);  // atan2's degrees <= the arc
}

// §11: rough ground ×2, difficult ×3 movement cost (skirmishers ignore both).
bool BattleED::rough_or_worse(int unit, int* multiplier) const {
  const TerrainAt at = scenario_.table.terrain_at(force_.units[unit].footprint().centre);
  int m = 1;
  for (TerrainClass c : at.classes) {
    if (c == TerrainClass::kHeavyWoods || c == TerrainClass::kMarsh ||
        c == TerrainClass::kBuilding) {
      m = std::max(m, 3);
    } else if (c == TerrainClass::kLightWoods || c == TerrainClass::kRough ||
               c == TerrainClass::kStream) {
      m = std::max(m, 2);
    }
  }
  if (multiplier != nullptr) *multiplier = m;
  return m > 1;
}

Cover BattleED::cover(int unit) const {
  if (frozen_epoch_ == 0) return cover_now(unit);
  if (cover_kept_.epoch != frozen_epoch_) {
    cover_kept_.epoch = frozen_epoch_;
    cover_kept_.known.assign(force_.units.size(), -1);
  }
  std::int8_t& kept = cover_kept_.known[static_cast<std::size_t>(unit)];
  if (kept < 0) {
    kept = static_cast<std::int8_t>(cover_now(unit));
  } else if (check_nearest && static_cast<Cover>(kept) != cover_now(unit)) {
    throw std::logic_error(fmt::format("unit {}: kept cover differs", unit));
  }
  return static_cast<Cover>(kept);
}

Cover BattleED::cover_now(int unit) const {
  const TerrainAt at = scenario_.table.terrain_at(force_.units[unit].footprint().centre);
  if (at.has(TerrainClass::kBuilding) || at.has(TerrainClass::kEarthworks) || fortified(unit))
    return Cover::kHard;  // L256; a fortified place (D12-24, engineering.cc)
  if (at.has(TerrainClass::kLightWoods) || at.has(TerrainClass::kHeavyWoods)) return Cover::kSoft;
  return Cover::kNone;
}

// D12-11: front two ranks of a line; a column's front rank; one face of a square.
int BattleED::eligible_figures(int unit) const {
  const Unit& u = force_.units[unit];
  return eligible_figures_in(u, u.formation);
}
int BattleED::eligible_figures_in(const Unit& u, std::string_view f) const {
  const int n = u.figures();
  if (opts_.all_figures_eligible || f == "skirmish"sv) return n;
  if (f == "square"sv) return std::max(1, n / 4);
  if (f == "march-column"sv) return std::min(n, 2);
  if (f == "wide-column"sv) return std::min(n, 8);
  if (f.find("column") != std::string_view::npos)
    return std::min(n, u.arm == Arm::kCavalry ? 2 : 4);
  return n;  // line, two-rank line: two ranks deep, all figures
}

// D12-10: one die per figure in base contact: the unit's front rank, along the part of its
// frontage that faces the enemy's (a narrower enemy touches fewer files).
int BattleED::contact_figures(int unit, int enemy) const {
  const Unit& u = force_.units[unit];
  const int n = u.figures();
  const std::string& f = u.formation;
  int front = (n + 1) / 2;  // line, two-rank line: two ranks (D12-11)
  if (f == "square"sv) front = n / 4;
  if (f == "skirmish"sv) front = n;
  if (f == "march-column"sv) front = std::min(n, 2);
  if (f == "wide-column"sv) front = std::min(n, 8);
  if (f == "column"sv || f == "closed-column"sv)
    front = std::min(n, u.arm == Arm::kCavalry ? 2 : 4);
  if (u.arm == Arm::kArtillery) front = n;
  const double mine = u.footprint().width;
  const double theirs = force_.units[enemy].footprint().width;
  const double share = mine > 0 ? std::min(1.0, theirs / mine) : 1.0;
  return std::max(1, static_cast<int>(front * share + 0.5));
}

std::string BattleED::fire_resolution(int unit, int target) const {
  return force_.units[unit].arm == Arm::kArtillery ? best_shot(unit, target) : "small-arms";
}

// D12-13: the gun class's solid-shot maximum range (an option per class).
double BattleED::max_range_in(int unit) const {
  if (force_.units[unit].arm == Arm::kArtillery) return facts_[unit].max_range_in;
  return gun_class_max_in(*this, facts_[unit].gun);
}

// A unit's small arm's row of fire.weapons (kept in its facts).
const TableRow& BattleED::weapon_row(int unit) const {
  const UnitFacts& f = facts_[unit];
  static const Table& kWeapons = elan_drill::table("fire.weapons");
  return f.weapon_row != nullptr ? *f.weapon_row : kWeapons.row(f.weapon);
}

// Without a row, the look-up by name reports the missing weapon or gun class.
int BattleED::weapon_close_in(int unit) const {
  const UnitFacts& f = facts_[unit];
  return f.weapon_row != nullptr ? f.weapon_close : weapon_row(unit).number("close");
}
int BattleED::weapon_long_in(int unit) const {
  const UnitFacts& f = facts_[unit];
  return f.weapon_row != nullptr ? f.weapon_long : weapon_row(unit).number("long");
}
int BattleED::canister_short_in(int unit) const {
  const UnitFacts& f = facts_[unit];
  return f.canister_row != nullptr ? f.canister_short : row("fire.canister", f.gun).number("short");
}
int BattleED::canister_long_in(int unit) const {
  const UnitFacts& f = facts_[unit];
  return f.canister_row != nullptr ? f.canister_long : row("fire.canister", f.gun).number("long");
}

bool BattleED::may_fire(int unit) const {
  const Unit& u = force_.units[unit];
  if (!active(unit)) return false;
  if (state_[unit].guns_left) return false;  // L123: the gunners have left their guns
  if (u.arm == Arm::kArtillery && u.formation != "unlimbered"sv) return false;
  if (u.arm != Arm::kArtillery && facts_[unit].unarmed) return false;
  return u.formation != "march-column"sv && u.formation != "limbered"sv;
}

bool BattleED::can_fire_at(int unit, int target) const {
  const Unit& u = force_.units[unit];
  const Unit& t = force_.units[target];
  if (!t.on_table() || t.side == u.side || !may_fire(unit)) return false;
  const double range = u.arm == Arm::kArtillery ? max_range_in(unit) : weapon_long_in(unit);
  return within_in(unit, target, range) && in_arc(unit, target);
}

bool BattleED::can_charge(int unit, int target) const {
  const Unit& u = force_.units[unit];
  const Unit& t = force_.units[target];
  if (!active(unit) || !t.on_table() || t.side == u.side || u.arm == Arm::kArtillery) return false;
  if (u.formation == "square"sv || u.formation == "skirmish"sv || u.formation == "march-column"sv) {
    return false;
  }
  // Formed infantry charge in column (L62 makes it the charging formation).
  if (u.arm == Arm::kFoot && u.formation.find("column") == std::string::npos) return false;
  return within_in(unit, target, charge_reach_in(unit)) && in_arc(unit, target);
}

// Exact odds are kept per thread (rules/odds_memo.h): the doctrine asks the same questions
// for every candidate action, every step and every battle of a run.
double BattleED::expected(const std::string& n, const std::map<std::string, Value>& given,
                          const std::string& field) {
  return memo_odds<double>(odds_key(n, "mean:" + field, given), [&] {
    // Small arms' hits, the doctrine's commonest question, come down to a pool (pool_odds.h).
    if (n == "small-arms"sv && field == "hits"sv)
      return success_mean(small_arms_pool(complete(n, given)));
    return outcome_mean(*ruleset().resolution(n), complete(n, given), field);
  });
}

double BattleED::probability(const std::string& n, const std::map<std::string, Value>& given,
                             const std::string& field, const Value& value) {
  // The asked value keyed as a parameter is, as they are, exact.
  return memo_odds<double>(odds_key(n, odds_key(field, "P", {{"value", value}}), given), [&] {
    return outcome_probability(*ruleset().resolution(n), complete(n, given), field, value);
  });
}

BattleED::FireGeometry BattleED::fire_geometry(int unit, int target) const {
  auto now = [&] { return FireGeometry{gap_in(unit, target), contact_friend(unit, target) >= 0}; };
  if (frozen_epoch_ == 0) return now();
  constexpr std::size_t kSlots = 512;
  if (fire_geometry_.empty()) fire_geometry_.resize(kSlots);
  const std::uint64_t h = static_cast<std::uint64_t>(unit) * 0x9E3779B97F4A7C15ull ^
                          static_cast<std::uint64_t>(target) * 0xC2B2AE3D27D4EB4Full;
  KeptFireGeometry& k = fire_geometry_[static_cast<std::size_t>(h >> 55) % kSlots];
  if (k.epoch == frozen_epoch_ && k.unit == unit && k.target == target) {
    if (check_nearest) {
      const FireGeometry fresh = now();
      if (fresh.range != k.geometry.range || fresh.friend_contact != k.geometry.friend_contact)
        throw std::logic_error(fmt::format("unit {}: fire at {} kept differs", unit, target));
    }
    return k.geometry;
  }
  k = KeptFireGeometry{frozen_epoch_, unit, target, now()};
  return k.geometry;
}

// The small arms of `unit` firing at `target`.
SmallArmsSituation BattleED::fire_situation(int unit, int target, bool reaction) const {
  const Unit& u = force_.units[unit];
  const UnitState& st = state_[unit];
  SmallArmsSituation s;
  const FireGeometry at = fire_geometry(unit, target);
  s.range = at.range;
  s.general = {fires_moving(unit), st.dms, reaction, at.friend_contact};  // L205, D12-25
  const std::string& weapon = facts_[unit].weapon;
  // D12-26: its first fire of the game, or (`target`) its first at this target.
  const bool fired = opts_.first_fire_per_target ? std::find(st.fired_at.begin(), st.fired_at.end(),
                                                             target) != st.fired_at.end()
                                                 : st.fired_ever;
  // Skirmishers fire in skirmish order; rifles always platoon (L141); formed infantry's
  // first fire is a battalion volley, later fire by platoons (interpretation, README).
  // The three rows found once (issue 9: by name at every fire the doctrine weighed).
  static const Row& kSkirmish = row("fire.fire_types", "skirmish");
  static const Row& kPlatoon = row("fire.fire_types", "platoon");
  static const Row& kVolley = row("fire.fire_types", "volley");
  const Row* fire = u.formation == "skirmish"sv    ? &kSkirmish
                    : weapon == "rifle"sv || fired ? &kPlatoon
                                                   : &kVolley;
  if (u.arm == Arm::kCavalry) fire = &kPlatoon;
  s.weapon = &weapon_row(unit);
  s.fire = fire;
  s.figures = std::clamp(eligible_figures(unit), 1, 60);
  s.skill = musketry(unit);
  s.mounted = u.arm == Arm::kCavalry;
  s.two_rank_line = u.formation == "two-rank-line"sv;
  s.first_fire = u.arm == Arm::kFoot && u.formation != "skirmish"sv && !fired;
  s.platoon_round_up = opts_.platoon_round_up;
  s.pistol_no_penalty = opts_.pistol_no_penalty;
  s.duplicates_twice = opts_.duplicates_twice;
  return s;
}

// The close action of `unit`'s blows on `target` (§9, D12-10), with the target's saves.
CloseActionSituation BattleED::close_situation(int unit, int target, bool charging) const {
  PairFacts f;
  f.on_enemy_flank = flank_or_rear(unit, target);
  f.unit_contact = contact_figures(unit, target);
  f.enemy_cover = cover(target);
  return close_situation(unit, target, charging, f);
}

CloseActionSituation BattleED::close_situation(int unit, int target, bool charging,
                                               const PairFacts& facts) const {
  const Unit& u = force_.units[unit];
  const Unit& t = force_.units[target];
  CloseActionSituation s;
  s.figures = std::clamp(facts.unit_contact, 1, 40);
  s.skill = musketry(unit);
  s.vs_broken = broken(target) && opts_.broken_contact_dice;
  s.flank_rear = facts.on_enemy_flank;  // L229, L254
  const Cover target_cover = facts.enemy_cover;
  s.obstacle_or_bua = target_cover == Cover::kHard;
  s.cavalry_vs_square = u.arm == Arm::kCavalry && t.formation == "square"sv;
  s.dms = std::min(state_[unit].dms, 12);
  s.two_rank_line = u.formation == "two-rank-line"sv;
  s.skirmish = u.formation == "skirmish"sv;
  s.march_column = u.formation == "march-column"sv;
  s.non_charging_cavalry = u.arm == Arm::kCavalry && !charging;
  static const Table& kExperience = elan_drill::table("close_saves.experience");
  s.target.experience = &kExperience.row(experience(target));
  s.target.dms = std::min(state_[target].dms, 12);
  s.target.cover = target_cover;
  s.target.capped = opts_.save_caps;
  s.target.special = opts_.special_leader_or_dm;
  return s;
}

}  // namespace smoothbore::elan_drill
