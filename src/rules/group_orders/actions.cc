// The candidate actions of a unit under its orders, and their exact assessments (what the
// doctrine weighs). The General's choice (H4-02): the first unit asked of each Group is
// offered the actions of every order it could give, each marked with that order in
// `Action::rate` ("advance", "reserve", "stand", "retreat"); the one chosen sets the Group's
// orders (through the order-change resolution) and the other units act under them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "core/geometry/rect_frame.h"
#include "core/geometry/same_bits.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/charge_pass.h"
#include "rules/group_orders/exact_odds.h"
#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/odds_memo.h"

namespace smoothbore::group_orders {

namespace {

// A new action of `unit` under `rate` (the rate's name made once: legal_actions gives every
// action of an order the same one), at the end of `out`: built in place (issue 9: each was
// built, then copied into the list).
Action& add(std::vector<Action>& out, int unit, const ShortName& rate) {
  Action& a = out.emplace_back();
  a.unit = unit;
  a.rate = rate;
  return a;
}

// A text's hash from its length and its first and last 8 bytes (issue 9: std::hash of the
// four or five texts of a key was a third of a kept answer's cost). The texts of a key are
// names (unit types, weapons, orders, formations, covers) that differ in those bytes; a
// clash would only share a bucket, never an answer (the keys compare every byte).
std::size_t text_bits(std::string_view t) {
  std::uint64_t head = 0, tail = 0;
  const std::size_t n = t.size();
  if (n >= 8) {
    std::memcpy(&head, t.data(), 8);
    std::memcpy(&tail, t.data() + n - 8, 8);
  } else {
    for (const char c : t) head = (head << 8) | static_cast<unsigned char>(c);
  }
  return static_cast<std::size_t>((head * 0x9e3779b97f4a7c15ULL) ^
                                  ((tail + n) * 0xc2b2ae3d27d4eb4fULL));
}

// A typed key's hash: its texts' and numbers' hashes mixed one into the next (as boost's
// hash_combine).
std::size_t facts_hash(std::initializer_list<std::string_view> texts,
                       std::initializer_list<std::size_t> numbers) {
  std::size_t h = 0;
  auto mix = [&h](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
  for (std::string_view t : texts) mix(text_bits(t));
  for (std::size_t n : numbers) mix(n);
  return h;
}

// Flags as the bits of one number, the first the highest.
std::size_t flag_bits(std::initializer_list<bool> flags) {
  std::size_t bits = 0;
  for (bool b : flags) bits = bits * 2 + (b ? 1 : 0);
  return bits;
}

}  // namespace

namespace {

// A typed key's hash: its words mixed one into the next (as boost's hash_combine).
std::size_t words_hash(std::initializer_list<std::uint64_t> words) {
  std::size_t h = 0;
  for (std::uint64_t w : words) {
    h ^= static_cast<std::size_t>(w * 0x9e3779b97f4a7c15ULL) + 0x9e3779b97f4a7c15ULL + (h << 6) +
         (h >> 2);
  }
  return h;
}

// A melee's every fact, the texts by their ids (issue 9: the texts were copied into the facts,
// hashed and compared byte by byte).
struct MeleeKey {
  std::uint16_t unit_type, enemy_type, orders, formation;
  int contact, terrain;
  std::uint32_t flags;
  bool operator==(const MeleeKey&) const = default;
};

MeleeKey melee_key(const BattleGO::MeleeFacts& f) {
  return MeleeKey{
      f.unit_type.id,
      f.enemy_type.id,
      f.orders.id,
      f.formation.id,
      f.contact,
      f.terrain,
      static_cast<std::uint32_t>(flag_bits(
          {f.enemy_routing, f.high_morale, f.poor_morale, f.flank_rear, f.flanked, f.overlap,
           f.enemy_square_or_buildings, f.disorganised, f.enemy_defended, f.charged}))};
}

struct MeleeKeyHash {
  std::size_t operator()(const MeleeKey& k) const {
    return words_hash({(std::uint64_t{k.unit_type} << 48) | (std::uint64_t{k.enemy_type} << 32) |
                           (std::uint64_t{k.orders} << 16) | k.formation,
                       (std::uint64_t{static_cast<std::uint32_t>(k.contact)} << 32) |
                           static_cast<std::uint32_t>(k.terrain),
                       k.flags});
  }
};

}  // namespace

MeleeKills melee_kills_fresh(const BattleGO::MeleeFacts& f) {
  MeleeKills kills = {0, 0, 0, 0};
  for (const auto& [result, p] : melee_odds(BattleGO::melee_situation(f))) {
    kills[static_cast<std::size_t>(BattleGO::kills_of(result))] += p;
  }
  return kills;
}

// Per thread, bounded as memo_odds.
MeleeKills melee_kills(const BattleGO::MeleeFacts& f) {
  thread_local std::unordered_map<MeleeKey, MeleeKills, MeleeKeyHash> kept;
  const MeleeKey key = melee_key(f);
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  if (kept.size() >= kMaxOdds) kept.clear();
  const MeleeKills v = melee_kills_fresh(f);
  kept.emplace(key, v);
  return v;
}

namespace {

// A shot's kept expected kills: every fact of shooting_params but the range, which its class
// replaces, and the options' key (ShotRules::key_id); the texts by their ids.
struct ShotKey {
  std::uint16_t shooter, weapon, orders, target_cover, target_formation, rules;
  int stands, range_class;
  std::uint32_t flags;
  bool operator==(const ShotKey&) const = default;
};

struct ShotKeyHash {
  std::size_t operator()(const ShotKey& k) const {
    return words_hash(
        {(std::uint64_t{k.shooter} << 48) | (std::uint64_t{k.weapon} << 32) |
             (std::uint64_t{k.orders} << 16) | k.target_cover,
         (std::uint64_t{k.target_formation} << 48) | (std::uint64_t{k.rules} << 32) | k.flags,
         (std::uint64_t{static_cast<std::uint32_t>(k.stands)} << 32) |
             static_cast<std::uint32_t>(k.range_class)});
  }
};

ShotKey shot_key(const BattleGO::ShootingFacts& f, int range_class, TextId rules_key) {
  return ShotKey{f.shooter.id,
                 f.weapon.id,
                 f.orders.id,
                 f.target_cover.id,
                 f.target_formation.id,
                 rules_key.id,
                 f.stands,
                 range_class,
                 static_cast<std::uint32_t>(flag_bits({f.moved, f.poor_shots, f.disordered,
                                                       f.first_shot, f.target_light_infantry}))};
}

// A per-thread answer by a shot's key, bounded as memo_odds.
template <typename V>
V kept_by_shot(std::unordered_map<ShotKey, V, ShotKeyHash>& kept, const ShotKey& key,
               const std::function<V()>& compute) {
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  if (kept.size() >= kMaxOdds) kept.clear();
  const V v = compute();
  kept.emplace(key, v);
  return v;
}

}  // namespace

double kept_shot_kills(const BattleGO::ShootingFacts& f, int range_class, TextId rules_key,
                       const std::function<double()>& compute) {
  thread_local std::unordered_map<ShotKey, double, ShotKeyHash> kept;
  return kept_by_shot(kept, shot_key(f, range_class, rules_key), compute);
}

ShotModifierTotal kept_shot_modifiers(const BattleGO::ShootingFacts& f, int range_class,
                                      TextId rules_key,
                                      const std::function<ShotModifierTotal()>& compute) {
  thread_local std::unordered_map<ShotKey, ShotModifierTotal, ShotKeyHash> kept;
  return kept_by_shot(kept, shot_key(f, range_class, rules_key), compute);
}

namespace {

// A charge test's key: every field of the situation, the General's distance by its class.
struct ChargeTestHash {
  std::size_t operator()(const MoraleSituation& s) const {
    return facts_hash(
        {s.unit_class, s.test, s.orders, s.general_range, s.losses},
        {flag_bits({s.artillery, s.won_casualties, s.lights_charging_lights, s.high_morale,
                    s.uphill_or_cover, s.artillery_fire, s.disordered, s.poor_or_militia_open,
                    s.higher_factor_charge, s.charged_by_cavalry_open, s.charged_flank_rear,
                    s.half_strength, s.split_b}),
         static_cast<std::size_t>(s.melees_won) * 131 + static_cast<std::size_t>(s.melees_lost),
         static_cast<std::size_t>(s.losses_percent), static_cast<std::size_t>(s.general_cm + 1)});
  }
};

}  // namespace

double charge_pass_fresh(const MoraleSituation& s) {
  double sum = 0;
  for (const MoraleOdds& o : morale_odds(s)) {
    if (o.result == "keep") sum += o.probability;
  }
  return sum;
}

// Per thread, bounded as memo_odds (issue 9: a text key built per ask before).
double kept_charge_pass(MoraleSituation& s) {
  thread_local std::unordered_map<MoraleSituation, double, ChargeTestHash> kept;
  const double cm = s.general_cm;
  s.general_cm = morale_general_class(cm);
  if (auto it = kept.find(s); it != kept.end()) {
    s.general_cm = cm;
    return it->second;
  }
  if (kept.size() >= kMaxOdds) kept.clear();
  s.general_cm = cm;
  const double sum = charge_pass_fresh(s);
  s.general_cm = morale_general_class(cm);
  kept.emplace(s, sum);
  s.general_cm = cm;
  return sum;
}

// Per thread (issue 9: probability() built its parameters and a text key per ask).
double infantry_charge_pass(bool heavy_or_defences, bool half_strength) {
  thread_local std::array<double, 4> kept{};
  thread_local std::array<bool, 4> known{};
  const std::size_t k = (heavy_or_defences ? 2 : 0) + (half_strength ? 1 : 0);
  if (!known[k]) {
    kept[k] = BattleGO::probability(
        "infantry-charge",
        {{"heavy-or-defences", Value(heavy_or_defences)}, {"half-strength", Value(half_strength)}},
        "result", "charge");
    known[k] = true;
  }
  return kept[k];
}

std::vector<Action> BattleGO::legal_actions(int unit) const {
  std::vector<Action> out;
  // One allocation for the usual list: a General's every order, a Reserve move to each objective.
  out.reserve(32 + scenario_.objectives.size());
  legal_actions_into(unit, out);
  return out;
}

namespace {

// A Reserve move's facing left to settle_facing: -(kGoalFacings + 1 + i) for the i-th of the
// goals kept (legal_goals_), beyond every -(k + 1) of the directions kept (legal_dirs_: three
// at most, an Advance's).
constexpr std::size_t kGoalFacings = std::size_t{1} << 16;

// A Reserve move's facing left as its goal's place `k` (kGoalFacings + i): the bearing from
// the unit's centre, kept last in `goals`, toward the i-th, as the Reserve loop works out its
// direction. Not inlined: settle_facing, asked once a unit, stays small enough to be.
[[gnu::noinline]] void settle_goal_facing(Action& a, std::size_t k,
                                          const std::vector<Vec2>& goals) {
  if (k >= kGoalFacings && k - kGoalFacings + 1 < goals.size()) {
    a.facing = bearing_of((goals[k - kGoalFacings] - goals.back()).normalized());
  }
}

}  // namespace

void BattleGO::settle_facing(Action& a) const {
  if (a.kind != ActionKind::kMove || !(a.facing < 0)) return;
  const std::size_t k = static_cast<std::size_t>(-a.facing) - 1;
  if (k < legal_dirs_.size()) {
    a.facing = bearing_of(legal_dirs_[k]);
  } else {
    settle_goal_facing(a, k, legal_goals_);
  }
}

void BattleGO::legal_actions_into(int unit, std::vector<Action>& out, bool move_facings) const {
  out.clear();
  legal_dirs_.clear();
  // A move's facing toward `dir`: bearing_of(dir), or its place among the directions kept
  // for settle_facing (a bearing is never negative).
  auto facing_toward = [&](Vec2 dir) {
    if (move_facings) return bearing_of(dir);
    legal_dirs_.push_back(dir);
    return -static_cast<double>(legal_dirs_.size());
  };
  add(out, unit, ShortName());  // hold: keep the orders, act under them
  if (!active(unit)) return;
  const Unit& u = force_.units[unit];
  // The kept frame (placed()): the footprint, its axes and corners, no sine or cosine.
  const RectFrame& my_frame = frame(unit);
  const Rect& fp = my_frame.rect;
  const Vec2 ahead = my_frame.f;  // fp.forward()
  const bool general =
      carries_group_orders(unit) && !settled_.empty() && !settled_[state_[unit].group];
  // The orders to act under: the unit's, or each a General may choose (no heap: ids).
  std::array<OrdersId, 4> orders = {orders_id(unit)};
  std::size_t n_orders = 1;
  if (general) {
    orders = {OrdersId::kReserve, OrdersId::kAdvance, OrdersId::kStand, OrdersId::kRetreat};
    n_orders = orders.size();
  }
  const int enemy = nearest_enemy(unit);
  // Far from the enemy the General weighs Reserve first (L10-L11), close Advance first.
  if (general && enemy >= 0 && gap_cm(unit, enemy) < 30) std::swap(orders[0], orders[1]);
  const double speed_cm = max_speed_cm(unit);  // the orders do not change while we ask
  const double speed = speed_cm * kCm;
  const Vec2 home = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
  // A shot at every target in reach on Stand (L22, H4-06). The targets are found once: a
  // General's guns are offered them under Advance (L4) and under Stand.
  std::vector<int>& targets = legal_targets_;
  bool targets_found = false;
  auto add_fire = [&](const ShortName& rate) {
    if (!targets_found) {
      targets_found = true;
      targets.clear();
      in_weapon_reach(unit, legal_ids_);
      for (int t : legal_ids_) {
        if (can_shoot_at(unit, t, OrdersId::kStand)) targets.push_back(t);
      }
    }
    for (int t : targets) {
      Action& f = add(out, unit, rate);
      f.kind = ActionKind::kFire;
      f.target = t;
    }
  };
  for (std::size_t oi = 0; oi < n_orders; ++oi) {
    const OrdersId o = orders[oi];
    const ShortName rate(general ? std::string_view(orders_name(o)) : std::string_view());
    if (o == OrdersId::kAdvance && enemy >= 0) {
      // L4: artillery in range may switch to Stand (not if it started the turn on Stand).
      if (u.arm == Arm::kArtillery && !state_[unit].started_on_stand) add_fire(rate);
      // Straight ahead, at the nearest Massed enemy and at the nearest enemy: a full move, a
      // half move (the least L4 asks of a Group) and one to musket range; none may end
      // further from the nearest Massed enemy (L5).
      // The nearest Massed enemy asked for here only (issue 9: most lists offer no Advance).
      const int massed_enemy = nearest_enemy(unit, true);
      const int goal = massed_enemy >= 0 ? massed_enemy : enemy;
      const RectFrame& goal_frame = frame(goal);
      const Rect& goal_fp = goal_frame.rect;
      const double gap_now = gap_mm(unit, goal);
      // The nearest enemy is often the nearest Massed one, and a musket-range move often a
      // full one: a move to the very same point keeps the first one's L5 verdict (the same
      // footprint, so the same distance, not worked out again).
      std::array<std::pair<Vec2, bool>, 9> judged;
      const double half_diagonal = std::sqrt(my_frame.hw * my_frame.hw + my_frame.hd * my_frame.hd);
      std::size_t n_judged = 0;
      auto nearer = [&](Vec2 to) {
        for (std::size_t k = 0; k < n_judged; ++k) {
          const Vec2 p = judged[k].first;
          if (same_bits(p.x, to.x) && same_bits(p.y, to.y)) return judged[k].second;
        }
        // The end footprint's centre first, without its frame (issue 9): every point of the
        // footprint lies within its half diagonal of the centre, so the distance is at most
        // the centre's, and at least the centre's less the half diagonal (a micrometre of
        // margin, far above the rounding: the verdict is the full distance's either way).
        const double centre_gap = distance(goal_frame, to);
        if (centre_gap <= gap_now || centre_gap - half_diagonal > gap_now + 1e-3) {
          const bool ok = centre_gap <= gap_now;
          judged[n_judged++] = {to, ok};
          return ok;
        }
        Rect end = fp;
        end.centre = to;
        const RectFrame end_frame = frame_at(unit, end);
        // The distance is at most any corner's (to the rounding, far below 1e-6 mm): a corner
        // within gap_now of the goal passes without the full distance worked out (issue 9).
        bool ok = false;
        for (const Vec2 p : end_frame.corners) {
          if (distance(goal_frame, p) <= gap_now) {
            ok = true;
            break;
          }
        }
        if (!ok) ok = distance(end_frame, goal_frame) <= gap_now + 1e-6;
        judged[n_judged++] = {to, ok};
        return ok;
      };
      for (const Vec2 dir : {ahead, (goal_fp.centre - fp.centre).normalized(),
                             (frame(enemy).rect.centre - fp.centre).normalized()}) {
        double facing = 0;  // facing_toward(dir), once for the direction's moves
        bool faced = false;
        for (double len : {speed, speed / 2, gap_now - 9.5 * kCm}) {
          if (len < 0.5 * kCm) continue;
          if (!faced) {
            facing = facing_toward(dir);
            faced = true;
          }
          const Vec2 destination = fp.centre + dir * std::min(len, speed);
          if (!nearer(destination)) continue;
          Action& m = add(out, unit, rate);
          m.kind = ActionKind::kMove;
          m.moves = true;
          m.destination = destination;
          m.facing = facing;
        }
      }
      if (u.arm == Arm::kArtillery) continue;
      // H4-08: charges at enemies to the front within a move.
      near_enemies(filed_box(unit), speed + 1.0, u.side, legal_ids_);
      for (int ti : legal_ids_) {
        const Unit& t = force_.units[ti];
        if (t.side == u.side || !t.on_table()) continue;
        // Beyond a move by the centres alone (over 1 mm, so gap_cm too): no full distance.
        if (surely_farther(my_frame, frame(ti), speed) || gap_cm(unit, ti) > speed_cm) {
          continue;
        }
        if (zone_of(my_frame, frame(ti).rect.centre) != Zone::kFront) continue;
        Action& c = add(out, unit, rate);
        c.kind = ActionKind::kCharge;
        c.target = ti;
      }
    } else if (o == OrdersId::kReserve) {
      if (u.arm == Arm::kArtillery) {  // L20: artillery only pivots
        if (enemy >= 0) {
          Action& f = add(out, unit, rate);
          f.kind = ActionKind::kFace;
          f.facing = bearing_of(frame(enemy).rect.centre - fp.centre);
        }
        continue;
      }
      Vec2 onward = fp.centre;
      // The nearest enemy's centre (if any), then the objectives: the kept list, viewed; last
      // the unit's centre, for settle_facing.
      if (legal_goals_.size() != scenario_.objectives.size() + 2) {
        legal_goals_.assign(1, Vec2{});
        for (const Objective& ob : scenario_.objectives) legal_goals_.push_back(ob.position);
        legal_goals_.emplace_back();
      }
      legal_goals_.back() = fp.centre;
      std::span<const Vec2> goals(legal_goals_.data(), legal_goals_.size() - 1);
      if (enemy >= 0) {
        legal_goals_.front() = frame(enemy).rect.centre;
      } else {
        goals = goals.subspan(1);
      }
      // H4-26: offered only where the move ends outside every enemy's 20 cm zone.
      const double zone = step_options_.reserve_zone * kCm;
      // Every move ends within `speed` of here: the enemies that may be in a zone, once.
      std::vector<int>& zone_enemies = legal_ids_;
      zone_enemies.clear();
      // None when the nearest enemy on the table is beyond a move and a zone (issue 9: most
      // of a large army is; no search). Its gap, rounded to the mm, is the least but for a
      // millimetre (a tie to the lower index), and a move shifts the footprint by `speed` at
      // most: every enemy then lies over `zone` from every end, as the check below finds.
      // A battle of few units (scanned_) searches at once: its units are near, and its
      // search costs less than the gap.
      if (enemy >= 0 && (scanned_ || !(gap_mm(unit, enemy) > speed + zone + 2.0))) {
        near_enemies(filed_box(unit), speed + zone + 1.0, u.side, zone_enemies);
        std::erase_if(zone_enemies, [&](int ei) { return !force_.units[ei].on_table(); });
      }
      // Each move is this one with its destination and facing: copied into the list, not
      // built afresh (issue 9: a move to every objective). For many goals it is written into
      // a slot for each at once, each kept move filled in place and the rest cut off (no
      // growth check a goal); for a few, copied a move at a time (the fill's set-up costs
      // more than it saves).
      Action to_goal;
      to_goal.unit = unit;
      to_goal.rate = rate;
      to_goal.kind = ActionKind::kMove;
      to_goal.moves = true;
      constexpr std::size_t kFillGoals = 16;
      const bool fill = goals.size() >= kFillGoals;
      std::size_t kept = out.size();
      if (fill) out.resize(kept + goals.size(), to_goal);
      // The first goal's place for settle_facing, counted down a goal at a time (exact).
      double goal_place = -static_cast<double>(
          kGoalFacings + 1 + static_cast<std::size_t>(goals.data() - legal_goals_.data()));
      // The goals' moves, each in the list's next slot: a loop for each way of taking it.
      auto each_goal = [&](auto slot) {
        for (const Vec2& g : goals) {
          const double place = goal_place;
          goal_place -= 1;
          const Vec2 to = g - fp.centre;
          const double length = to.length();  // distance(g, fp.centre)
          const Vec2 dir = length > 0 ? Vec2{to.x / length, to.y / length} : Vec2{0, 0};
          const Vec2 destination = fp.centre + dir * std::min(speed, length);
          // The end's frame only where an enemy may be near it; the action only if clear.
          bool clear = true;
          if (!zone_enemies.empty()) {
            Rect end = fp;
            end.centre = destination;
            const RectFrame end_frame = frame_at(unit, end);
            for (int ei : zone_enemies) {
              if (!surely_farther(end_frame, frame(ei), zone) &&
                  distance(end_frame, frame(ei)) < zone) {
                clear = false;
                break;
              }
            }
          }
          if (!clear) continue;
          Action& m = slot();
          m.destination = destination;
          // The facing toward the goal, or the goal's place for settle_facing (no direction kept).
          m.facing = move_facings ? bearing_of(dir) : place;
          if (&g == &goals.front()) onward = destination;
        }
      };
      if (fill) {
        each_goal([&]() -> Action& { return out[kept++]; });
        out.resize(kept);
      } else {
        each_goal([&]() -> Action& { return out.emplace_back(to_goal); });
      }
      // H4-18 option any-orders: Massed infantry may form square on Reserve too (not on
      // Advance, which needs line, L3, nor Retreat, which must move, L23: a square cannot).
      if (step_options_.square_any_orders && u.arm == Arm::kFoot && massed(unit) &&
          formation(unit) != FormationId::kSquare) {
        Action& sq = add(out, unit, rate);
        sq.kind = ActionKind::kFormation;
        sq.formation = "square";
        sq.facing = fp.facing;
      }
      Action& back = add(out, unit, rate);  // L11: half speed backwards
      back.kind = ActionKind::kMove;
      back.moves = true;
      back.destination = fp.centre - ahead * (speed / 2);
      back.facing = fp.facing;
      // L13-L19: formation changes by drill class.
      const Traits& tr = traits(unit);  // the drill class's formation change, read once
      if (const UnitTypeInfo* type = tr.type_info) {  // ruleset().unit_type(u.type), kept
        for (const std::string& f : type->formations) {
          // Compared as views: no out-of-line compare per name (issue 9).
          const std::string_view formation_text = f;
          if (f == u.formation || formation_text == "square") continue;
          Action& c = add(out, unit, rate);
          c.kind = ActionKind::kFormation;
          c.formation = f;
          c.facing = fp.facing;
          const bool line_column =
              (formation(unit) == FormationId::kLine) != (formation_text == "line");
          if (tr.change_and_move || (tr.column_to_flank && line_column)) {
            if (!goals.empty()) {  // change and still move, onward
              Action moving = c;
              moving.moves = true;
              moving.destination = onward;
              out.push_back(moving);
            }
          }
        }
      }
    } else if (o == OrdersId::kStand) {
      add_fire(rate);
      if (u.arm == Arm::kArtillery) continue;
      Action& step = add(out, unit, rate);  // L21: 5 cm in any direction (here: back)
      step.kind = ActionKind::kShift;
      step.moves = true;
      step.destination = fp.centre + home * (5 * kCm);
      step.facing = fp.facing;
      Action& face = add(out, unit, rate);  // L21: about face
      face.kind = ActionKind::kFace;
      face.facing = normalize_bearing(fp.facing + 180);
      if (u.arm == Arm::kFoot && massed(unit) && formation(unit) != FormationId::kSquare) {
        Action& sq = add(out, unit, rate);  // L21, H4-18: form square
        sq.kind = ActionKind::kFormation;
        sq.formation = "square";
        sq.facing = fp.facing;
      }
    } else if (o == OrdersId::kRetreat) {
      Action& back = add(out, unit, rate);  // L23-L25: the move itself is the rules'
      back.kind = ActionKind::kMove;
      back.moves = true;
      back.destination = fp.centre + home * speed;
      back.facing = fp.facing;
    }
  }
}

// Fire: the expected stands killed by the first die. Charge: the exact chance to pass the
// charge test times the chance of killing more stands than the target in the first melee;
// risk: losing it, or failing the test.
ActionAssessment BattleGO::assess(const Action& a) const {
  ActionAssessment out;
  if (a.unit < 0 || a.target < 0 || !force_.units[a.target].on_table()) return out;
  if (a.kind == ActionKind::kFire) {
    const ShootingFacts facts = shooting_facts(a.unit, a.target);
    const ShotRules& rules = shot_rules();
    // Kept by the range's class (shooting_range_class), not the range itself: the gap in mm
    // made nearly every question new. The key names the class in place of the range.
    const int range_class = shot_range_class(a.unit, facts);
    out.expected_kills = kept_shot_kills(facts, range_class, rules.key_id, [&] {
      double sum = 0;
      for (const auto& [r, p] : shooting_odds(shooting_situation(facts))) {
        sum += p * (kills_of(r) + (r == "disorganise" ? 0.2 : 0.0));
      }
      return sum;
    });
    return out;
  }
  if (a.kind != ActionKind::kCharge) return out;
  const Unit& me = force_.units[a.unit];
  double pass = 0;
  const bool missile = me.arm == Arm::kFoot && !weapon_of_unit(a.unit).none;  // kept
  const bool half = 2 * stands(a.unit) <= me.start_figures;
  if (missile && !light(a.unit)) {
    pass = infantry_charge_pass(me.type == "heavy-infantry", half);
  } else {
    MoraleSituation s = morale_situation(state_[a.unit].group, "charge", a.unit);
    s.orders = "advance";
    s.lights_charging_lights = light(a.unit) && light(a.target);
    s.half_strength = half;
    // Kept by the General's distance class (morale_general_class), not the distance.
    pass = kept_charge_pass(s);
  }
  const MeleeKills mine = melee_kills(melee_facts(a.unit, a.target));
  MeleeKills theirs = {1, 0, 0, 0};
  if (!routing(a.target)) theirs = melee_kills(melee_facts(a.target, a.unit));
  double more = 0, fewer = 0, by_me = 0;
  for (std::size_t x = 0; x < 4; ++x) {
    by_me += static_cast<double>(x) * mine[x];
    for (std::size_t y = 0; y < 4; ++y) {
      if (x > y) more += mine[x] * theirs[y];
      if (x < y) fewer += mine[x] * theirs[y];
    }
  }
  out.win_probability = pass * more;
  out.risk = pass * fewer;
  out.expected_kills = pass * by_me;
  return out;
}

}  // namespace smoothbore::group_orders
