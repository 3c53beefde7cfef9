// Options, geometry (gaps, arcs H4-06, terrain types H4-04), unit facts (L30-L91) and the
// bridge from a battle situation to the published resolutions: the battle rolls the same
// `shooting`, `melee`, `morale`, `infantry-charge` and `order-change` that `smoothbore odds`
// enumerates.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

#include "core/geometry/rect_points.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/odds_memo.h"

namespace smoothbore::group_orders {

namespace {

Params complete(const std::string& name, const std::map<std::string, Value>& given) {
  return ruleset().battle_params(name, given);
}

Value whole(int n) { return Value(std::int64_t{n}); }

}  // namespace

const std::string& BattleGO::option(const std::string& n) const {
  return scenario_.options.get_string(n);
}
double BattleGO::option_number(const std::string& n) const {
  return as_number(scenario_.options.values().at(n));
}
bool BattleGO::option_on(const std::string& n) const { return scenario_.options.get_bool(n); }

// Measured to the millimetre (so a unit halted at 10 cm is at 10 cm).
double BattleGO::gap_cm(int a, int b) const { return std::round(gap_mm(a, b)) / kCm; }

// L30-L85 movement; L87: all infantry moves 24 cm in column on Reserve.
double BattleGO::max_speed_cm(int unit) const {
  const Unit& u = force_.units[unit];
  double cm = movement_cm_[static_cast<std::size_t>(unit)];
  if (u.arm == Arm::kFoot && formation(unit) != FormationId::kLine &&
      formation(unit) != FormationId::kSquare && orders_id(unit) == OrdersId::kReserve) {
    static const double column_on_reserve_cm =
        static_cast<double>(row("units.movement", "column-on-reserve").number("cm"));
    cm = std::max(cm, column_on_reserve_cm);
  }
  return cm;
}

// H4-04 (proposed): open, roads and hills are type 0; rough ground and streams type 1
// (broken); light woods, enclosures, buildings and works type 2; heavy woods and marsh 3.
int terrain_type_at(const TerrainAt& at) {
  int type = 0;
  for (TerrainClass c : at.classes) {
    switch (c) {
      case TerrainClass::kRough:
      case TerrainClass::kStream:
        type = std::max(type, 1);
        break;
      case TerrainClass::kLightWoods:
      case TerrainClass::kBuilding:
      case TerrainClass::kLinearObstacle:
      case TerrainClass::kEarthworks:
      case TerrainClass::kProtective:
        type = std::max(type, 2);
        break;
      case TerrainClass::kHeavyWoods:
      case TerrainClass::kMarsh:
        type = 3;
        break;
      default:
        break;
    }
  }
  return type;
}

int BattleGO::terrain_type(Vec2 p) const { return terrain_type_at(scenario_.table.terrain_at(p)); }

// The speed factor (quarters, units.terrain) of `unit` in a terrain type: Massed infantry,
// Massed cavalry, Lights or artillery (H4-04); option halve-all: every type 1-3 halves.
double BattleGO::terrain_factor(int unit, int type) const {
  if (type == 0) return 1.0;
  if (step_options_.terrain_halve_all) return 0.5;
  const Row& r = row("units.terrain", std::to_string(type));
  const Unit& u = force_.units[unit];
  const char* col = u.arm == Arm::kArtillery ? "artillery"
                    : light(unit)            ? "lights"
                    : u.arm == Arm::kCavalry ? "massed_cavalry"
                                             : "massed_infantry";
  return r.number(col) / 4.0;
}

// H4-04: soft cover = type 1-2 woods, hedges, crops; hard = buildings, walls, earthworks.
std::string BattleGO::cover_of(int unit) const { return std::string(ground(unit).cover.text); }

// The terrain never changes, so the answers stand until the unit's footprint does (the AI
// asks about the same units again and again between moves).
const BattleGO::Ground& BattleGO::ground(int unit) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (ground_.size() <= k) ground_.resize(k + 1);
  Ground& g = ground_[k];
  const Rect& fp = frame(unit).rect;  // the footprint, kept by placed()
  if (g.valid && g.rect.centre == fp.centre && g.rect.facing == fp.facing &&
      g.rect.width == fp.width && g.rect.depth == fp.depth) {
    return g;
  }
  g.valid = true;
  g.rect = fp;
  // No terrain feature's box near the footprint's (its bounds grown by a millimetre, which
  // hold its nine points however they round): open ground at every point, and none of the
  // nine lookups (issue 9: most units stand in the open most of the time).
  const Box near = grown(filed_box(unit), 1.0);
  if (scenario_.table.areas_near(near).empty() && scenario_.table.linears_near(near).empty()) {
    g.building = false;
    g.cover = known_texts().none;
    return g;
  }
  // Table::any_in of each class asked, from one pass over its nine points.
  std::array<bool, static_cast<std::size_t>(TerrainClass::kProtective) + 1> any{};
  for (Vec2 p : nine_points(fp)) {
    const TerrainAt at = scenario_.table.terrain_at(p);
    for (TerrainClass c : at.classes) {
      any[static_cast<std::size_t>(c)] = true;
    }
  }
  auto in = [&](TerrainClass c) { return any[static_cast<std::size_t>(c)]; };
  g.building = in(TerrainClass::kBuilding);
  const KnownTexts& known = known_texts();
  if (g.building || in(TerrainClass::kEarthworks) || in(TerrainClass::kProtective)) {
    g.cover = known.hard;
  } else if (in(TerrainClass::kLightWoods) || in(TerrainClass::kLinearObstacle) ||
             in(TerrainClass::kRough)) {
    g.cover = known.soft;
  } else {
    g.cover = known.none;
  }
  return g;
}

