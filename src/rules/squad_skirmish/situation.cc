// From the table to the published resolutions: options, a squad's ratings, ranges and line
// of sight (SK-06), cover (SK-19), command (SK-10) and the parameters of each resolution, so
// the battle calls the same functions `smoothbore odds squad-skirmish` enumerates.
#include <algorithm>
#include <bit>
#include <cmath>

#include "core/geometry/sight.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/squad_skirmish.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

namespace {

Params complete(const std::string& name, const std::map<std::string, Value>& given) {
  return ruleset().battle_params(name, given);
}

Value text(std::string_view s) { return Value(std::string(s)); }

}  // namespace

std::size_t most_central(const std::vector<Vec2>& points, double* margin) {
  // Each point's greatest square distance to the others, each pair's square worked out once
  // (p - q is -(q - p) exactly, so both squares are the same double).
  thread_local std::vector<double> far2;
  far2.assign(points.size(), 0.0);
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (std::size_t j = i + 1; j < points.size(); ++j) {
      const Vec2 d = points[i] - points[j];
      const double square = d.x * d.x + d.y * d.y;
      far2[i] = std::max(far2[i], square);
      far2[j] = std::max(far2[j], square);
    }
  }
  std::size_t best = 0;
  double best_far = 1e300;
  if (margin != nullptr) *margin = 1e300;
  for (std::size_t i = 0; i < points.size(); ++i) {
    // The farthest distance as the root of the greatest square (the same double).
    const double far = std::sqrt(far2[i]);
    if (margin != nullptr) *margin = std::min(*margin, std::abs(far - (best_far - 1e-9)));
    if (far < best_far - 1e-9) {
      best_far = far;
      best = i;
    }
  }
  return best;
}

const std::string& BattleSK::option(const std::string& n) const {
  return scenario_.options.get_string(n);
}
double BattleSK::option_number(const std::string& n) const {
  return as_number(scenario_.options.values().at(n));
}
bool BattleSK::option_bool(const std::string& n) const { return scenario_.options.get_bool(n); }

std::vector<int> BattleSK::living(int unit) const {
  std::vector<int> out;
  living(unit, out);
  return out;
}

void BattleSK::living(int unit, std::vector<int>& out) const {
  out.clear();
  out.reserve(force_.units[unit].stands.size());  // one allocation for a fresh vector, not five
  for (std::size_t k = 0; k < force_.units[unit].stands.size(); ++k) {
    if (alive(unit, static_cast<int>(k))) out.push_back(static_cast<int>(k));
  }
}

bool BattleSK::can_act(int unit) const {
  return force_.units[unit].status == UnitStatus::kActive && figure_count(unit) > 0;
}
bool BattleSK::mounted(int unit) const {
  if (squads_[unit].dismounted) return false;  // SK-20: dismounted cavalry are infantry
  return arms_[static_cast<std::size_t>(unit)].mounted_attribute ||
         force_.units[unit].arm == Arm::kCavalry;
}
// SK-09: the layout keeps a formed squad in base contact; in three or more ranks it is Formed
// only with sk_09_formed = contact-any-ranks.
int BattleSK::ranks(int unit) const {
  const int figs = std::max(1, figure_count(unit));
  const int per_row =
      (figs + formed_ranks(force_.units[unit]) - 1) / formed_ranks(force_.units[unit]);
  return (figs + per_row - 1) / per_row;
}
bool BattleSK::formed(int unit) const {
  return force_.units[unit].formation == "formed" && figure_count(unit) > 1 &&
         (ranks(unit) <= 2 || hot_.formed_any_ranks);
}
bool BattleSK::leaderless(int unit) const { return squads_[unit].leaderless_turn >= 0; }

int BattleSK::reload_actions(int unit, bool tap) const {
  const Arms& a = arms_[static_cast<std::size_t>(unit)];  // the weapon's row, read once
  return tap ? a.tap_reload : a.reload;
}

