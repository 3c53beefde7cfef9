// The defaults of the Battle interface's replay hooks (battle.h).
#include "rules/battle.h"

#include <algorithm>
#include <array>
#include <atomic>

namespace smoothbore {

namespace {

// The neutral flags a replay marks, in the order it lists them.
constexpr std::array<std::string_view, 5> kNeutralFlags = {"routed", "shaken", "disordered",
                                                           "halted", "engaged"};

}  // namespace

std::uint64_t Battle::new_frozen_force_epoch() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

const std::string& unit_label(const Force& force, int unit) {
  const Unit& u = force.units[static_cast<std::size_t>(unit)];
  return u.name.empty() ? u.id : u.name;
}

Event unit_event(const Force& force, EventKind kind, int turn, int unit, std::string text) {
  Event e;
  e.kind = kind;
  e.turn = turn;
  if (unit >= 0) {
    const Unit& u = force.units[static_cast<std::size_t>(unit)];
    e.unit = u.id;
    e.side = force.sides[static_cast<std::size_t>(u.side)].id;
  }
  e.text = std::move(text);
  return e;
}

bool counted_quietly(EventLog& log, EventKind kind) {
  if (!log.quiet()) return false;
  log.count_quietly(kind);
  return true;
}

bool place_free(const Table& table, const Force& force, int unit, const Rect& r, int ignore) {
  if (!table.contains(r)) return false;
  for (std::size_t i = 0; i < force.units.size(); ++i) {
    const int o = static_cast<int>(i);
    if (o == unit || o == ignore || !force.units[i].on_table()) continue;
    if (overlaps(r, force.units[i].footprint(), 0.01)) return false;
  }
  return true;
}

double figures_lost_fraction(const Force& force, int side) {
  int start = 0, lost = 0;
  for (const Unit& u : force.units) {
    if (u.side != side) continue;
    start += u.start_figures;
    lost += u.on_table() ? u.start_figures - u.figures() : u.start_figures;
  }
  return start > 0 ? static_cast<double>(lost) / start : 0.0;
}

Battle::UnitReport Battle::unit_report(int unit) const {
  UnitReport r;
  const Unit& u = force().units.at(static_cast<std::size_t>(unit));
  if (u.status == UnitStatus::kRouted) r.flags.emplace_back("routed");
  // A marker whose id is a neutral flag ("shaken") or holds one ("disordered-by-fire").
  for (std::string_view flag : kNeutralFlags) {
    const bool marked = std::any_of(u.markers.begin(), u.markers.end(), [&](const Marker& m) {
      return m.type.find(flag) != std::string::npos;
    });
    if (marked && std::find(r.flags.begin(), r.flags.end(), flag) == r.flags.end()) {
      r.flags.emplace_back(flag);
    }
  }
  return r;
}

std::vector<int> Battle::objective_holders() const {
  return generic_objective_holders(scenario(), force(), this);
}

std::vector<int> generic_objective_holders(const Scenario& scenario, const Force& force,
                                           const Battle* battle) {
  const std::size_t sides = force.sides.size();
  const std::size_t objectives = scenario.objectives.size();
  // present[objective * sides + side]. Units outside, objectives inside: one footprint per
  // unit, and its bounding box rules out the objectives far from it (issue 9: a footprint
  // per unit per objective was a twentieth of a 10,000-stand group-orders turn).
  std::vector<bool> present(objectives * sides, false);
  // Every objective's box grown by its radius and 2 mm: a unit's box outside it is more than
  // the radius and a millimetre from each objective on some axis, so ruled out below by
  // every objective's own test (issue 9: a 10,000-stand battle's units are mostly far from
  // any objective).
  Box near{{1e300, 1e300}, {-1e300, -1e300}};
  for (const Objective& obj : scenario.objectives) {
    const double r = obj.radius + 2.0;
    near.min = {std::min(near.min.x, obj.position.x - r), std::min(near.min.y, obj.position.y - r)};
    near.max = {std::max(near.max.x, obj.position.x + r), std::max(near.max.y, obj.position.y + r)};
  }
  for (std::size_t i = 0; i < force.units.size(); ++i) {
    const Unit& u = force.units[i];
    if (objectives == 0 || u.status != UnitStatus::kActive || u.side < 0) continue;
    const int ui = static_cast<int>(i);
    const Box box = battle != nullptr ? battle->unit_bounds(ui) : u.footprint().bounds();
    if (!box.intersects(near)) continue;
    const Rect r = battle != nullptr ? battle->unit_footprint(ui) : u.footprint();
    for (std::size_t o = 0; o < objectives; ++o) {
      const Objective& obj = scenario.objectives[o];
      // The box is within the footprint's distance; 1 mm spares rounding.
      if (box_gap(box, Box{obj.position, obj.position}) > obj.radius + 1.0) continue;
      if (distance(r, obj.position) <= obj.radius) {
        present[o * sides + static_cast<std::size_t>(u.side)] = true;
      }
    }
  }
  std::vector<int> out;
  for (std::size_t o = 0; o < objectives; ++o) {
    int holders = 0, holder = -1;
    for (std::size_t s = 0; s < sides; ++s) {
      if (present[o * sides + s]) {
        ++holders;
        holder = static_cast<int>(s);
      }
    }
    out.push_back(holders == 1 ? holder : -1);
  }
  return out;
}

}  // namespace smoothbore
