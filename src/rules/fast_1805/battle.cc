#include "rules/fast_1805/battle.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include <fmt/format.h>

#include "core/geometry/same_frame.h"
#include "core/text/fixed1.h"
#include "rules/fast_1805/battle_impl.h"
#include "rules/fast_1805/initiative_sort.h"

namespace smoothbore::fast_1805 {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<Battle1805>(scenario, seed, stream);
}

Battle1805::Battle1805(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
    : scenario_(scenario),
      options_(read_options(scenario.options)),
      force_(std::move(scenario_.force)),
      rng_(seed, stream),
      dice_(rng_),
      ground_(force_.units.size()) {
  // Issue 9: one copy of the units, the battle's own (force_); scenario_ keeps the sides,
  // commands and leaders as the file gave them, but no units (as elan-drill's battle).
  scenario_.force = Force{force_.sides, force_.commands, {}, force_.leaders};
  for (const Unit& u : force_.units) {
    UnitState s;
    s.quality = parse_quality(u.attribute_string("quality", "green")).value_or(Quality::kGreen);
    s.effectiveness = parse_effectiveness(u.attribute_string("effectiveness", "steady"))
                          .value_or(Effectiveness::kSteady);
    const std::string h = u.attribute_string("haitian", "none");
    s.haitian = h == "irregular"  ? Haitian::kIrregular
                : h == "mutineer" ? Haitian::kMutineer
                                  : Haitian::kNone;
    if (u.arm == Arm::kArtillery) {
      s.guns = static_cast<int>(
          as_number(u.attribute("guns") ? *u.attribute("guns") : Value(std::int64_t{1}), 1));
      s.horses = s.guns * options_.horses;
    }
    state_.push_back(s);
  }
  reserve_indexes();
  for (std::size_t i = 0; i < force_.units.size(); ++i) placed(static_cast<int>(i));
  auto reach = [](const RangeTable& t) {
    return t.bands.empty() ? 0.0 : t.bands.back() * std::max(1.0, t.woods_factor) * kMm;
  };
  small_arms_reach_ = reach(tables().small_arms);
  artillery_reach_ = reach(tables().artillery);
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    // A2-22: units that start in woods are concealed.
    if (options_.concealment && in_woods(static_cast<int>(i))) state_[i].concealed = true;
  }
}

const std::string& Battle1805::unit_name(int unit) const { return unit_label(force_, unit); }

Event Battle1805::make_event(EventKind kind, int unit, std::string text) const {
  return unit_event(force_, kind, bound_, unit, std::move(text));
}

std::vector<int> Battle1805::units_to_order(int side) const {
  std::vector<int> out;
  for (int i : force_.units_of(side)) {
    if (active(i) && !in_melee(i)) out.push_back(i);
  }
  return out;
}

double Battle1805::broken_fraction(int side) const {
  // A2-26: routed + eliminated units, by starting figure count.
  int start = 0, broken = 0;
  for (const Unit& u : force_.units) {
    if (u.side != side) continue;
    start += u.start_figures;
    if (u.status != UnitStatus::kActive) broken += u.start_figures;
  }
  return start > 0 ? static_cast<double>(broken) / start : 0.0;
}

double Battle1805::loss_fraction(int side) const { return figures_lost_fraction(force_, side); }

