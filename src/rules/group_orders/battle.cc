#include "rules/group_orders/battle.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<BattleGO>(scenario, seed, stream);
}

// Groups are the scenario's commands with their leaders as Generals (H4-17); a unit outside
// any command is a Group of its own with no General. A Group's starting orders are the
// `orders` attribute of its first unit (default Reserve).
BattleGO::BattleGO(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
    : scenario_(scenario), force_(std::move(scenario_.force)), rng_(seed, stream), dice_(rng_) {
  // Issue 9: one copy of the units, the battle's own (force_); scenario_ keeps the sides,
  // commands and leaders as the file gave them, but no units (as elan-drill's battle).
  scenario_.force = Force{force_.sides, force_.commands, {}, force_.leaders};
  StepOptions& o = step_options_;
  o.reserve_zone = option_number("h4_26_reserve_zone");
  o.square_any_orders = option("h4_18_square") == "any-orders";
  o.square_stand_orders = option("h4_18_square") == "stand-orders";
  o.incline_cost = option_number("h4_19_incline_cost");
  o.wheel_cost = option_number("h4_19_wheel_cost");
  o.general_in = option_number("h4_02_general_in");
  o.c_in_c_in = option_number("h4_02_c_in_c_in");
  o.retreat_test = option_number("h4_02_retreat_test");
  o.general_range = option("h4_16_general_range");
  o.losses = option("h4_12_losses");
  o.split_b = option_on("h4_morale_split_b");
  o.general_move = option_number("h4_17_general_move");
  o.missile_halt_and_stand = option("h4_25_missile_halt") == "halt-and-stand";
  o.terrain_halve_all = option("h4_04_terrain") == "halve-all";
  o.uphill_any_part = option("h4_27_uphill") == "any-part-higher";
  o.overlap_level_side = option("h4_11_overlap") == "level-side-contact";
  o.deep_column = static_cast<int>(option_number("h4_18_deep_column"));
  o.simultaneous = option("h4_01_sequence") == "simultaneous";
  o.morale_after_shooting = option_on("h4_01_morale_after_shooting");
  o.rout_rate = option_number("h4_03_rout_rate");
  o.routed_artillery_removed = option("h4_03_routed_artillery") == "removed";
  o.disorder_never = option("h4_07_disorder_clears") == "never";
  o.disorder_rested_turn = option("h4_07_disorder_clears") == "rested-turn";
  o.charger_conforms = option("h4_08_charger_conforms") == "conforms";
  o.charged_test_on_contact = option("h4_09_charged_test") == "on-contact";
  o.melee_results_simultaneous = option("h4_10_results") == "simultaneous";
  o.artillery_killed_group = option("h4_13_artillery_killed") == "group";
  o.fall_back_enemy_destroys = option("h4_14_fall_back_blocked") == "enemy-destroys";
  o.test_per_unit = option("h4_15_test_scope") == "unit";
  o.general_contacted_removed = option("h4_17_general_contacted") == "removed";
  o.light_second_die = option("h4_22_light_split") == "second-die";
  for (const Command& c : force_.commands) {
    GroupState g;
    g.name = c.name.empty() ? c.id : c.name;
    g.side = c.side;
    g.leader = c.leader;
    groups_.push_back(g);
  }
  state_.resize(force_.units.size());
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const Unit& u = force_.units[i];
    int g = u.command;
    if (g < 0) {
      GroupState own;
      own.name = u.name.empty() ? u.id : u.name;
      own.side = u.side;
      g = static_cast<int>(groups_.size());
      groups_.push_back(own);
    }
    state_[i].group = g;
    state_[i].formation = formation_id(u.formation);
    GroupState& gs = groups_[g];
    if (gs.units.empty()) gs.orders = orders_named(u.attribute_string("orders", "reserve"));
    gs.units.push_back(static_cast<int>(i));
    gs.start_stands += u.start_figures;
  }
  scanned_ = force_.units.size() <= kScannedUnits;
  reserve_indexes();
  light_.resize(force_.units.size());
  traits_.resize(force_.units.size());
  movement_cm_.resize(force_.units.size());
  drills_.resize(force_.units.size());
  std::vector<Drill> drill_rows;  // the drill classes met, each once
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const Unit& u = force_.units[i];
    const std::string cls = u.attribute_string("class", "as-type");
    light_[i] = cls == "as-type" ? is_light(u.type) : cls == "light";
    Traits& t = traits_[i];
    t.weapon = u.attribute_string("weapon", "as-type");
    t.weapon_id = text_id(t.weapon);
    t.type_id = text_id(u.type);
    t.type_info = ruleset().unit_type(u.type);
    t.poor_shots = u.attribute_string("poor-shots", "false") == "true";
    const std::string morale = u.attribute_string("morale", "normal");
    t.high_morale = morale == "high";
    t.poor_morale = morale == "poor";
    const Row& drill = drill_class(u.type, u.attribute_string("drill", "normal"));
    t.formation_change = drill.text("formation_change");
    // drill_of's answer, from the row just found and its numbers read once a row (issue 9: a
    // move's first drill_of looked the row up again).
    auto known = std::find_if(drill_rows.begin(), drill_rows.end(),
                              [&](const Drill& d) { return d.row == &drill; });
    if (known == drill_rows.end()) {
      drill_rows.push_back({&drill, drill.number("incline"), drill.number("wheel")});
      known = drill_rows.end() - 1;
    }
    drills_[i] = *known;
    t.change_and_move = t.formation_change == "any-and-move";
    t.column_to_flank = t.formation_change.rfind("column-to-flank", 0) == 0;
    movement_cm_[i] = unit_type(u.type).number("movement");
    placed(static_cast<int>(i));
  }
  c_in_c_.assign(force_.sides.size(), -1);
  for (std::size_t l = force_.leaders.size(); l-- > 0;) {  // the first of each side wins
    const Leader& ld = force_.leaders[l];
    if (ld.command < 0 && ld.side >= 0 && static_cast<std::size_t>(ld.side) < c_in_c_.size()) {
      c_in_c_[static_cast<std::size_t>(ld.side)] = static_cast<int>(l);
    }
  }
  actions_.resize(force_.units.size());
  settled_.assign(groups_.size(), false);
}

