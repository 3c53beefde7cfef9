// The battle's state, strength measures, invariants and the card-driven turn (§3, SK-01).
#include "rules/squad_skirmish/battle.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "core/geometry/same_bits.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/squad_skirmish.h"

namespace smoothbore::squad_skirmish {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<BattleSK>(scenario, seed, stream);
}

std::string_view role_name(Role r) {
  switch (r) {
    case Role::kLeader:
      return "squad leader";
    case Role::kOfficer:
      return "officer";
    case Role::kRanker:
      break;
  }
  return "ranker";
}

// Roles (§2): the figure nearest the squad's centre is its squad leader (L48) when the squad
// has one (`leader`); the last `officers` figures are officers attached to it; an officer
// unit's first figure is the officer.
BattleSK::BattleSK(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
    : scenario_(scenario), force_(std::move(scenario_.force)), rng_(seed, stream), dice_(rng_) {
  // Issue 9: one copy of the units per battle, the battle's own (force_); scenario_ keeps the
  // sides, commands and leaders as the file gave them, but no units.
  scenario_.force = Force{force_.sides, force_.commands, {}, force_.leaders};
  read_arms();
  officers_start_.assign(force_.sides.size(), 0);
  const bool loaded = option_bool("sk_07_start_loaded");
  for (Unit& unit : force_.units) {
    // SK-08: a cannon is served by sk_08_crew figures, laid out around the gun where the
    // scenario put its crew.
    const int crew = static_cast<int>(option_number("sk_08_crew"));
    if (unit.arm != Arm::kArtillery || unit.start_figures == crew) continue;
    const Rect at = unit.footprint();
    unit.start_figures = crew;
    unit.stands.clear();
    unit.stands = ruleset().layout(unit, at.centre, at.facing);
  }
  for (const Unit& unit : force_.units) figures_left_.push_back(unit.figures());
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const Unit& unit = force_.units[u];
    const int n = static_cast<int>(unit.stands.size());
    std::vector<Figure> figs(static_cast<std::size_t>(n));
    SquadState sq;
    for (Figure& f : figs) {
      f.loaded = loaded;
      f.reload_left = 0;
    }
    const int ui = static_cast<int>(u);
    if (!loaded) {
      for (Figure& f : figs) f.reload_left = 1;  // one Load first (SK-07)
    }
    if (is_officer_unit(ui)) {
      figs[0].role = Role::kOfficer;
      sq.leader = 0;
    } else {
      const Value* off = unit.attribute("officers");
      int officers = off != nullptr ? static_cast<int>(as_number(*off)) : 0;
      officers = std::min(officers, n - 1);
      for (int k = n - officers; k < n; ++k)
        figs[static_cast<std::size_t>(k)].role = Role::kOfficer;
      const Value* lead = unit.attribute("leader");
      if (lead == nullptr || std::get<bool>(*lead)) {
        std::vector<Vec2> at;
        for (int k = 0; k < n - officers; ++k) at.push_back(unit.stands[k].rect.centre);
        if (!at.empty()) sq.leader = static_cast<int>(most_central(at));
        if (sq.leader >= 0) figs[static_cast<std::size_t>(sq.leader)].role = Role::kLeader;
      }
    }
    if (cannon(ui)) {  // the gun is loaded (or not) once, for its crew (SK-08)
      for (Figure& f : figs) {
        f.loaded = false;
        f.reload_left = 0;
      }
      sq.gun_loaded = loaded;
      sq.gun_reload = loaded ? 0 : reload_actions(ui, false);
    }
    for (const Figure& f : figs) {
      if (f.role == Role::kOfficer) ++officers_start_[unit.side];
    }
    figures_.push_back(std::move(figs));
    squads_.push_back(sq);
  }
  index_build();
  // SK-11: a squad laid out wider than sk_11_follow_in closes on its leader before the battle.
  const double follow = option_number("sk_11_follow_in") * kMm;
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const int ui = static_cast<int>(u);
    const int lead = squads_[u].leader;
    if (lead < 0 || cannon(ui)) continue;
    for (int k : living(ui)) {
      if (distance(pos(ui, k), pos(ui, lead)) <= follow) continue;
      place(ui, pos(ui, lead), force_.units[u].stands[static_cast<std::size_t>(lead)].rect.facing,
            -1);
      break;
    }
  }
}

std::string BattleSK::name(int unit) const {
  const Unit& u = force_.units[unit];
  return u.name.empty() ? u.id : u.name;
}

Event BattleSK::make_event(const EventLog& log, EventKind kind, int unit, std::string text) const {
  Event e;
  e.kind = kind;
  if (log.quiet()) return e;
  e.turn = turn_;
  e.phase = phase_;
  if (unit >= 0) {
    e.unit = force_.units[unit].id;
    e.side = force_.sides[force_.units[unit].side].id;
  }
  e.text = std::move(text);
  return e;
}

std::vector<int> BattleSK::units_to_order(int side) const {
  std::vector<int> out;
  for (int i : force_.units_of(side)) {
    if (can_act(i)) out.push_back(i);
  }
  return out;
}

