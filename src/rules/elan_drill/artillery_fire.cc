// Artillery in battle (§8, L143-L175): the shot a battery fires, chosen by range and target
// (canister L151-L161, solid shot L143-L149 and D12-13, shell and shrapnel L163-L175 and
// D12-14); solid shot going on through the units behind its target (L223, R-001-6), with
// the target's situation decided from its facing (a line enfiladed is "Flank of Line",
// D12-35); a missed shell or shrapnel striking the units within 4" (L175, R-001-5).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/pool_odds.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {

// Whether the line of fire `dir` runs along the target's front (within 45° of its frontage):
// it enfilades a line, or strikes a march column from the side (D12-35).
bool along_frontage(const Rect& target, Vec2 dir) {
  return std::abs(dir.dot(target.right())) > std::abs(dir.dot(target.forward()));
}

// Whether the segment crosses the rectangle.
bool crosses(const Rect& r, const Segment& s) {
  if (r.contains(s.a) || r.contains(s.b)) return true;
  const auto c = r.corners();
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (segments_intersect(s, Segment{c[i], c[(i + 1) % c.size()]})) return true;
  }
  return false;
}

}  // namespace

// §8 and D12-14: canister within the class's long canister range (L153-L161); guns fire
// solid shot to their maximum (D12-13); howitzers, and guns the scenario allows
// (`shell = true`: D12-14's "Howitzer/Gun"), fire shell from 6" to the maximum (D12-14;
// howitzers fire no ball: the sheet's solid-shot table is for guns, interpretation); shrapnel to ½
// the maximum, for batteries the scenario allows (`shrapnel = true`) or any with
// `d12_14_shrapnel_allowed = any`. The shell/shrapnel table has no ultra-light class (L170-L172).
BattleED::ShotTypes BattleED::shot_types(int unit, int target) const {
  ShotTypes out;
  const UnitFacts& f = facts(unit);
  const std::string& gun = f.gun;
  const double r = gap_in(unit, target);
  const double max = max_range_in(unit);
  if (r <= canister_long_in(unit)) out.add("canister"sv);
  const bool howitzer = f.howitzer;
  if (!howitzer && r <= max) out.add("solid-shot"sv);
  if (gun == "ultra-light"sv) return out;
  if ((howitzer || f.shell) && r >= opts_.shell_min_in && r <= max) {
    out.add("shell"sv);
  }
  const bool shrapnel = f.shrapnel || opts_.shrapnel_any;
  if (shrapnel && r <= max * opts_.shrapnel_fraction) {
    out.add("shrapnel"sv);
  }
  return out;
}

// Expected casualties on the target: the exact expected hits times the chance a save
// fails (its experience, L243-L247).
double BattleED::expected_casualties(int target, double hits) const {
  const std::string& e = experience(target);
  const int save = e == "veteran"sv ? 7 : e == "conscript"sv ? 5 : 6;
  return hits * (12.0 - save) / 12.0;
}

// The shot with the most expected casualties on the target (ties: the order of
// shot_types); the doctrine weighs the same numbers through assess().
std::string BattleED::best_shot(int unit, int target) const {
  std::string best;
  double most = -1;
  // Every shot at the same target: its range and the friend in contact (L205) measured
  // once, not once per shot (issue 9).
  const ShotTypes shots = shot_types(unit, target);
  const FireGeometry at = shots.empty() ? FireGeometry{} : fire_geometry(unit, target);
  const double range = at.range;
  const bool friend_contact = at.friend_contact;
  for (const std::string_view shot : shots) {
    const double k = expected_casualties(
        target,
        shot_hits_mean(shot_at(unit, target, shot_named(shot), false, range, friend_contact)));
    if (k > most + 1e-12) {
      most = k;
      best = shot;
    }
  }
  return best.empty() ? std::string("solid-shot") : best;
}

ShotSituation BattleED::shot_at(int unit, int target, Shot shot, bool reaction) const {
  const FireGeometry at = fire_geometry(unit, target);
  return shot_at(unit, target, shot, reaction, at.range, at.friend_contact);
}

ShotSituation BattleED::shot_at(int unit, int target, Shot shot, bool reaction, double range,
                                bool friend_contact) const {
  const UnitState& st = state_[unit];
  ShotSituation s;
  s.shot = shot;
  s.range = range;
  s.general = {fires_moving(unit), st.dms, reaction, friend_contact};  // L205, D12-25
  s.gun = facts(unit).gun;
  s.gunnery = gunnery(unit);
  if (shot == Shot::kCanister) {
    s.howitzer = facts(unit).howitzer;  // L215
    return s;
  }
  s.max_range = max_range_in(unit);
  s.long_fraction = opts_.long_fraction;
  if (shot == Shot::kSolidShot) {
    s.target = solid_shot_situation(unit, target);
    s.further_mode = opts_.further_mode;
    return s;
  }
  s.nearby_units = 0;  // the scatter is rolled unit by unit
  s.scatter_nearest = opts_.scatter_nearest;
  s.class_modifiers = opts_.shell_class_modifiers;
  if (shot == Shot::kShell) {
    s.min_range = opts_.shell_min_in;
  } else {
    s.shrapnel_fraction = opts_.shrapnel_fraction;
  }
  return s;
}

