#include "io/replay/recorder.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/events/jsonl.h"

namespace smoothbore {

namespace {

using Json = nlohmann::ordered_json;

// Positions to 0.1 mm and bearings to 0.1°: far below what a table shows, and the lines
// stay short and the same on every platform.
double tenth(double v) {
  const double r = std::round(v * 10.0) / 10.0;
  return r == 0 ? 0.0 : r;  // no "-0.0"
}

Json point(Vec2 p) { return Json::array({tenth(p.x), tenth(p.y)}); }

Json fields(const Fields& f) {
  Json out = Json::object();
  for (const auto& [k, v] : f) {
    std::visit([&](const auto& x) { out[k] = x; }, v);
  }
  return out;
}

// One stand as recorder.h's STATE lists it.
Json stand(const Stand& s) {
  return Json::array({tenth(s.rect.centre.x), tenth(s.rect.centre.y), tenth(s.rect.facing),
                      tenth(s.rect.width), tenth(s.rect.depth), s.figures, s.castings,
                      s.removed ? 1 : 0});
}

// The rule set's report of a unit (Battle::unit_report): flags and books.
void add_report(Json& j, const Battle::UnitReport& r) {
  j["flags"] = r.flags;
  Json books = Json::array();
  for (const auto& [label, value] : r.books) books.push_back(Json::array({label, value}));
  j["books"] = std::move(books);
}

// What may change during a battle.
Json unit_state(const Battle& battle, int index) {
  const Unit& u = battle.force().units[static_cast<std::size_t>(index)];
  Json j;
  j["formation"] = u.formation;
  j["status"] = std::string(unit_status_name(u.status));
  j["figures"] = u.figures();
  j["castings"] = u.castings();
  Json markers = Json::array();
  for (const Marker& m : u.markers) {
    markers.push_back(Json{{"type", m.type}, {"count", m.count}});
  }
  j["markers"] = std::move(markers);
  Json stands = Json::array();
  for (const Stand& s : u.stands) stands.push_back(stand(s));
  j["stands"] = std::move(stands);
  add_report(j, battle.unit_report(index));
  return j;
}

// A leader attached to a unit stands with its first stand still on the table (000 §2.1;
// the engine's reading for every rule set), else at its own position.
Json leader_state(const Force& force, const Leader& l) {
  Vec2 at = l.position;
  if (l.attached_unit >= 0 && l.attached_unit < static_cast<int>(force.units.size())) {
    for (const Stand& s : force.units[static_cast<std::size_t>(l.attached_unit)].stands) {
      if (!s.removed) {
        at = s.rect.centre;
        break;
      }
    }
  }
  return Json{{"position", point(at)}, {"attached", l.attached_unit}, {"alive", l.alive}};
}

// Who holds each objective now (Battle::objective_holders).
Json holders(const Battle& battle) { return battle.objective_holders(); }

// The rule set's victory points, or null when it has none.
Json score(const Battle& battle) {
  const std::optional<Battle::VictoryPoints> vp = battle.victory_points();
  if (!vp) return nullptr;
  return Json{{"points", vp->points}, {"accounts", vp->accounts}};
}

}  // namespace

ReplayRecorder::ReplayRecorder(const Battle& battle, const Ruleset& ruleset, LineSink out)
    : battle_(battle), ruleset_(ruleset), out_(std::move(out)) {
  observer_ = battle_.add_step_observer([this](std::string_view step) {
    if (!started_) return;
    // The battle's hints hold at a step's end too (Battle::take_touched_units): comparing
    // every unit there made `run --log` quadratic in squad-skirmish (three steps a card).
    emit_changes(/*every=*/false, nullptr);
    out_(Json{{"kind", "state"}, {"step", std::string(step)}}.dump());
  });
}

ReplayRecorder::~ReplayRecorder() { battle_.remove_step_observer(observer_); }

std::string ReplayRecorder::snapshot() const {
  const Scenario& sc = battle_.scenario();
  const Table& table = battle_.table();
  const Force& force = battle_.force();
  Json j;
  j["kind"] = "snapshot";
  j["format"] = kReplayFormat;
  j["scenario"] = sc.name;
  j["description"] = sc.description;
  j["ruleset"] = std::string(ruleset_.id());
  j["ruleset_title"] = std::string(ruleset_.title());
  j["unit"] = std::string(ruleset_.rule_unit());
  j["mm_per_unit"] = ruleset_.mm_per_rule_unit(sc.options);
  Json t;
  t["width"] = tenth(table.width());
  t["height"] = tenth(table.height());
  Json areas = Json::array();
  for (const AreaFeature& a : table.areas()) {
    Json pts = Json::array();
    for (Vec2 p : a.shape.points) pts.push_back(point(p));
    areas.push_back(Json{{"id", a.id},
                         {"class", std::string(terrain_class_name(a.cls))},
                         {"elevation", a.elevation},
                         {"blocks_sight", a.blocks_sight},
                         {"points", std::move(pts)}});
  }
  t["areas"] = std::move(areas);
  Json linears = Json::array();
  for (const LinearFeature& l : table.linears()) {
    Json pts = Json::array();
    for (Vec2 p : l.path) pts.push_back(point(p));
    linears.push_back(Json{{"id", l.id},
                           {"class", std::string(terrain_class_name(l.cls))},
                           {"width", tenth(l.width)},
                           {"blocks_sight", l.blocks_sight},
                           {"points", std::move(pts)}});
  }
  t["linears"] = std::move(linears);
  j["table"] = std::move(t);
  Json objectives = Json::array();
  for (const Objective& o : sc.objectives) {
    objectives.push_back(Json{{"id", o.id},
                              {"name", o.name},
                              {"position", point(o.position)},
                              {"radius", tenth(o.radius)},
                              {"points", o.points}});
  }
  j["objectives"] = std::move(objectives);
  j["held"] = holders(battle_);
  j["score"] = score(battle_);
  Json sides = Json::array();
  for (const Side& s : force.sides) {
    sides.push_back(
        Json{{"id", s.id}, {"name", s.name}, {"edge", std::string(edge_name(s.home_edge))}});
  }
  j["sides"] = std::move(sides);
  Json units = Json::array();
  for (std::size_t i = 0; i < force.units.size(); ++i) {
    const Unit& u = force.units[i];
    Json ju{{"id", u.id},
            {"name", u.name},
            {"side", u.side},
            {"command", u.command >= 0 ? force.commands[u.command].name : std::string()},
            {"type", u.type},
            {"arm", std::string(arm_name(u.arm))},
            {"start_figures", u.start_figures},
            {"attributes", fields(u.attributes)}};
    ju["state"] = unit_state(battle_, static_cast<int>(i));
    units.push_back(std::move(ju));
  }
  j["units"] = std::move(units);
  Json leaders = Json::array();
  for (const Leader& l : force.leaders) {
    Json jl{{"id", l.id},
            {"name", l.name},
            {"side", l.side},
            {"command", l.command >= 0 ? force.commands[l.command].name : std::string()},
            {"attributes", fields(l.attributes)}};
    jl["state"] = leader_state(force, l);
    leaders.push_back(std::move(jl));
  }
  j["leaders"] = std::move(leaders);
  return j.dump();
}

void ReplayRecorder::presence(int unit, std::vector<char>* out) const {
  // The test of generic_objective_holders (rules/battle.cc), unit by unit.
  const Unit& u = battle_.force().units[static_cast<std::size_t>(unit)];
  out->clear();
  for (const Objective& obj : battle_.scenario().objectives) {
    out->push_back(u.status == UnitStatus::kActive && u.side >= 0 &&
                   distance(u.footprint(), obj.position) <= obj.radius);
  }
}

// A rule set's own objective rules may count a stand a hair beyond the radius
// (fire-and-discipline's zones take stand centres within the radius plus a micron).
constexpr double kNearMarginMm = 1.0;

bool ReplayRecorder::standings_touched(int unit, const Json& state) {
  const std::size_t i = static_cast<std::size_t>(unit);
  Json rest = state;
  rest.erase("stands");
  std::string text = rest.dump();
  bool touched = false;
  if (rest_states_.size() <= i) rest_states_.resize(battle_.force().units.size());
  if (text != rest_states_[i]) {
    rest_states_[i] = std::move(text);
    touched = true;
  }
  // Within an objective's radius now or at the last look (Battle::standings_follow_presence).
  const Rect fp = battle_.force().units[i].footprint();
  bool near = false;
  for (const Objective& obj : battle_.scenario().objectives) {
    near = near || distance(fp, obj.position) <= obj.radius + kNearMarginMm;
  }
  if (near_.size() <= i) near_.resize(battle_.force().units.size(), 0);
  touched = touched || near || near_[i] != 0;
  near_[i] = near ? 1 : 0;
  return touched;
}

int ReplayRecorder::unit_index(const std::string& id) const {
  if (id.empty()) return -1;
  const auto it = unit_index_.find(id);
  return it == unit_index_.end() ? -1 : it->second;
}

void ReplayRecorder::follow_attachment(int leader) {
  const Force& force = battle_.force();
  const int now = force.leaders[static_cast<std::size_t>(leader)].attached_unit;
  const int units = static_cast<int>(force.units.size());
  const int to = now >= 0 && now < units ? now : -1;
  int& was = attached_[static_cast<std::size_t>(leader)];
  if (was == to) return;
  if (was >= 0) std::erase(leaders_of_[static_cast<std::size_t>(was)], leader);
  if (to >= 0) leaders_of_[static_cast<std::size_t>(to)].push_back(leader);
  was = to;
}

void ReplayRecorder::emit_changes(bool every, const Event* e) {
  const Force& force = battle_.force();
  const std::size_t objectives = battle_.scenario().objectives.size();
  std::vector<int>& candidates = scratch_;
  candidates.clear();
  // Always drain the battle's list, so it does not grow.
  const bool hinted = battle_.take_touched_units(&candidates) && use_hints_;
  if (hinted && unit_index_.empty()) {
    for (std::size_t i = 0; i < force.units.size(); ++i) {
      unit_index_.emplace(force.units[i].id, static_cast<int>(i));
    }
    leaders_of_.assign(force.units.size(), {});
    attached_.assign(force.leaders.size(), -1);
    for (std::size_t l = 0; l < force.leaders.size(); ++l) follow_attachment(static_cast<int>(l));
    present_.assign(force.units.size() * objectives, 0);
    if (!battle_.standings_follow_presence()) {
      for (std::size_t i = 0; i < force.units.size(); ++i) {
        standings_touched(static_cast<int>(i), unit_state(battle_, static_cast<int>(i)));
      }
    }
    every = true;  // fills present_
  }
  if (!hinted) every = true;
  // A change may come just before the event that names the unit, or just after the one
  // before (Battle::take_touched_units).
  std::vector<int> previous;
  if (hinted && e != nullptr) {
    previous = std::move(previous_named_);
    previous_named_.clear();
    for (const std::string* id : {&e->unit, &e->target}) {
      const int u = unit_index(*id);
      if (u >= 0) previous_named_.push_back(u);
    }
  }
  if (every) {
    candidates.resize(force.units.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) candidates[i] = static_cast<int>(i);
  } else {
    candidates.insert(candidates.end(), previous.begin(), previous.end());
    candidates.insert(candidates.end(), previous_named_.begin(), previous_named_.end());
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  }

  Json units = Json::object();
  unit_states_.resize(force.units.size());
  std::vector<int> leader_candidates;
  // Whether the holders and points may have changed (Battle::standings_follow_presence).
  bool presence_changed = !hinted;
  const bool by_presence = battle_.standings_follow_presence();
  std::vector<char> here;
  for (int u : candidates) {
    const std::size_t i = static_cast<std::size_t>(u);
    Json s = unit_state(battle_, u);
    std::string text = s.dump();
    if (text != unit_states_[i]) {
      unit_states_[i] = std::move(text);
      if (hinted && !by_presence) presence_changed |= standings_touched(u, s);
      units[force.units[i].id] = std::move(s);
    }
    if (hinted) {
      for (int l : leaders_of_[i]) leader_candidates.push_back(l);
      if (!by_presence) continue;
      presence(u, &here);
      for (std::size_t o = 0; o < objectives; ++o) {
        char& was = present_[i * objectives + o];
        if (was != here[o]) {
          was = here[o];
          presence_changed = true;
        }
      }
    }
  }
  if (every) {
    leader_candidates.resize(force.leaders.size());
    for (std::size_t l = 0; l < force.leaders.size(); ++l) {
      leader_candidates[l] = static_cast<int>(l);
    }
  } else {
    battle_.take_touched_leaders(&leader_candidates);
    std::sort(leader_candidates.begin(), leader_candidates.end());
    leader_candidates.erase(std::unique(leader_candidates.begin(), leader_candidates.end()),
                            leader_candidates.end());
  }
  Json leaders = Json::object();
  leader_states_.resize(force.leaders.size());
  if (every) {
    std::vector<int> drained;  // so that the list does not grow
    battle_.take_touched_leaders(&drained);
  }
  for (int l : leader_candidates) {
    const std::size_t i = static_cast<std::size_t>(l);
    if (hinted) follow_attachment(l);
    Json s = leader_state(force, force.leaders[i]);
    std::string text = s.dump();
    if (text != leader_states_[i]) {
      leader_states_[i] = std::move(text);
      leaders[force.leaders[i].id] = std::move(s);
    }
  }
  Json j;
  j["kind"] = "state";
  if (!units.empty()) j["units"] = std::move(units);
  if (!leaders.empty()) j["leaders"] = std::move(leaders);
  // The holders and points change only when some unit's presence does, or (a battle with
  // standings of its own) when standings_touched says they may.
  if (presence_changed || every) {
    std::string held = holders(battle_).dump();
    if (held != held_) {
      held_ = held;
      j["held"] = Json::parse(held);
    }
    std::string points = score(battle_).dump();
    if (points != score_) {
      score_ = points;
      j["score"] = Json::parse(points);
    }
  }
  if (j.size() > 1) out_(j.dump());
}

void ReplayRecorder::on_event(const Event& e) {
  out_(to_json_line(e));
  if (!started_) {
    started_ = true;
    out_(snapshot());
    // The snapshot holds every unit's state: later lines carry only changes.
    const Force& force = battle_.force();
    for (std::size_t i = 0; i < force.units.size(); ++i) {
      unit_states_.push_back(unit_state(battle_, static_cast<int>(i)).dump());
    }
    for (const Leader& l : force.leaders) leader_states_.push_back(leader_state(force, l).dump());
    held_ = holders(battle_).dump();
    score_ = score(battle_).dump();
    return;
  }
  emit_changes(/*every=*/false, &e);
}

void ReplayRecorder::finish() {
  if (started_) emit_changes(/*every=*/true, nullptr);
}

}  // namespace smoothbore