int BattleSK::anchor_figure(int unit) const {
  const SquadState& s = squads_[unit];
  if (s.leader >= 0 && alive(unit, s.leader)) return s.leader;
  return kept_answer(anchor_kept_, unit, 0, &anchor_checks_,
                     [&] { return anchor_figure_fresh(unit); });
}

int BattleSK::anchor_figure_fresh(int unit) const {
  const SquadState& s = squads_[unit];
  if (s.leader >= 0 && alive(unit, s.leader)) return s.leader;
  const Vec2 c = footprint_of(unit).centre;
  int best = -1;
  for (int k : living(unit)) {
    if (best < 0 || distance(pos(unit, k), c) < distance(pos(unit, best), c)) best = k;
  }
  return best;
}

Vec2 BattleSK::anchor(int unit) const {
  const int k = anchor_figure(unit);
  return k >= 0 ? pos(unit, k) : footprint_of(unit).centre;
}

// The least of the centres' distances, as the square root of the least square (the root is
// monotonic and correctly rounded: the same double as the least of the roots).
// b's figures' centres lie in its footprint's box, grown here by a millimetre (far above the
// rounding of the box and of the squares): a figure of `a` whose square gap to that box is over
// the least square so far is farther from each of them, and its row is skipped (issue 9: the
// nearest enemy's exact gaps were a twentieth of a 10,000-figure turn).
double BattleSK::gap_in(int a, int b) const {
  double best = -1;
  const auto& as = force_.units[a].stands;
  const auto& bs = force_.units[b].stands;
  const bool boxed = !fp_box_.empty();
  const Box bb = boxed ? grown(fp_box_[static_cast<std::size_t>(b)], 1.0) : Box{};
  for (const Stand& i : as) {
    if (i.removed) continue;
    if (boxed && best >= 0) {
      const Vec2 c = i.rect.centre;
      const double dx = std::max({bb.min.x - c.x, c.x - bb.max.x, 0.0});
      const double dy = std::max({bb.min.y - c.y, c.y - bb.max.y, 0.0});
      if (dx * dx + dy * dy > best) continue;
    }
    for (const Stand& j : bs) {
      if (j.removed) continue;
      const Vec2 d = i.rect.centre - j.rect.centre;
      const double square = d.x * d.x + d.y * d.y;  // as Vec2::length() sums it
      if (best < 0 || square < best) best = square;
    }
  }
  return (best < 0 ? 1e18 : std::sqrt(best)) / kMm;
}

// gap_in(a, b) <= limit_in, the same answer without always finding the least: false at once
// when the footprints' boxes (which hold the figures' centres) are farther apart than the
// limit, with a margin for rounding; true at the first pair of centres within it (the root
// and the division are monotonic, so the least pair is within it too).
bool BattleSK::gap_within(int a, int b, double limit_in) const {
  if (!fp_box_.empty() && limit_in < 1e15 &&
      box_gap(fp_box_[static_cast<std::size_t>(a)], fp_box_[static_cast<std::size_t>(b)]) >
          limit_in * kMm * (1 + 1e-9) + 1e-6) {
    return false;
  }
  bool any = false;
  for (const Stand& i : force_.units[a].stands) {
    if (i.removed) continue;
    for (const Stand& j : force_.units[b].stands) {
      if (j.removed) continue;
      any = true;
      const Vec2 d = i.rect.centre - j.rect.centre;
      if (std::sqrt(d.x * d.x + d.y * d.y) / kMm <= limit_in) return true;
    }
  }
  return !any && 1e18 / kMm <= limit_in;
}

// SK-12, SK-14: the most a squad can move, 12" infantry (2d6) and 18" cavalry (3d6).
double BattleSK::max_move_in(int unit) const {
  return mounted(unit) ? hot_.cavalry_max_in : hot_.infantry_max_in;
}

bool BattleSK::sees(Vec2 a, Vec2 b) const {
  return terrain_sight_.clear(scenario_.table, 2.0 * kMm, a, b);  // 2" into woods
}