// SK-22: a side loses when this fraction of its figures are casualties (the Match compares
// it with the army-break, kept equal to sk_22_casualty_fraction), or, with
// casualties-or-officers, when all of its officers are dead (then 1). Squads that left the
// table count as lost (SK-14).
double BattleSK::broken_fraction(int side) const {
  const std::string& rule = option("sk_22_victory");
  if (rule == "scenario-only") return 0.0;
  int start = 0;
  int gone = 0;
  int officers = 0;
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const Unit& unit = force_.units[u];
    if (unit.side != side) continue;
    start += unit.start_figures;
    gone += unit.on_table() ? unit.start_figures - unit.figures() : unit.start_figures;
    if (!unit.on_table()) continue;
    for (std::size_t k = 0; k < figures_[u].size(); ++k) {
      if (alive(static_cast<int>(u), static_cast<int>(k)) &&
          figures_[u][k].role == Role::kOfficer) {
        ++officers;
      }
    }
  }
  if (rule == "casualties-or-officers" && officers_start_[side] > 0 && officers == 0) return 1.0;
  return start > 0 ? static_cast<double>(gone) / start : 0.0;
}

// SK-22 scenario-only: the scenario's objectives decide. No side breaks (broken_fraction is
// 0), and a side's points are those of the objectives it holds (objective_holders: a squad in
// good order within the radius and no enemy there, common.md §15), so at the turn limit the
// side holding more wins (with the scenario's `victory_points = true`). Otherwise the generic
// points (losses inflicted and objectives held) break a tie at the turn limit.
std::optional<Battle::VictoryPoints> BattleSK::victory_points() const {
  if (option("sk_22_victory") != "scenario-only") return std::nullopt;
  VictoryPoints vp;
  vp.points.assign(force_.sides.size(), 0);
  vp.accounts.assign(force_.sides.size(), "");
  const std::vector<int> holders = objective_holders();
  for (std::size_t o = 0; o < holders.size(); ++o) {
    if (holders[o] < 0) continue;
    const Objective& obj = scenario_.objectives[o];
    const auto s = static_cast<std::size_t>(holders[o]);
    vp.points[s] += obj.points;
    vp.accounts[s] += fmt::format("{}{} {}", vp.accounts[s].empty() ? "holds " : ", ",
                                  obj.name.empty() ? obj.id : obj.name, obj.points);
  }
  for (std::string& a : vp.accounts) {
    if (a.empty()) a = "holds no objective";
    a += " (SK-22)";
  }
  return vp;
}

double BattleSK::loss_fraction(int side) const {
  int start = 0;
  int lost = 0;
  for (const Unit& u : force_.units) {
    if (u.side != side) continue;
    start += u.start_figures;
    lost += u.start_figures - u.figures();
  }
  return start > 0 ? static_cast<double>(lost) / start : 0.0;
}

std::vector<std::string> BattleSK::invariant_violations() const {
  std::vector<std::string> out;
  const auto& units = force_.units;
  std::vector<int> leaderless_now;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (leaderless(static_cast<int>(i))) leaderless_now.push_back(static_cast<int>(i));
  }
  if (leaderless_now != leaderless_) out.push_back("the list of leaderless squads is stale");
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    const int ui = static_cast<int>(i);
    if (figures_[i].size() != u.stands.size()) out.push_back(u.id + ": figures and stands differ");
    if (figures_left_[i] != u.figures()) out.push_back(u.id + ": the kept figure count is stale");
    if (!same_bits(footprint_of(ui), u.footprint())) {
      out.push_back(u.id + ": the kept footprint is stale");
    }
    for (const Figure& f : figures_[i]) {
      if (f.reload_left < 0) out.push_back(u.id + ": negative reload");
      if (f.loaded && f.reload_left != 0) out.push_back(u.id + ": loaded with reload left");
      if (f.hero_hits < 0 || f.hero_hits > 2) out.push_back(u.id + ": bad Heroes hits");
    }
    const SquadState& s = squads_[i];
    if (s.leader >= 0 && (!alive(ui, s.leader) || figures_[i][s.leader].role == Role::kRanker) &&
        u.on_table()) {
      out.push_back(u.id + ": its squad leader is not a living leader");
    }
    if (!u.on_table()) continue;
    if (u.figures() <= 0) out.push_back(u.id + ": on the table with no figures");
    const bool held = s.leader >= 0 && !s.unclosed;  // L48, SK-11 (and SquadState::unclosed)
    const double follow = held ? follow_reach(ui) + 1.0 : 0.0;
    for (std::size_t k = 0; k < u.stands.size(); ++k) {
      if (u.stands[k].removed) continue;
      if (!scenario_.table.contains(u.stands[k].rect)) {
        out.push_back(fmt::format("{} figure {}: off the table", u.id, k));
      }
      if (held && distance(pos(ui, static_cast<int>(k)), pos(ui, s.leader)) > follow) {
        out.push_back(fmt::format(
            "{} figure {}: farther than {:.2f}\" from its leader (sk_11_follow_in {}, or its "
            "squad closed up base to base; L48, SK-11)",
            u.id, k, (follow - 1.0) / kMm, option_number("sk_11_follow_in")));
      }
      for (std::size_t j = i + 1; j < units.size(); ++j) {
        if (!units[j].on_table()) continue;
        for (const Stand& o : units[j].stands) {
          if (!o.removed && overlaps(u.stands[k].rect, o.rect, 0.5)) {
            out.push_back(fmt::format("{} overlaps {}", u.id, units[j].id));
          }
        }
      }
    }
  }
  return out;
}

void BattleSK::play_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  ++turn_;
  touches_.touch_all(force_.units.size());  // unit_report reads the turn
  phase_ = "cards";
  emit(log, EventKind::kTurnStart, -1, [&] { return fmt::format("Turn {}", turn_); });
  cards_.clear();
  for (SquadState& s : squads_) s.activated = false;
  if (option("sk_01_cards") == "per-side") {
    side_deck_turn(orders, log);
  } else {
    squad_deck_turn(orders, log);
  }
  end_of_turn(log);
  after_step("end of turn");
}

}  // namespace smoothbore::squad_skirmish