// H4-06: the target within the 45° arc from the front corners and in range, sight not
// blocked by terrain 2-3 (beyond 2 cm into it) or by other units; artillery only on Stand
// (L22), Reserve artillery not at all (L20), routers never.
bool BattleGO::can_shoot_at(int unit, int target) const {
  return can_shoot_at(unit, target, orders_id(unit));
}

bool BattleGO::can_shoot_at(int unit, int target, OrdersId orders) const {
  const Unit& u = force_.units[unit];
  const Unit& t = force_.units[target];
  if (!active(unit) || !t.on_table() || t.side == u.side) return false;
  if (orders == OrdersId::kRout || state_[unit].in_melee) return false;
  if (u.arm == Arm::kArtillery && orders != OrdersId::kStand) return false;
  const Weapon& weapon = weapon_of_unit(unit);
  if (weapon.none) return false;
  // Beyond the longest range by the centres alone: out, without the full distance (issue 9;
  // surely_farther by over 1 mm, so gap_cm, rounded to the mm, exceeds every band).
  const Ranges& ranges = weapon.ranges;
  const double reach_cm = std::max({ranges.short_cm, ranges.long_cm, ranges.extreme_cm});
  if (surely_farther(frame(unit), frame(target), reach_cm * kCm)) return false;
  const double gap = gap_cm(unit, target);
  if (range_band(weapon.ranges, gap) == RangeBand::kOut) return false;
  if (gap < 0.05) return false;  // in contact: melee, not shooting
  const ShotRules& rules = shot_rules();
  // The kept frames are the footprints' (placed()), so no sine or cosine is worked out.
  const RectFrame& uf = frame(unit);
  const RectFrame& tf = frame(target);
  const Vec2 a = uf.front_centre(), b = tf.rect.centre;
  // The arc and the terrain's sight depend on the two footprints alone: kept per pair until
  // either is placed again (arc_sight_; 0 out of the arc, 1 sight blocked, 2 clear).
  const double arc_sight = arc_sight_.get(unit, target, [&] {
    if (!in_arc(uf, tf, rules.arc_deg)) return 0.0;
    return scenario_.table.terrain_blocks_sight(a, b, rules.sight_into_mm) ? 1.0 : 2.0;
  });
  if (arc_sight != 2.0) return false;
  // A blocker's centre lies within half its least side of the line, so the box around its
  // centre of that half-size (inside its bounds) meets the line's box.
  const Box line{{std::min(a.x, b.x), std::min(a.y, b.y)},
                 {std::max(a.x, b.x), std::max(a.y, b.y)}};
  std::vector<int>& ids = shot_ids_;
  near(grown(line, 1.0), ids);
  for (int o : ids) {
    if (o == unit || o == target || !force_.units[o].on_table()) continue;
    const Rect& r = frame(o).rect;  // the footprint, kept by placed()
    if (point_segment_distance(r.centre, Segment{a, b}) < std::min(r.width, r.depth) / 2) {
      return false;
    }
  }
  return true;
}

