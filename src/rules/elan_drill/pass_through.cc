// Fleeing troops passing through friends (§5.1 L89 "Formed Units and Fleeing Troops passing
// through", its footnote lost; D12-20): a broken unit's flight (D12-05) may pass through
// friendly units but not enemies, and must end clear of every unit. Each formed friend it
// passed takes a 1D Drill test; its Sloppy/Failure DMs are as listed (L99-L103). Option
// `d12_20_pass_through`: formed-unit (default), fleeing-unit or both take the test.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/geometry/nearest.h"
#include "core/geometry/rect_frame.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/path_filters.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

double BattleED::flee_through(int unit, Vec2 dest, double budget_in, EventLog& log) {
  Unit& u = force_.units[unit];
  Stand& st = u.stands.front();
  const Vec2 c0 = st.rect.centre;
  const double length = distance(c0, dest);
  if (length < 1e-6) return 0;
  const Vec2 dir = (dest - c0) * (1.0 / length);
  const double reach = scenario_.table.reachable(c0, dest, budget_in * kMm, terrain_cost(unit));
  std::set<int> passed, pending;
  // Only units near the path can overlap a step (the order does not matter: sets, flags):
  // those on the table whose centre lies within both half diagonals (+1 mm) of the path,
  // each with its frame, worked out once, and the fleeing unit's frame stepped along the
  // path (RectFrame::moved_to): the same overlap tests as on the Rects, without two sines
  // and cosines per unit per step (issue 9, as move_unit).
  const double hr = half_diagonal(st.rect) + 1.0;
  const Segment path{c0, c0 + dir * reach};
  // Each also keeps, as move_unit's blockers do, the part of the path where overlaps() can
  // get past its first test (circle_span) and the next step it can overlap at (clear_run,
  // after a step clear of it): outside those it cannot overlap, so it is not measured
  // (issue 9: every step measured every unit near the path).
  struct Near {
    int unit;
    bool enemy;
    RectFrame frame;
    PathSpan span;
    double next = 0;
  };
  thread_local std::vector<Near> near;
  near.clear();
  auto consider = [&](int o) {
    const Unit& other = force_.units[static_cast<std::size_t>(o)];
    if (o == unit || !other.on_table()) return;
    const Rect f = other.footprint();
    if (point_segment_distance(f.centre, path) > hr + half_diagonal(f)) return;
    if (const auto span = circle_span(st.rect, f, c0, dir))
      near.push_back({o, other.side != u.side, RectFrame(f), *span, span->lo});
  };
  if (live_.ready()) {
    for (const int o : live_near(c0, c0 + dir * reach, hr)) consider(o);
  } else {
    for (std::size_t i = 0; i < force_.units.size(); ++i) consider(static_cast<int>(i));
  }
  const RectFrame fleeing(st.rect);
  double ok_t = 0;
  for (double t = std::min(kPathStep, reach); t <= reach + 1e-9; t += kPathStep) {
    t = std::min(t, reach);
    const RectFrame r = fleeing.moved_to(c0 + dir * t);
    // As table.contains(r.rect), on the frame's corners (issue 9: r.rect.corners() framed
    // the footprint again at every step, a sine and a cosine; movement.cc's on_table).
    if (!on_table(r)) break;
    bool blocked = false, clear = true;
    for (Near& n : near) {
      if (t < n.next || t > n.span.hi) continue;
      if (!overlaps(r, n.frame, 0.01)) {
        n.next = t + clear_run(r, n.frame, dir, 0.01);
        continue;
      }
      clear = false;
      if (n.enemy) blocked = true;  // enemies stop the flight
      pending.insert(n.unit);
    }
    if (blocked) break;
    if (clear) {  // a spot it may stop on: the friends on the way were passed through
      ok_t = t;
      passed.insert(pending.begin(), pending.end());
      pending.clear();
    }
    if (t >= reach) break;
  }
  st.rect.centre = c0 + dir * ok_t;
  refile(unit);
  const std::string& who = opts_.pass_through;
  bool fleeing_tested = false;
  for (int f : passed) {
    if (who != "fleeing-unit"sv && active(f) && force_.units[f].formation != "skirmish"sv)
      pass_through_test(f, unit, log);
    if (who != "formed-unit"sv && !fleeing_tested && force_.units[unit].on_table()) {
      pass_through_test(unit, f, log);
      fleeing_tested = true;
    }
  }
  return ok_t;
}

// L89: a 1D Drill test; Sloppy/Failure/Disgrace DMs land (D12-20: "DMs as listed").
void BattleED::pass_through_test(int unit, int other, EventLog& log) {
  std::vector<RollRecord> rolls;
  const Outcome o = drill_test(unit, "fleeing-pass-through", record_for(log, rolls));
  Event e = event(log, EventKind::kMorale, unit, [&](Event& ev) {
    ev.text = fmt::format("{} Drill test: fleeing troops pass through ({}, L89): {}", name(unit),
                          name(other), rolls.empty() ? "" : rolls.back().result);
    ev.rolls = std::move(rolls);
    ev.target = force_.units[other].id;
  });
  apply_test(unit, o, "fleeing troops passing through", std::move(e), log);
}

}  // namespace smoothbore::elan_drill