std::vector<std::string> Battle1805::invariant_violations() const {
  std::vector<std::string> out;
  const auto& units = force_.units;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    if (u.figures() < 0) out.push_back(u.id + ": negative figures");
    if (u.figures() > u.start_figures) out.push_back(u.id + ": more figures than at the start");
    const UnitState& s = state_[i];
    if (s.guns_destroyed < 0 || s.guns_silenced < 0 || s.working_guns() < 0 || s.horses < 0) {
      out.push_back(u.id + ": negative gun or horse count");
    }
    const Rect r = u.footprint();
    const Rect& cached = rect_of(static_cast<int>(i));
    if (!(r.centre == cached.centre) || r.facing != cached.facing || r.width != cached.width ||
        r.depth != cached.depth || !index_.contains(static_cast<int>(i))) {
      out.push_back(u.id + ": spatial index out of date");
    }
    // The kept frame is RectFrame(rect_of(i)) bit for bit (placed() may keep a moved frame).
    if (!same_bits(frame_of(static_cast<int>(i)), RectFrame(cached))) {
      out.push_back(u.id + ": kept frame out of date");
    }
    if (!u.on_table()) continue;
    if (u.figures() <= 0) out.push_back(u.id + ": on the table with no figures");
    if (!scenario_.table.contains(r)) out.push_back(u.id + ": off the table");
    for (int j : near(r.bounds())) {  // ascending, as the scan of every later unit was
      if (j <= static_cast<int>(i) || !units[j].on_table()) continue;
      if (overlaps(r, units[j].footprint(), 0.5)) {
        out.push_back(fmt::format("{} overlaps {}", u.id, units[j].id));
      }
    }
  }
  return out;
}

// Initiative (L19, A2-01): units that passed first, lowest roll first; then those that
// failed, lowest roll first; ties by unit order.
std::vector<int> Battle1805::initiative_order() const {
  // The rolls beside the ids (a map lookup per comparison was most of the sort), in unit
  // order; initiative_ids orders them (initiative_sort.h).
  std::vector<InitiativeRolled> rolled;
  rolled.reserve(orders_.size());
  for (const int id : orders_.units()) {  // ascending (collect_orders)
    const Order& o = *orders_.find(id);
    rolled.push_back({id, o.initiative.passed, o.initiative.roll});
  }
  return initiative_ids(rolled);
}

void Battle1805::append_order(std::string& out, const Action& a) const {
  // rect_of is Unit::footprint() bit for bit (battle_impl.h).
  const Vec2 centre = rect_of(a.unit).centre;
  auto dist = [&] { return distance(centre, a.destination) / kMm; };
  switch (a.kind) {
    case ActionKind::kHold:
      out += "hold";
      return;
    case ActionKind::kMove:
      if (dist() < 0.1) {
        fmt::format_to(std::back_inserter(out), "turn to face {:.0f}°", a.facing);
        return;
      }
      // fmt's "move {:.1f}\" toward ({:.1f}\", {:.1f}\")", its three numbers written by
      // core append_fixed1 (the same text; fmt's float formatting was most of the cost of
      // every unit's order event in a 10,000-stand turn).
      out += "move ";
      append_fixed1(out, dist());
      out += "\" toward (";
      append_fixed1(out, a.destination.x / kMm);
      out += "\", ";
      append_fixed1(out, a.destination.y / kMm);
      out += "\")";
      return;
    case ActionKind::kFire:
      out += "fire at ";
      out += unit_name(a.target);
      if (a.moves) out += " and advance ½ move";
      return;
    case ActionKind::kCharge:
      out += "charge ";
      out += unit_name(a.target);
      return;
    case ActionKind::kFormation:
      out += "form ";
      out += a.formation;
      return;
    case ActionKind::kLimber:
      out += "limber up";
      return;
    case ActionKind::kUnlimber:
      out += "unlimber";
      return;
    case ActionKind::kCounterCharge:  // not offered by 1805
    case ActionKind::kHoldFire:
    case ActionKind::kProlonge:
    case ActionKind::kFace:
    case ActionKind::kShift:
      break;
  }
  out += a.describe();
}