const BattleGO::ShotRules& BattleGO::shot_rules() const {
  if (!shot_rules_) {
    ShotRules r;
    r.range_options = {option_on("h4_musket_extreme20"), option_on("h4_li_no_short"),
                       option_on("h4_bow_long5")};
    r.arc_deg = option_number("h4_06_arc");
    r.sight_into_mm = option_number("h4_06_sight_into_terrain") * kCm;
    r.first_shot_rule = option("h4_21_first_shot");
    r.first_of_game = r.first_shot_rule == "first-of-game";
    r.note_reconstructed = option_on("h4_24_note_reconstructed");
    r.hard_cover_small_arms = static_cast<int>(option_number("h4_05_hard_cover_small_arms"));
    r.soft_cover_artillery = static_cast<int>(option_number("h4_05_soft_cover_artillery"));
    r.hard_cover_heavy_artillery =
        static_cast<int>(option_number("h4_05_hard_cover_heavy_artillery"));
    r.spear_short_bonus = option_on("h4_20_spear_short_bonus");
    r.artillery_close_cm = artillery_close_cm();
    r.params = {
        {"hard-cover-small-arms", whole(r.hard_cover_small_arms)},
        {"soft-cover-artillery", whole(r.soft_cover_artillery)},
        {"hard-cover-heavy-artillery", whole(r.hard_cover_heavy_artillery)},
        {"musket-extreme20", Value(r.range_options.musket_extreme20)},
        {"li-no-short", Value(r.range_options.li_no_short)},
        {"bow-long5", Value(r.range_options.bow_long5)},
        {"spear-short-bonus", Value(r.spear_short_bonus)},
        {"first-shot-rule", text(r.first_shot_rule)},
        {"note-reconstructed", Value(r.note_reconstructed)},
    };
    r.key = odds_key("", "", r.params);
    r.key_id = text_id(r.key);
    shot_rules_ = std::move(r);
  }
  return *shot_rules_;
}

const BattleGO::Weapon& BattleGO::weapon_of_unit(int unit) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (weapons_.size() <= k) weapons_.resize(k + 1, nullptr);
  const Weapon*& kept = weapons_[k];
  if (kept != nullptr) return *kept;
  // Every unit of the same type and weapon attribute has the same answer, worked out once
  // (issue 9: a large battle's first shooting phase worked out every unit's).
  const Traits& t = traits(unit);
  for (const WeaponKind& kind : weapon_kinds_) {
    if (kind.type == t.type_id && kind.weapon == t.weapon_id) {
      kept = &kind.answer;
      return *kept;
    }
  }
  Weapon w;
  w.name = weapon_of(force_.units[k].type, t.weapon);
  w.none = w.name == "none";
  if (!w.none) w.ranges = weapon_ranges(w.name, shot_rules().range_options);
  weapon_kinds_.push_back({t.type_id, t.weapon_id, std::move(w)});
  kept = &weapon_kinds_.back().answer;
  return *kept;
}

// H4-06: the stands whose front faces the target; in line all, in column the front files.
int BattleGO::shooting_stands(int unit, int target) const {
  (void)target;
  const int n = stands(unit);
  const FormationId f = formation(unit);
  if (f == FormationId::kColumn) return std::min(n, 2);
  if (f == FormationId::kColumnDeep || f == FormationId::kSquare) return 1;
  return n;
}

double BattleGO::leader_cm(int leader, int group) const {
  if (leader < 0 || !force_.leaders[leader].alive) return -1;
  double best = -1;
  for (int u : groups_[group].units) {
    if (!force_.units[u].on_table()) continue;
    // The kept frame: as distance(footprint, position), bit for bit, with no sine or cosine.
    const double d = distance(frame(u), force_.leaders[leader].position) / kCm;
    if (best < 0 || d < best) best = d;
  }
  return best;
}

double BattleGO::general_cm(int group) const {
  const double g = leader_cm(groups_[group].leader, group);
  const double c = c_in_c_cm(group);
  if (g < 0) return c;
  return c < 0 ? g : std::min(g, c);
}

// The C-in-C: a leader of the side with no command (H4-02, H4-17).
// The first such leader of the side, found once (battle.cc): a leader's side and command
// never change.
double BattleGO::c_in_c_cm(int group) const {
  const std::size_t side = static_cast<std::size_t>(groups_[group].side);
  if (side >= c_in_c_.size() || c_in_c_[side] < 0) return -1;
  return leader_cm(c_in_c_[side], group);
}

