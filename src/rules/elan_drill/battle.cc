#include "rules/elan_drill/battle.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"

namespace smoothbore::elan_drill {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<BattleED>(scenario, seed, stream);
}

BattleED::BattleED(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
    : scenario_(scenario), force_(std::move(scenario_.force)), rng_(seed, stream), dice_(rng_) {
  // Issue 9: one copy of the units, the battle's own (force_); scenario_ keeps the sides,
  // commands and leaders as the file gave them, but no units.
  scenario_.force = Force{force_.sides, force_.commands, {}, force_.leaders};
  for (const auto& [name, value] : scenario_.options.values()) options_.emplace(name, value);
  opts_ = options_now();
  fire_arc_ = ArcBound(opts_.fire_arc_deg);
  artillery_arc_ = ArcBound(opts_.artillery_arc_deg);
  learn_facts();
  state_.reserve(force_.units.size());
  for (const Unit& u : force_.units) {
    UnitState s;
    const Value* dms = u.attribute("dms");
    s.dms = dms != nullptr ? static_cast<int>(as_number(*dms)) : 0;
    if (!attribute_is(u, "engineering", "none", "none"))  // L10, D12-24
      s.engineering = u.attribute_string("engineering", "none");
    const Value* arrival = u.attribute("arrival");
    s.arrival = arrival != nullptr ? static_cast<int>(as_number(*arrival)) : 0;
    state_.push_back(s);
  }
  for (std::size_t i = 0; i < force_.units.size(); ++i) {  // D12-23: waiting off the table
    if (state_[i].arrival > 0) force_.units[i].status = UnitStatus::kOffTable;
  }
  for (std::size_t i = 0; i < force_.units.size(); ++i) {           // §2.1, D12-21: detachments
    if (attribute_is(force_.units[i], "parent", "", "")) continue;  // no copy (issue 9)
    const std::string parent = force_.units[i].attribute_string("parent", "");
    state_[i].parent = force_.unit_index(parent);
    if (state_[i].parent >= 0) {
      children_.resize(force_.units.size());
      children_[static_cast<std::size_t>(state_[i].parent)].push_back(static_cast<int>(i));
    }
    const Value* joined = force_.units[i].attribute("joined");
    if (state_[i].parent >= 0 && joined != nullptr && std::get_if<bool>(joined) != nullptr &&
        *std::get_if<bool>(joined)) {
      join(static_cast<int>(i), nullptr);
    }
  }
  orders_.resize(force_.units.size());
}

const std::string& BattleED::name(int unit) const { return unit_label(force_, unit); }

Event BattleED::make_event(EventKind kind, int unit, std::string text) const {
  return unit_event(force_, kind, turn_, unit, std::move(text));
}

// Units that take an order in their side's command phase: formed (not broken) units.
std::vector<int> BattleED::units_to_order(int side) const {
  std::vector<int> out;
  for (int i : force_.units_of(side)) {
    if (active(i)) out.push_back(i);
  }
  return out;
}

// D12-32: broken + destroyed units over the side's units, artillery weighted.
double BattleED::broken_fraction(int side) const {
  const double gun_weight = opts_.artillery_weight;
  double all = 0, lost = 0;
  for (const Unit& u : force_.units) {
    if (u.side != side) continue;
    const UnitState& s = state_[static_cast<std::size_t>(&u - force_.units.data())];
    if (s.joined) continue;  // D12-21: a detachment inside its battalion counts in it
    const double w = u.arm == Arm::kArtillery ? gun_weight : 1.0;
    all += w;
    const bool waiting = s.arrival > 0;
    if (u.status != UnitStatus::kActive && !waiting) lost += w;
  }
  return all > 0 ? lost / all : 0.0;
}

double BattleED::loss_fraction(int side) const {
  int start = 0, lost = 0;
  for (const Unit& u : force_.units) {
    const UnitState& s = state_[static_cast<std::size_t>(&u - force_.units.data())];
    if (u.side != side || s.arrival > 0 || s.joined)
      continue;  // D12-23: reinforcements still to come; D12-21: counted in its battalion
    start += u.start_figures;
    lost += u.on_table() ? u.start_figures - u.figures() : u.start_figures;
  }
  return start > 0 ? static_cast<double>(lost) / start : 0.0;
}

std::vector<std::string> BattleED::invariant_violations() const {
  std::vector<std::string> out;
  const auto& units = force_.units;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    if (u.figures() < 0) out.push_back(u.id + ": negative figures");
    if (u.figures() > u.start_figures) out.push_back(u.id + ": more figures than at the start");
    if (state_[i].dms < 0) out.push_back(u.id + ": negative DMs");
    if (!u.on_table()) continue;
    if (u.figures() <= 0) out.push_back(u.id + ": on the table with no figures");
    if (!scenario_.table.contains(u.footprint())) out.push_back(u.id + ": off the table");
    for (std::size_t j = i + 1; j < units.size(); ++j) {
      if (!units[j].on_table()) continue;
      if (overlaps(u.footprint(), units[j].footprint(), 0.5)) {
        out.push_back(fmt::format("{} overlaps {}", u.id, units[j].id));
      }
    }
  }
  return out;
}

// One game turn: the first side's player turn, then the other's (§3, IGOUGO).
void BattleED::play_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  ++turn_;
  sources_ = orders;
  log.append(
      event(log, EventKind::kTurnStart, -1, [&] { return fmt::format("Game turn {}", turn_); }));
  const int sides = static_cast<int>(force_.sides.size());
  for (int k = 0; k < sides; ++k) player_turn((scenario_.first_side + k) % sides, orders, log);
}

void BattleED::player_turn(int side, const std::vector<OrderSource*>& orders, EventLog& log) {
  acting_ = side;
  const int defending = (side + 1) % static_cast<int>(force_.sides.size());
  auto src = [&](int s) -> OrderSource* {
    return s < static_cast<int>(orders.size()) ? orders[s] : nullptr;
  };
  for (std::size_t i = 0; i < state_.size(); ++i) {
    touch(static_cast<int>(i));  // no longer charging or charged
    state_[i].moved = false;
    state_[i].moved_mm = 0;
    state_[i].charging = -1;
    state_[i].charged_by = -1;
    state_[i].response.clear();
    state_[i].fired_reaction = false;
    state_[i].pursuit_charge = false;
    orders_[i] = Action{};
    orders_[i].unit = static_cast<int>(i);
  }
  auto phase = [&](const std::string& what) {
    log.append(event(log, EventKind::kPhase, -1, [&](Event& e) {
      e.text = fmt::format(
          "{}: {} phase",
          force_.sides[side].name.empty() ? force_.sides[side].id : force_.sides[side].name, what);
      e.side = force_.sides[side].id;
      e.data = {{"phase", Value(what)}};
    }));
  };
  phase("command");
  leader_step(side, log);         // L7 (leaders.cc)
  reinforcement_step(side, log);  // L8 (reinforcements.cc)
  rally_step(side, log);
  engineering_step(side, log);  // L10 (engineering.cc)
  after_step("rally");
  order_step(side, src(side), log);
  response_step(defending, src(defending), log);
  after_step("command");
  phase("movement");
  live_.build(force_);  // kept valid through close action (refile at every move)
  movement_phase(side, log);
  verify_live("movement");
  after_step("movement");
  phase("fire");
  fire_phase(side, log);
  verify_live("fire");
  after_step("fire");
  phase("close action");
  close_phase(side, log);
  abandoned_guns_step(log);  // L123: a pursuer may end on them (abandoned_guns.cc)
  verify_live("close action");
  live_.clear();
  after_step("close action");
}

}  // namespace smoothbore::elan_drill