std::string BattleGO::name(int unit) const { return unit_label(force_, unit); }

Event BattleGO::make_event(EventKind kind, int unit, std::string text) const {
  Event e = unit_event(force_, kind, turn_, unit, std::move(text));
  e.phase = phase_;
  return e;
}

bool BattleGO::carries_group_orders(int unit) const {
  for (int u : groups_[state_[unit].group].units) {
    if (active(u)) return u == unit;
  }
  return false;
}

// Group by Group, the unit carrying the General's choice first (H4-02, README "AI").
std::vector<int> BattleGO::units_to_order(int side) const {
  std::vector<int> out;
  for (const GroupState& g : groups_) {
    if (g.side != side) continue;
    for (int u : g.units) {
      if (active(u)) out.push_back(u);
    }
  }
  return out;
}

// H4-23: stands killed or in Rout over the side's starting stands; an army whose C-in-C is
// removed breaks once it has lost the C-in-C fraction (reported as fully broken).
double BattleGO::broken_fraction(int side) const {
  int start = 0, gone = 0;
  for (const Unit& u : force_.units) {
    if (u.side != side) continue;
    start += u.start_figures;
    gone += u.status == UnitStatus::kActive ? u.start_figures - u.figures() : u.start_figures;
  }
  const double f = start > 0 ? static_cast<double>(gone) / start : 0.0;
  for (const Leader& l : force_.leaders) {
    if (l.side == side && l.command < 0 && !l.alive &&
        loss_fraction(side) >= option_number("h4_23_c_in_c_break_fraction")) {
      return 1.0;
    }
  }
  return f;
}

double BattleGO::loss_fraction(int side) const { return figures_lost_fraction(force_, side); }