BattleGO::ShootingFacts BattleGO::shooting_facts(int unit, int target) const {
  const Unit& t = force_.units[target];
  const UnitState& s = state_[unit];
  const KnownTexts& known = known_texts();
  ShootingFacts f;
  f.shooter = traits(unit).type_id;
  f.weapon = traits(unit).weapon_id;
  const FormationId tf = formation(target);
  if (tf == FormationId::kSquare) {
    f.target_formation = known.square;
  } else if (tf == FormationId::kColumn || tf == FormationId::kColumnDeep ||
             tf == FormationId::kLimbered) {
    f.target_formation = known.column;
  }
  const bool first = shot_rules().first_of_game;
  f.stands = std::clamp(shooting_stands(unit, target), 1, 12);
  f.range_cm = std::min(gap_cm(unit, target), 100.0);
  f.orders = known.orders[static_cast<std::size_t>(orders_id(unit))];
  f.moved = s.moved_cm > 0.01;
  f.poor_shots = traits(unit).poor_shots;
  f.disordered = s.disorganised;
  f.first_shot = first && !s.fired_ever && massed(unit);
  f.target_cover = ground(target).cover;
  f.target_light_infantry = light(target) && t.arm == Arm::kFoot;
  return f;
}

std::map<std::string, Value> BattleGO::shooting_params(int unit, int target) const {
  return shooting_params(shooting_facts(unit, target));
}

std::map<std::string, Value> BattleGO::shooting_params(const ShootingFacts& f) const {
  std::map<std::string, Value> p = shot_rules().params;
  p.insert({{"shooter", text(std::string(f.shooter.text))},
            {"weapon", text(std::string(f.weapon.text))},
            {"stands", whole(f.stands)},
            {"range", Value(f.range_cm)},
            {"orders", text(std::string(f.orders.text))},
            {"moved", Value(f.moved)},
            {"poor-shots", Value(f.poor_shots)},
            {"disordered", Value(f.disordered)},
            {"first-shot", Value(f.first_shot)},
            {"target-cover", text(std::string(f.target_cover.text))},
            {"target-light-infantry", Value(f.target_light_infantry)},
            {"target-formation", text(std::string(f.target_formation.text))}});
  return p;
}

ShootingSituation BattleGO::shooting_situation(const ShootingFacts& f) const {
  const ShotRules& rules = shot_rules();
  ShootingSituation s;
  s.shooter = f.shooter.text;
  s.weapon = f.weapon.text;
  s.stands = f.stands;
  s.range_cm = f.range_cm;
  s.orders = f.orders.text;
  s.moved = f.moved;
  s.poor_shots = f.poor_shots;
  s.disordered = f.disordered;
  s.first_shot = f.first_shot;
  s.target_cover = f.target_cover.text;
  s.target_light_infantry = f.target_light_infantry;
  s.target_formation = f.target_formation.text;
  s.ranges = rules.range_options;
  s.hard_cover_small_arms = rules.hard_cover_small_arms;
  s.soft_cover_artillery = rules.soft_cover_artillery;
  s.hard_cover_heavy_artillery = rules.hard_cover_heavy_artillery;
  s.spear_short_bonus = rules.spear_short_bonus;
  s.first_shot_bonus = rules.first_of_game;
  return s;
}

BattleGO::MeleeFacts BattleGO::melee_facts(int unit, int enemy) const {
  const UnitState& s = state_[unit];
  // The kept frames (placed()) are the footprints: no sine or cosine worked out.
  const RectFrame &mine = frame(unit), &theirs = frame(enemy);
  const Rect &us = mine.rect, &them = theirs.rect;
  const KnownTexts& known = known_texts();
  MeleeFacts f;
  f.unit_type = traits(unit).type_id;
  f.enemy_type = traits(enemy).type_id;
  // Stands in contact: the frontage touching the enemy, in stands (4 cm each, §1).
  const double touching = std::min(us.width, them.width);
  f.contact =
      std::clamp(static_cast<int>(std::lround(touching / 40.0)), 1, std::min(8, stands(unit)));
  f.flank_rear = zone_of(theirs, mine.front_centre()) != Zone::kFront;
  f.flanked = zone_of(mine, theirs.front_centre()) != Zone::kFront;
  overlappers(unit, enemy, overlap_out_);
  f.overlap = !overlap_out_.empty();
  const FormationId uf = formation(unit);
  f.formation = uf == FormationId::kSquare ? known.square : known.line;
  // H4-18, L148: a column is "3+ deep" (the resolution's column-deep) when its files are at
  // least h4_18_deep_column stands deep: a 2-wide column of n stands is ceil(n / 2) deep, a
  // 1-wide column n deep.
  if (uf == FormationId::kColumn || uf == FormationId::kColumnDeep) {
    const int deep = uf == FormationId::kColumn ? (stands(unit) + 1) / 2 : stands(unit);
    f.formation = deep >= step_options_.deep_column ? known.column_deep : known.column;
  }
  f.orders = known.orders[static_cast<std::size_t>(orders_id(unit))];
  f.enemy_routing = routing(enemy);
  f.high_morale = traits(unit).high_morale;
  f.poor_morale = traits(unit).poor_morale;
  const Ground& eg = ground(enemy);  // read once: its building and its cover
  const bool enemy_building = eg.building;
  const bool enemy_hard_cover = eg.cover == known.hard;
  f.enemy_square_or_buildings = formation(enemy) == FormationId::kSquare || enemy_building;
  f.disorganised = s.disorganised;
  f.terrain = terrain_type(us.centre);
  f.enemy_defended = enemy_hard_cover || uphill_of(enemy, unit);
  f.charged = s.charged;
  return f;
}