// SK-06: figure k of `unit` sees figure j of `target`: terrain (sees), and, with
// sk_06_figures_block other-squads, not every sight line between the two bases blocked by
// figures of other squads (the core's line_of_sight; only those near the line are tried).
bool BattleSK::sees_figure(int unit, int k, int target, int j) const {
  return sees_figure_past(unit, k, target, j, false);
}
bool BattleSK::sees_figure_scan(int unit, int k, int target, int j) const {
  return sees_figure_past(unit, k, target, j, true);
}

// The blockers are the figures of other squads on the table whose centres lie within 40 mm of
// the line, in unit then figure order; `scan`: found by a scan of every squad (tests).
bool BattleSK::sees_figure_past(int unit, int k, int target, int j, bool scan) const {
  const Vec2 a = pos(unit, k);
  const Vec2 b = pos(target, j);
  if (!sees(a, b)) return false;
  if (!hot_.figures_block) return true;
  const Segment line{a, b};
  // Only the squads whose footprint's box (which holds their figures' centres) meets the
  // line's box grown by 40 mm and a millimetre for rounding; a centre outside that box is
  // farther than 40 mm from the line, skipped before the exact test.
  const Box box{{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
  const Box q = grown(box, 41.0);
  std::vector<int>& squads = sight_ids_;
  if (scan) {
    squads.resize(force_.units.size());
    for (std::size_t u = 0; u < squads.size(); ++u) squads[u] = static_cast<int>(u);
  } else {
    squads_in(q, squads);
  }
  std::vector<Blocker>& blockers = blockers_;
  blockers.clear();
  for (int ui : squads) {
    const Unit& u = force_.units[static_cast<std::size_t>(ui)];
    if (ui == unit || ui == target || !u.on_table()) continue;
    for (const Stand& st : u.stands) {
      const Vec2 c = st.rect.centre;
      if (st.removed) continue;
      if (!scan && (c.x < q.min.x || c.x > q.max.x || c.y < q.min.y || c.y > q.max.y)) continue;
      if (point_segment_distance(c, line) > 40.0) continue;
      blockers.push_back({st.rect, u.side == force_.units[unit].side});
    }
  }
  if (blockers.empty()) return true;
  const Rect& from = force_.units[unit].stands[static_cast<std::size_t>(k)].rect;
  Rect seen_from = from;
  seen_from.facing = bearing_of(b - a);  // the figure turns to fire
  // Terrain is judged above, on the centre line: here only the figures in the way count.
  return any_sight_line_clear(seen_from, force_.units[target].stands[j].rect, blockers);
}

// SK-06: measured to the nearest visible target figure (or to its squad leader).
double BattleSK::range_in(int unit, int k, int target) const {
  return range_within(unit, k, target, 1e18);
}

// The nearest visible figure is the first visible one in order of distance (ties in distance
// give the same range), so line of sight is traced nearest first and stops at the first seen,
// or once the figures left are beyond `limit_in` (then -1, as for none seen).
double BattleSK::range_within(int unit, int k, int target, double limit_in) const {
  const std::uint64_t key = (static_cast<std::uint64_t>(unit) << 42) |
                            (static_cast<std::uint64_t>(k) << 21) |
                            static_cast<std::uint64_t>(target);
  // A range found is exact whatever the limit; "none within L" answers any limit up to L.
  if (const auto* kept = sight_.range.find(key)) {
    const auto [r, traced_to] = *kept;
    if (r >= 0) return r <= limit_in ? r : -1;
    if (limit_in <= traced_to) return -1;
  }
  const double r = trace_range(unit, k, target, limit_in);
  sight_.range.put(key, {r, limit_in});
  return r;
}

double BattleSK::trace_range(int unit, int k, int target, double limit_in) const {
  const Vec2 from = pos(unit, k);
  if (hot_.measure_leader && squads_[target].leader >= 0) {
    const int l = squads_[target].leader;
    return sees_figure(unit, k, target, l) ? distance(from, pos(target, l)) / kMm : -1;
  }
  // The target's figures lie in its footprint's box: one farther than the limit (with a margin
  // for rounding) has none within it, and no figure to trace.
  if (!fp_box_.empty() && box_gap(fp_box_[static_cast<std::size_t>(target)], Box{from, from}) >
                              limit_in * kMm * (1 + 1e-9) + 1e-6) {
    return -1;
  }
  const auto& stands = force_.units[target].stands;
  std::vector<std::pair<double, int>>& order = order_;  // sees_figure does not trace ranges
  order.clear();
  // By the squares of the distances (Vec2::length's sum, so each range is the root of its
  // square in inches, the same double as distance() / kMm): a nearer square is never a longer
  // range, so the first figure seen in this order has the least range of those seen.
  for (std::size_t j = 0; j < stands.size(); ++j) {
    if (!stands[j].removed) {
      const Vec2 d = from - stands[j].rect.centre;
      order.emplace_back(d.x * d.x + d.y * d.y, static_cast<int>(j));
    }
  }
  // Nearest first, as a sort of the (square, figure) pairs would order them, by picking the
  // least left each time: the nearest figure is mostly seen, so one pass usually answers.
  for (std::size_t left = order.size(); left > 0; --left) {
    std::size_t least = 0;
    for (std::size_t i = 1; i < left; ++i) {
      if (order[i] < order[least]) least = i;
    }
    const int j = order[least].second;
    const double d = std::sqrt(order[least].first) / kMm;
    if (d > limit_in) return -1;
    if (sees_figure(unit, k, target, j)) return d;
    order[least] = order[left - 1];
  }
  return -1;
}

bool BattleSK::in_range(int unit, int k, int target) const {
  const Figure& f = figures_[unit][k];
  // SK-20 pistol-only: mounted figures fire only pistols.
  if (hot_.pistol_only && mounted(unit) && weapon(unit) != "pistol") return false;
  const double effective =
      f.tap ? hot_.musket_effective_in : arms_[static_cast<std::size_t>(unit)].effective_in;
  const double r = range_within(unit, k, target, effective);
  return r >= 0 && r <= effective;
}

// Every figure fires at most its weapon's effective range or, tap-loaded, a musket's (L73), and
// measures it from its centre to a target figure's (or the squad leader's): both lie in their
// footprints' boxes, so a gap between the boxes beyond both ranges (with trace_range's margin
// for rounding) leaves every figure out of range without a trace.
bool BattleSK::out_of_fire(int unit, int target) const {
  if (fp_box_.empty()) return false;
  const double reach_in =
      std::max(arms_[static_cast<std::size_t>(unit)].effective_in, hot_.musket_effective_in);
  return box_gap(fp_box_[static_cast<std::size_t>(unit)],
                 fp_box_[static_cast<std::size_t>(target)]) > reach_in * kMm * (1 + 1e-9) + 1e-6;
}

// Living officers of `side` within `inches` of `p`, as unit * 100 + figure (the officers'
// list, in that order). With many officers, only the side's figures near `p` are tried (the
// figures' index: ids in unit then figure order, the codes' order).
std::vector<int> BattleSK::officers_near(int side, Vec2 p, double inches) const {
  if (officers_.size() > kFewOfficers && !fig_base_.empty()) {
    std::vector<int> out;
    const double r = inches * kMm + 1.0;
    std::vector<int>& ids = officer_ids_;
    all_figs_.query(Box{{p.x - r, p.y - r}, {p.x + r, p.y + r}}, ids);  // `side`'s, below
    for (int id : ids) {
      const int ui = fig_unit_[static_cast<std::size_t>(id)];
      const int k = id - fig_base_[static_cast<std::size_t>(ui)];
      if (figures_[ui][k].role != Role::kOfficer ||
          !std::binary_search(officers_.begin(), officers_.end(), ui * 100 + k)) {
        continue;
      }
      const Unit& u = force_.units[static_cast<std::size_t>(ui)];
      if (u.side != side || !u.on_table() || !alive(ui, k)) continue;
      if (distance(pos(ui, k), p) <= inches * kMm) out.push_back(ui * 100 + k);
    }
    return out;
  }
  return officers_near_scan(side, p, inches);
}

std::vector<int> BattleSK::officers_near_scan(int side, Vec2 p, double inches) const {
  std::vector<int> out;
  for (int code : officers_) {
    const int ui = code / 100;
    const int k = code % 100;
    const Unit& u = force_.units[static_cast<std::size_t>(ui)];
    if (u.side != side || !u.on_table() || !alive(ui, k)) continue;
    if (figures_[ui][k].role == Role::kOfficer && distance(pos(ui, k), p) <= inches * kMm) {
      out.push_back(code);
    }
  }
  return out;
}

// L29, L36: failing by 1-2, or leaderless until a field promotion: load / fire / retreat to
// cover only.
bool BattleSK::restricted(int unit) const {
  return squads_[unit].faltered_turn == turn_ || leaderless(unit);
}

// SK-12: a charge may be declared at an enemy within the maximum move (or any distance).
bool BattleSK::can_charge(int unit, int target) const {
  if (!can_act(unit) || cannon(unit) || restricted(unit) || squads_[unit].locked >= 0) return false;
  const Unit& t = force_.units[target];
  if (t.side == force_.units[unit].side || !t.on_table() || figure_count(target) == 0) {
    return false;
  }
  if (hot_.charge_any_distance) return true;
  return gap_within(unit, target, max_move_in(unit));
}

// §10 L99: a wounded hero's -1 applies to all his rolls, his fire too.
bool BattleSK::wounded_hero(int unit, int k) const {
  const Figure& f = figures_[unit][k];
  return f.hero_hits >= 2 && hot_.heroes &&
         (f.role == Role::kLeader || (f.role == Role::kOfficer && hot_.heroes_officers));
}
bool BattleSK::formed_target(int target) const { return formed(target) && hot_.formed_target; }
// SK-08: canister kills capped at the target's figures, or (none) not capped.
int BattleSK::canister_cap(int target) const {
  return hot_.chain_limit_none ? 20 : std::clamp(figure_count(target), 1, 20);
}
bool BattleSK::officer_with(int target) const {
  return kept_answer(officer_kept_, target, status_version_, &officer_checks_,
                     [&] { return officer_with_fresh(target); });
}
bool BattleSK::officer_with_fresh(int target) const {
  return !officers_near(force_.units[target].side, anchor(target), hot_.officer_in).empty();
}

detail::FireSituation BattleSK::squad_fire(int unit, int target, bool volley) const {
  detail::FireSituation f;
  f.weapon = weapon(unit);
  f.quality = quality(unit);
  f.mounted = mounted(unit);
  f.target_formed = formed_target(target);
  f.volley = volley;
  f.target_size = canister_cap(target);
  f.leader = squads_[target].leader >= 0;
  f.officer = officer_with(target);
  f.natural_face = hot_.natural_face;
  f.natural_kills = hot_.natural_kills;
  f.missing_ranker = hot_.missing_ranker;
  f.chain = hot_.chain;
  f.ball_close = hot_.ball_close;
  return f;
}

void BattleSK::figure_fire(int unit, int k, int target, detail::FireSituation& f) const {
  f.range = std::max(0.0, range_in(unit, k, target));
  f.cover = cover_of(target, pos(unit, k));
  f.wounded = wounded_hero(unit, k);
  f.canister = figures_[unit][k].canister;
  f.tap = figures_[unit][k].tap;
}

std::map<std::string, Value> BattleSK::fire_params(int unit, int k, int target, bool volley) const {
  const Figure& f = figures_[unit][k];
  const Vec2 from = pos(unit, k);
  return {
      {"weapon", text(weapon(unit))},
      {"range", Value(std::max(0.0, range_in(unit, k, target)))},
      {"quality", text(quality(unit))},
      {"mounted", Value(mounted(unit))},
      {"wounded", Value(wounded_hero(unit, k))},
      {"target-cover", text(cover_of(target, from))},
      {"target-formed", Value(formed_target(target))},
      {"volley", Value(volley)},
      {"canister", Value(f.canister)},
      {"tap-loaded", Value(f.tap)},
      {"target-size", Value(static_cast<std::int64_t>(canister_cap(target)))},
      {"squad-leader", Value(squads_[target].leader >= 0)},
      {"officer", Value(officer_with(target))},
      {"natural-10", text(option("sk_03_natural_10"))},
      {"natural-10-kills", Value(option_bool("sk_04_natural_10_kills"))},
      {"missing-victim", text(option("sk_05_missing_victim"))},
      {"canister-chain", text(option("sk_08_canister_chain"))},
      {"ball-close", text(option("sk_24_ball_close"))},
  };
}

// L21-L25: the squad's base, figures lost, leader killed, formed, officer rallying, and the
// Heroes wound of its leader (L99).
detail::MoraleSituation BattleSK::morale_situation(int unit, bool rallying) const {
  const Unit& u = force_.units[unit];
  const SquadState& s = squads_[unit];
  detail::MoraleSituation m;
  m.quality = quality(unit);
  m.figures_lost = std::clamp(u.start_figures - u.figures(), 0, 12);
  m.leader_killed = leaderless(unit);
  m.formed = formed(unit);
  m.officer_rallying = rallying;
  m.wounded_leader = s.leader >= 0 && figures_[unit][s.leader].hero_hits >= 2 && hot_.heroes;
  return m;
}

std::map<std::string, Value> BattleSK::morale_params(int unit, bool rallying,
                                                     const std::string& prefix) const {
  const detail::MoraleSituation m = morale_situation(unit, rallying);
  return {{prefix + "quality", text(m.quality)},
          {prefix + "figures-lost", Value(static_cast<std::int64_t>(m.figures_lost))},
          {prefix + "leader-killed", Value(m.leader_killed)},
          {prefix + "formed", Value(m.formed)},
          {prefix + "officer-rallying", Value(m.officer_rallying)},
          {prefix + "wounded-leader", Value(m.wounded_leader)}};
}

// L89-L95 for figure a_k of a_unit (side a) against b_k of b_unit (side b).
std::map<std::string, Value> BattleSK::melee_params(int a_unit, int a_k, int b_unit, int b_k,
                                                    bool charging, bool versus_two) const {
  std::map<std::string, Value> p;
  auto side = [&](const std::string& s, int unit, int k, int enemy, int ek) {
    const Figure& f = figures_[unit][k];
    const bool hero = hot_.heroes && (f.role == Role::kLeader ||
                                      (f.role == Role::kOfficer && hot_.heroes_officers));
    p[s + "-cavalry"] = Value(force_.units[unit].arm == Arm::kCavalry);
    p[s + "-leader"] = Value(f.role != Role::kRanker);
    // SK-10: a ranker of a leaderless squad, or farther than sk_10_command_in from his leader.
    const int lead = squads_[unit].leader;
    const bool far = lead >= 0 && distance(pos(unit, k), pos(unit, lead)) > hot_.command_in * kMm;
    p[s + "-out-of-command"] = Value(f.role == Role::kRanker && (leaderless(unit) || far));
    p[s + "-cover"] = text(cover_at(pos(unit, k), pos(enemy, ek)));
    p[s + "-formed"] = Value(formed(unit));
    p[s + "-wounded"] = Value(hero && f.hero_hits >= 2);
  };
  side("a", a_unit, a_k, b_unit, b_k);
  side("b", b_unit, b_k, a_unit, a_k);
  p["a-charging"] = Value(charging);
  p["a-cover"] = text("none");  // the charger stands in the open before the defender
  p["b-versus-2"] = Value(versus_two);
  return p;
}

Outcome BattleSK::resolve(const std::string& n, const std::map<std::string, Value>& given,
                          std::vector<RollRecord>* rolls) {
  return ruleset().resolution(n)->resolve(complete(n, given), dice_, rolls);
}

}  // namespace smoothbore::squad_skirmish