void Battle1805::collect_orders(const std::vector<OrderSource*>& orders, EventLog& log) {
  orders_.clear();
  charges_.clear();
  // Sides are asked in scenario order starting with the first player; each side sees the
  // table as it stands (orders are simultaneous: nothing moves until the move step).
  const int sides = static_cast<int>(force_.sides.size());
  // Nothing changes the force until the last order is given (Battle::frozen_force_epoch).
  frozen_epoch_ = new_frozen_force_epoch();
  for (int k = 0; k < sides; ++k) {
    const int side = (scenario_.first_side + k) % sides;
    OrderSource* src = side < static_cast<int>(orders.size()) ? orders[side] : nullptr;
    // The moves' facings only for a commander that reads them (no commander: the hold).
    const bool facings = src != nullptr && src->reads_move_facing();
    std::vector<Action>& legal = legal_;  // reused: one unit's list at a time
    for (int u : units_to_order(side)) {
      legal_actions_into(u, legal, facings);
      Action a = src ? src->choose(*this, u, legal) : legal.front();
      settle_facing(a);
      if (!counted_quietly(log, EventKind::kOrder)) {
        std::string text = unit_name(u);  // "{name} orders {order}"
        text.reserve(text.size() + 64);
        text += " orders ";
        append_order(text, a);
        Event e = make_event(EventKind::kOrder, u, std::move(text));
        if (a.target >= 0) e.target = force_.units[a.target].id;
        e.data = {{"action", std::string(action_kind_name(a.kind))}};
        log.append(std::move(e));
      }
      orders_[u] = {a, {}};
    }
  }
  frozen_epoch_ = 0;
  // Routed units take part in the order of play too (their rout move).
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    if (routed(static_cast<int>(i))) {
      Action a;
      a.unit = static_cast<int>(i);
      orders_[static_cast<int>(i)] = {a, {}};
    }
  }
  // L19: every unit rolls initiative, in unit order; one event lists the rolls and the
  // order of play.
  orders_.make_ascending();
  Event init = make_event(EventKind::kInitiative, -1, "");
  if (!log.quiet()) init.rolls.reserve(orders_.size());
  for (const int u : orders_.units()) {
    Order& o = orders_[u];
    RollRecord rec;
    o.initiative = resolve_initiative(state_[u].quality, dice_, record_for(log, rec));
    if (log.quiet()) continue;
    rec.purpose = "initiative: " + force_.units[u].id;
    init.rolls.push_back(std::move(rec));
  }
  order_ = initiative_order();
  if (!counted_quietly(log, EventKind::kInitiative)) {
    std::string text = "Initiative (L19):";
    for (std::size_t k = 0; k < order_.size(); ++k) {
      const Order& o = orders_[order_[k]];
      // "{sep} {name} {roll}{failed}", appended without a format string (a unit each).
      if (k) text += ',';
      text += ' ';
      text += unit_name(order_[k]);
      text += ' ';
      const fmt::format_int roll(o.initiative.roll);
      text.append(roll.data(), roll.size());
      if (!o.initiative.passed) text += " (failed)";
    }
    init.text = text;
    log.append(std::move(init));
  }
  // A2-02 option "all": an initiative roll missed by 10 or less also shakes.
  if (options_.shaken_applies == "all") {
    for (int u : order_) {
      const InitiativeResult& r = orders_[u].initiative;
      if (!r.passed && r.margin <= 10 && active(u) && !shaken(u)) {
        shake(u, log, "missed initiative by 10 or less (A2-02 option all)");
      }
    }
  }
}

void Battle1805::play_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  ++bound_;
  touch_all();  // unit_report's "halted" reads the bound
  if (!counted_quietly(log, EventKind::kTurnStart)) {
    log.append(make_event(EventKind::kTurnStart, -1, fmt::format("Bound {}", bound_)));
  }
  upkeep(log);
  after_step("upkeep");
  collect_orders(orders, log);
  after_step("orders");
  if (options_.move_then_shoot) {
    move_step(/*shooters_only=*/true, log);
    after_step("shooters' move");
  }
  fire_step(log);
  after_step("fire");
  move_step(/*shooters_only=*/false, log);
  after_step("move");
  close_step(log);
  after_step("close");
  melee_step(log);
  after_step("melee");
  end_of_bound(log);
  after_step("end of bound");
}

}  // namespace smoothbore::fast_1805