std::map<std::string, Value> BattleGO::melee_params(int unit, int enemy) const {
  return melee_params(melee_facts(unit, enemy));
}

std::map<std::string, Value> BattleGO::melee_params(const MeleeFacts& f) {
  return {
      {"unit-type", text(std::string(f.unit_type.text))},
      {"enemy-type", text(std::string(f.enemy_type.text))},
      {"stands-in-contact", whole(f.contact)},
      {"orders", text(std::string(f.orders.text))},
      {"enemy-routing", Value(f.enemy_routing)},
      {"high-morale", Value(f.high_morale)},
      {"poor-morale", Value(f.poor_morale)},
      {"attacking-flank-rear", Value(f.flank_rear)},
      {"flanked", Value(f.flanked)},
      {"formation", text(std::string(f.formation.text))},
      {"overlap", Value(f.overlap)},
      {"enemy-in-square-or-buildings", Value(f.enemy_square_or_buildings)},
      {"disorganised", Value(f.disorganised)},
      {"terrain", whole(f.terrain)},
      {"enemy-defended", Value(f.enemy_defended)},
      {"charged", Value(f.charged)},
  };
}

// The unit's weapon and its ranges are kept (weapon_of_unit): the same as weapon_of and
// weapon_ranges of the facts' shooter and weapon.
int BattleGO::shot_range_class(int unit, const ShootingFacts& f) const {
  const Weapon& weapon = weapon_of_unit(unit);
  return weapon.none
             ? -1
             : shooting_range_class(weapon.ranges, shot_rules().artillery_close_cm, f.range_cm);
}

std::string_view BattleGO::roll_shot_quietly(int unit, const ShootingFacts& f) {
  const ShotModifierTotal m =
      kept_shot_modifiers(f, shot_range_class(unit, f), shot_rules().key_id, [&] {
        const ShootingModifiers sm = shooting_modifiers(shooting_situation(f), false);
        return ShotModifierTotal{sm.may_shoot, sm.modifiers.total()};
      });
  // As roll_shooting with no record: no die when it may not shoot.
  if (!m.may_shoot) return "none";
  const int face = dice_.roll(kD6);
  return shooting_result(face + m.total).key;
}

MeleeSituation BattleGO::melee_situation(const MeleeFacts& f) {
  MeleeSituation s;
  s.unit_type = f.unit_type.text;
  s.enemy_type = f.enemy_type.text;
  s.stands_in_contact = f.contact;
  s.orders = f.orders.text;
  s.enemy_routing = f.enemy_routing;
  s.high_morale = f.high_morale;
  s.poor_morale = f.poor_morale;
  s.attacking_flank_rear = f.flank_rear;
  s.flanked = f.flanked;
  s.formation = f.formation.text;
  s.overlap = f.overlap;
  s.enemy_in_square_or_buildings = f.enemy_square_or_buildings;
  s.disorganised = f.disorganised;
  s.terrain = f.terrain;
  s.enemy_defended = f.enemy_defended;
  s.charged = f.charged;
  return s;
}

MoraleSituation BattleGO::morale_situation(int group, const std::string& test, int unit) const {
  MoraleSituation s = morale_situation_no_general(group, test, unit);
  s.general_cm = std::min(general_cm(group), 200.0);
  return s;
}