// D12-35, L146-L149: the target's situation as the ball meets it. A line struck along its
// frontage is enfiladed ("Flank of Line", 6D); a march column struck from the side is
// "Flank of March Column" (2D), end on it is "All Others" (6D); cavalry in line counts as
// a line, cavalry in column as "All Others"; a unit in a building is "Building".
std::string_view BattleED::solid_shot_situation(int unit, int target) const {
  const Unit& t = force_.units[target];
  if (cover(target) == Cover::kHard) return "building";
  const Rect tf = t.footprint();
  const Vec2 dir = (tf.centre - force_.units[unit].footprint().centre).normalized();
  const std::string& f = t.formation;
  if (f == "line"sv || f == "two-rank-line"sv)
    return along_frontage(tf, dir) ? "line-flank" : "line";
  if (t.arm == Arm::kCavalry) return "cavalry";
  if (f == "march-column"sv) return along_frontage(tf, dir) ? "march-column-flank" : "march-column";
  if (f == "column"sv) return "attack-column";
  if (f == "wide-column"sv || f == "square"sv) return f;
  if (f == "closed-column"sv) {
    return opts_.closed_column_proposed ? "closed-column" : "attack-column";
  }
  if (f == "skirmish"sv) return "skirmishers";
  if (f == "limbered"sv) return "limbered-artillery";
  if (f == "unlimbered"sv) return "unlimbered-artillery";
  return "other";
}

// R-001-6: the units the ball reaches behind its target, in order along the line of fire
// from the gun through the target's centre: each within 4" of the one before, up to
// `r001_6_max_further`, within the gun's maximum range; any side's units (the ball does
// not choose: the sheet names no exception), or with `r001_6_further_sides = enemies-only`
// only the firer's enemies (its friends are not on the line at all).
std::vector<int> BattleED::further_targets(int unit, int target) const {
  std::vector<int> out;
  if (opts_.further_mode == FurtherMode::kNone) return out;
  const int most = opts_.max_further;
  const bool enemies_only = opts_.further_enemies_only;
  const Vec2 from = force_.units[unit].footprint().centre;
  const Vec2 to = force_.units[target].footprint().centre;
  const Vec2 dir = (to - from).normalized();
  const Segment line{to, from + dir * (max_range_in(unit) * kMm)};
  std::vector<std::pair<double, int>> on_line;
  // A footprint the line crosses has its centre within its half diagonal of the line.
  const IdList near([&](std::vector<int>& ids) {
    if (live_.ready()) {
      live_near(line.a, line.b, 0, ids);
    } else {
      for (std::size_t i = 0; i < force_.units.size(); ++i) ids.push_back(static_cast<int>(i));
    }
  });
  for (const int o : near) {  // sorted below by distance along the line, then id
    const auto i = static_cast<std::size_t>(o);
    if (o == unit || o == target || !force_.units[i].on_table()) continue;
    if (enemies_only && force_.units[i].side == force_.units[unit].side) continue;
    const Rect r = force_.units[i].footprint();
    if ((r.centre - to).dot(dir) <= 0 || !crosses(r, line)) continue;
    on_line.emplace_back((r.centre - from).dot(dir), o);
  }
  std::sort(on_line.begin(), on_line.end());
  int last = target;
  for (const auto& [along, o] : on_line) {
    if (static_cast<int>(out.size()) >= most || gap_in(last, o) > 4.0) break;
    out.push_back(o);
    last = o;
  }
  return out;
}

// L175, R-001-5: the other units within 4" of the target, friend or foe (only the firer's
// enemies with `r001_5_scatter_sides = enemies-only`), nearest first (the nearest only with
// `r001_5_scatter = nearest-unit`); never the firing battery. The scatter is rolled as the
// shot aimed at the target (its range and modifiers).
std::vector<int> BattleED::scatter_units(int unit, int target) const {
  std::vector<std::pair<double, int>> near;
  const bool enemies_only = opts_.scatter_enemies_only;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int o = static_cast<int>(i);
    if (o == unit || o == target || !force_.units[i].on_table()) continue;
    if (enemies_only && force_.units[i].side == force_.units[unit].side) continue;
    if (within_in(target, o, 4.0)) near.emplace_back(gap_in(target, o), o);
  }
  std::sort(near.begin(), near.end());
  std::vector<int> out;
  for (const auto& [g, o] : near) out.push_back(o);
  if (opts_.scatter_nearest && out.size() > 1) out.erase(out.begin() + 1, out.end());
  return out;
}