std::vector<std::string> BattleGO::invariant_violations() const {
  std::vector<std::string> out;
  const auto& units = force_.units;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    const int ui = static_cast<int>(i);
    if (u.figures() < 0) out.push_back(u.id + ": negative stands");
    if (u.figures() > u.start_figures) out.push_back(u.id + ": more stands than at the start");
    const std::string& o = orders_of(ui);
    if (routing(ui) != (orders_id(ui) == OrdersId::kRout) && u.on_table()) {
      out.push_back(
          fmt::format("{}: status {} but orders {}", u.id, unit_status_name(u.status), o));
    }
    if (!u.on_table()) continue;
    if (u.figures() <= 0) out.push_back(u.id + ": on the table with no stands");
    if (!scenario_.table.contains(u.footprint())) out.push_back(u.id + ": off the table");
    if (state_[ui].formation != formation_id(u.formation)) {
      out.push_back(u.id + ": formation id does not match " + u.formation);
    }
    if (u.formation == "square" && (light(ui) || u.arm != Arm::kFoot)) {
      out.push_back(u.id + ": square but not Massed infantry (H4-18)");
    }
    for (int j : near(u.footprint().bounds())) {  // overlapping footprints have meeting boxes
      if (j <= ui || !units[j].on_table()) continue;
      if (overlaps(u.footprint(), units[j].footprint(), 0.5)) {
        out.push_back(fmt::format("{} overlaps {}", u.id, units[j].id));
      }
    }
  }
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Box b = units[i].footprint().bounds();
    const Box& filed = index_box_[i];
    if (b.min.x != filed.min.x || b.min.y != filed.min.y || b.max.x != filed.max.x ||
        b.max.y != filed.max.y) {
      out.push_back(units[i].id + ": footprint differs from the spatial index's");
    }
    if (!scanned_ && units[i].on_table()) {
      const Box& e = side_extent_[static_cast<std::size_t>(units[i].side)];
      if (filed.min.x < e.min.x || filed.min.y < e.min.y || filed.max.x > e.max.x ||
          filed.max.y > e.max.y) {
        out.push_back(units[i].id + ": filed box outside its side's extent");
      }
    }
    const Rect f = units[i].footprint();
    const Rect& kept = frame_[i].rect;
    if (f.centre != kept.centre || f.facing != kept.facing || f.width != kept.width ||
        f.depth != kept.depth) {
      out.push_back(units[i].id + ": footprint differs from its kept frame");
    }
  }
  for (const GroupState& g : groups_) {
    if (g.killed < 0 || g.killed > g.start_stands) out.push_back(g.name + ": bad losses count");
  }
  return out;
}

Battle::UnitReport BattleGO::unit_report(int unit) const {
  UnitReport r;
  const UnitState& s = state_[unit];
  const Unit& u = force_.units[unit];
  if (routing(unit)) r.flags.emplace_back("routed");
  if (u.on_table() && s.disorganised) r.flags.emplace_back("disordered");  // H4-07
  if (s.in_melee) r.flags.emplace_back("engaged");
  if (s.override_orders == OrdersId::kStand) r.flags.emplace_back("halted");
  const GroupState& g = groups_[s.group];
  r.books.emplace_back(
      "orders",
      orders_of(unit) + (s.override_orders == OrdersId::kNone
                             ? " (the Group's)"
                             : " (the unit's own; Group: " + orders_name(g.orders) + ")"));
  r.books.emplace_back("group", g.name);
  r.books.emplace_back("disorganised", s.disorganised ? "yes (H4-07)" : "no");
  r.books.emplace_back("stands", fmt::format("{} of {}", u.figures(), u.start_figures));
  r.books.emplace_back("group losses", fmt::format("{} of {} stands", g.killed, g.start_stands));
  if (!s.fired_ever) r.books.emplace_back("first shot", "still to come (L102, H4-21)");
  return r;
}

}  // namespace smoothbore::group_orders