MoraleSituation BattleGO::morale_situation_no_general(int group, std::string_view test,
                                                      int unit) const {
  const GroupState& g = groups_[group];
  const Unit& u = force_.units[unit];
  const int pct = g.start_stands > 0 ? 100 * g.killed / g.start_stands : 0;
  int left = 0, start = 0;
  bool disordered = false, high = false, poor = false;
  for (int i : g.units) {
    start += force_.units[i].start_figures;
    if (force_.units[i].on_table()) left += stands(i);
    disordered = disordered || (force_.units[i].on_table() && state_[i].disorganised);
  }
  high = traits(unit).high_morale;
  poor = traits(unit).poor_morale;
  const bool militia_open = u.type == "militia" && terrain_type(frame(unit).rect.centre) == 0;
  MoraleSituation s;
  s.unit_class = light(unit) ? "light" : "massed";
  s.test = test;
  s.orders = test == "rally" ? std::string_view("rout")
                             : std::string_view(orders_of(unit));  // as morale_situation(params)
  s.artillery = u.arm == Arm::kArtillery;
  s.high_morale = high;
  s.uphill_or_cover = (u.arm == Arm::kFoot && ground(unit).cover != known_texts().none) ||
                      uphill_of_all_enemy(unit);
  s.melees_won = std::min(g.melees_won, 4);
  s.artillery_fire = g.under_artillery_short;
  s.losses_percent = std::clamp(pct, 0, 100);
  s.disordered = disordered;
  s.poor_or_militia_open = poor || militia_open;
  s.melees_lost = std::min(g.melees_lost, 4);
  s.half_strength = 2 * left <= start;
  s.split_b = step_options_.split_b;
  s.general_range = step_options_.general_range;
  s.losses = step_options_.losses;
  return s;
}

std::map<std::string, Value> BattleGO::morale_params(const MoraleSituation& s) {
  return {
      {"class", text(s.unit_class)},
      {"test", text(s.test)},
      {"orders", text(s.orders)},
      {"artillery", Value(s.artillery)},
      {"won-casualties", Value(s.won_casualties)},
      {"lights-charging-lights", Value(s.lights_charging_lights)},
      {"general-distance", Value(s.general_cm)},
      {"high-morale", Value(s.high_morale)},
      {"uphill-or-cover", Value(s.uphill_or_cover)},
      {"melees-won", whole(s.melees_won)},
      {"artillery-fire", Value(s.artillery_fire)},
      {"losses-percent", whole(s.losses_percent)},
      {"disordered", Value(s.disordered)},
      {"poor-or-militia-open", Value(s.poor_or_militia_open)},
      {"higher-factor-charge", Value(s.higher_factor_charge)},
      {"charged-by-cavalry-open", Value(s.charged_by_cavalry_open)},
      {"charged-flank-rear", Value(s.charged_flank_rear)},
      {"melees-lost", whole(s.melees_lost)},
      {"half-strength", Value(s.half_strength)},
      {"split-b", Value(s.split_b)},
      {"general-range", text(s.general_range)},
      {"losses", text(s.losses)},
  };
}

std::map<std::string, Value> BattleGO::morale_params(int group, const std::string& test,
                                                     int unit) const {
  return morale_params(morale_situation(group, test, unit));
}

// H4-02: the Retreat test's modifiers are the Group's morale modifiers (a general test,
// L169-L194) but the General's +1, which the order-change resolution rolls (H4-16).
int BattleGO::order_change_modifier(int group, int unit) const {
  // No General's distance: the order change works it out itself (issue 9).
  return morale_modifiers(morale_situation_no_general(group, "general", unit), 0, false).total();
}

Outcome BattleGO::resolve(const std::string& n, const std::map<std::string, Value>& given,
                          std::vector<RollRecord>* rolls) {
  return ruleset().resolution(n)->resolve(complete(n, given), dice_, rolls);
}

std::vector<OutcomeProbability> BattleGO::distribution(const std::string& n,
                                                       const std::map<std::string, Value>& given) {
  return exact_distribution(*ruleset().resolution(n), complete(n, given));
}

double BattleGO::probability(const std::string& n, const std::map<std::string, Value>& given,
                             const std::string& field, const std::string& value) {
  return memo_odds<double>(odds_key(n, field + "=" + value, given), [&] {
    double sum = 0;
    for (const OutcomeProbability& op : distribution(n, given)) {
      for (const auto& [k, v] : op.outcome) {
        if (k == field && to_string(v) == value) sum += op.probability;
      }
    }
    return sum;
  });
}

int BattleGO::kills_of(std::string_view result) {
  if (result.starts_with("kill-")) return result.back() - '0';
  return 0;
}

}  // namespace smoothbore::group_orders