void BattleED::artillery_fire(int unit, int target, const std::string& shot, bool reaction,
                              std::map<int, FireTally>& tally, EventLog& log) {
  const std::string& gun = facts(unit).gun;
  const bool heavy = gun == "heavy"sv || (gun == "medium"sv && opts_.medium_is_heavy);
  const std::string attack = shot == "solid-shot"sv ? (heavy ? "heavy-solid-shot" : "solid-shot")
                             : shot == "canister"sv ? "canister"
                                                    : "shell-shrapnel";
  const ShotSituation base = shot_at(unit, target, shot_named(shot), reaction);
  state_[unit].fired_ever = true;
  state_[unit].in_action = true;
  touch(unit);
  // One roll at one unit: hits, saves, the event; `how` says how the shot reached it.
  struct Struck {
    int unit, casualties, special;
  };
  std::vector<Struck> struck;
  auto strike = [&](int at, const ShotSituation& p, const std::string& how) -> bool {
    // D12-25: the natural 12s among the to-hit dice of a ball or canister aimed at `at`.
    const bool friendly = how.empty() && shot != "shell"sv && shot != "shrapnel"sv;
    std::vector<RollRecord> rolls;
    const FireOutcome fired = roll_shot(p, dice_, record_for(log, rolls));
    const Outcome& o = fired.fields;
    const bool on_target =
        shot == "shell"sv || shot == "shrapnel"sv ? outcome_int(o, "target-hit") > 0 : true;
    const int hits = std::min(outcome_int(o, "hits"), 60);
    if (!how.empty() && !log.quiet()) {
      for (RollRecord& r : rolls) r.purpose = fmt::format("{} ({})", r.purpose, how);
    }
    const double range = gap_in(unit, at);
    // L48, L254: canister at Short range into the target's flank or rear (D12-04).
    const bool flank =
        shot == "canister"sv && range <= canister_short_in(unit) && flank_or_rear(unit, at);
    const auto [casualties, special] = saves(at, hits, attack, flank, record_for(log, rolls));
    log.append(event(log, EventKind::kFire, unit, [&](Event& e) {
      e.text = how.empty() ? fmt::format("{} {}fires {} at {} ({:.1f}\")", name(unit),
                                         reaction ? "reactively " : "", shot, name(at), range)
                           : fmt::format("{}'s {} {}: {}", name(unit), shot, how, name(at));
      if ((shot == "shell"sv || shot == "shrapnel"sv) && !on_target) {
        e.text += how.empty() ? ": misses (L175: scatter within 4\")" : ": misses";
      } else {
        e.text += fmt::format(": {} hit{}, {} casualt{}", hits, hits == 1 ? "" : "s", casualties,
                              casualties == 1 ? "y" : "ies");
      }
      e.target = force_.units[at].id;
      e.rolls = std::move(rolls);
      e.data = {{"resolution", Value(shot)},
                {"hits", Value(std::int64_t{hits})},
                {"casualties", Value(std::int64_t{casualties})},
                {"range_in", Value(range)}};
      if (!how.empty()) e.data.emplace_back("how", Value(how));
      if (shot == "shell"sv || shot == "shrapnel"sv)
        e.data.emplace_back("target-hit", Value(on_target));
    }));
    FireTally& ft = tally[at];
    ft.casualties += casualties;
    if (casualties > 0 && flank) ft.flank_rear = true;                      // L48
    if (shot == "shell"sv || shot == "shrapnel"sv) ft.shell += casualties;  // L35
    if (shot == "canister"sv && (opts_.close_any_range || range <= canister_short_in(unit))) {
      ft.volley_canister_close += casualties;  // L36, D12-04 (Short range, or any)
    }
    struck.push_back({at, casualties, special});
    if (friendly) friendly_hits(unit, at, attack, fired.natural_12s, tally, log);  // D12-25
    return on_target;
  };
  if (shot == "solid-shot"sv) {
    const std::vector<int> behind = further_targets(unit, target);  // before casualties
    strike(target, base, "");
    for (std::size_t i = 0; i < behind.size(); ++i) {  // L223, R-001-6
      ShotSituation p = base;
      p.target = solid_shot_situation(unit, behind[i]);
      p.target_number = static_cast<int>(i + 2);
      // R-001-6 "the new target's situation", L199, D12-13: at its own range by default.
      if (opts_.further_range_own) p.range = gap_in(unit, behind[i]);
      p.general.friends_in_contact = contact_friend(unit, behind[i]) >= 0;  // L205
      strike(behind[i], p, "goes on through to");
    }
  } else if (!strike(target, base, "") && (shot == "shell"sv || shot == "shrapnel"sv)) {
    for (int o : scatter_units(unit, target)) strike(o, base, "scatters within 4\" onto");
  }
  for (const Struck& s : struck) take_casualties(s.unit, s.casualties, s.special, log);
}

}  // namespace smoothbore::elan_drill
