#include "sim/commander.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <string_view>

#include "core/force/proximity.h"
#include "core/geometry/corner_gap.h"
#include "core/geometry/rect_frame.h"

namespace smoothbore {

namespace {

constexpr double kInch = kMmPerInch;
constexpr double kSlack = 1e-6;  // mm: far above the rounding of table-sized distances

// Picks uniformly among the legal actions (tests, baselines).
class RandomCommander final : public OrderSource {
 public:
  explicit RandomCommander(Rng rng) : rng_(rng) {}
  Action choose(const Battle&, int, const std::vector<Action>& legal) override {
    return legal[static_cast<std::size_t>(rng_.roll(static_cast<int>(legal.size())) - 1)];
  }
  bool reads_move_facing() const override { return false; }

 private:
  Rng rng_;
};

// `index` is the battle's NearestEnemyIndex (dynamic_cast), or null when it has none.
double gap_to_nearest_enemy(const Battle& b, const NearestEnemyIndex* index, int unit,
                            int* which = nullptr) {
  // A battle with a spatial index answers without the scan (the same answer).
  if (index) {
    double gap = std::numeric_limits<double>::infinity();
    const int e = index->nearest_active_enemy(unit, &gap);
    if (which && e >= 0) *which = e;
    return gap;
  }
  const Force& f = b.force();
  const Unit& u = f.units[unit];
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < f.units.size(); ++i) {
    const Unit& e = f.units[i];
    if (e.side == u.side || e.status != UnitStatus::kActive) continue;
    const double d = distance(u.footprint(), e.footprint());
    if (d < best) {
      best = d;
      if (which) *which = static_cast<int>(i);
    }
  }
  return best;
}

// The doctrine AI (rule-set agnostic: it reads the candidate actions and their exact
// assessments). Its doctrine, in order:
//  1. charge when the exact odds favour it (win ≥ 60%, risk of routing ≤ 25%: the rule
//     set's doctrine_thresholds());
//  2. fire at the best target in range (most expected kills), standing when in line;
//  3. guns unlimber once the enemy is within effective range, and otherwise close to it;
//  4. foot deploy from column into line as the enemy comes within 16", and march in
//     column while far away;
//  5. keep a reserve: the side's rearmost cavalry (or rearmost unit) holds until turn 3
//     unless the enemy comes within 16";
//  6. shaken units rally in place, or step back when the enemy is close; actions the rule
//     set marks "seize", "task" or "screen" (elan-drill) are taken next;
//  7. otherwise advance on the nearest objective (when far from the enemy) or the enemy.
// Where the rule set offers them (fire-and-discipline), a unit whose standing fire would hit
// nothing takes the tactical shift that brings the most expected hits into its kill zone
// (before 4), and a unit far from the enemy forms the column that may march by road (an
// action marked rate "road"; the road march itself is a move chosen by 7).
// Where the rule set offers them (fire-and-discipline), guns weigh their options by the
// exact odds before rule 3: hold fire against an expected charge when the held shot is
// worth at least the shot they could fire now; fire when anything is in their zone; else
// change direction or prolonge to bring the most into it. Reactions (react) take the
// better odds.
class DoctrineCommander final : public OrderSource {
 public:
  // The doctrine is deterministic: it draws no random numbers.
  DoctrineCommander() = default;
  // It weighs a move by its destination alone.
  bool reads_move_facing() const override { return false; }
  // It checks the actions offered unchecked (fire-and-discipline's moves, shifts, prolonges
  // and changes of direction) only at the passes that read them (checked()): a unit that
  // charges, forms or fires before those passes never has them checked, and every pass sees
  // what it would see in legal_actions' list.
  bool checks_offers() const override { return true; }

  // A reaction (e.g. hold or counter-charge when charged): the one whose exact odds are
  // better, win − risk, then the better chance to pursue a beaten enemy; on a full tie the
  // first, the rules' default.
  Action react(const Battle& b, int, const std::vector<Action>& legal) override {
    constexpr double kTie = 1e-9;
    std::size_t best = 0;
    const ActionAssessment first = b.assess(legal.front());
    double best_net = first.win_probability - first.risk;
    double best_pursuit = first.pursuit_probability;
    for (std::size_t i = 1; i < legal.size(); ++i) {
      const ActionAssessment a = b.assess(legal[i]);
      const double net = a.win_probability - a.risk;
      if (net > best_net + kTie ||
          (std::abs(net - best_net) <= kTie && a.pursuit_probability > best_pursuit + kTie)) {
        best = i;
        best_net = net;
        best_pursuit = a.pursuit_probability;
      }
    }
    return legal[best];
  }

  Action choose(const Battle& b, int unit, const std::vector<Action>& legal) override {
    // The list with the offers checked so far (checked()); the passes that read no action of
    // a kind offered unchecked read `legal`.
    const std::vector<Action>* view = &legal;
    offers_ = b.offers_unchecked();
    const Force& f = b.force();
    const Unit& u = f.units[unit];
    int enemy = -1;
    const double gap = gap_to_nearest_enemy(b, nearest_enemy_index(b), unit, &enemy);
    auto find = [&](auto pred) { return find_in(legal, pred); };
    const Action& hold = legal.front();
    // One pass notes what the list holds; a pass below that looks for something it lacks is
    // skipped (issue 9: some ten passes over every action, most finding nothing; the same
    // choice, each pass that runs taking the actions in the same order).
    const Kinds has = kinds_of(legal);

    // 0. Threats, where the rule set names them (elan-drill: forming or holding square
    // against cavalry within charge reach): a formation change or hold aimed at an enemy,
    // taken when it is the hold itself (stay formed) or its exact odds against that enemy
    // (win − risk) beat standing as the unit is by a clear margin.
    if (has.threat) {
      if (const Action* t = best_threat_answer(b, unit, legal)) return *t;
    }

    // 1. Charges.
    const DoctrineThresholds th = b.doctrine_thresholds();
    const Action* best_charge = nullptr;
    double best_win = 0;
    for (const Action& a : legal) {
      if (!has.kind(ActionKind::kCharge)) break;  // none to weigh
      if (a.kind != ActionKind::kCharge) continue;
      const ActionAssessment s = b.assess(a);
      if (s.win_probability >= th.charge_win && s.risk <= th.charge_risk &&
          s.win_probability > best_win) {
        best_win = s.win_probability;
        best_charge = &a;
      }
    }
    if (best_charge) return *best_charge;

    // 2. Fire.
    const Action* best_fire = nullptr;
    double best_kills = 0.05;
    for (const Action& a : legal) {
      if (!has.kind(ActionKind::kFire)) break;  // none to weigh
      if (a.kind != ActionKind::kFire) continue;
      double k = b.assess(a).expected_kills;
      // Standing fire keeps the line steady (unmoving bonus is in the kills already);
      // prefer it over advancing unless advancing is clearly better.
      if (a.moves) k *= 0.9;
      if (k > best_kills) {
        best_kills = k;
        best_fire = &a;
      }
    }
    // 2a. Deploying to fire, where the rule set rates formations by the fire they give
    // (elan-drill: a column's front rank against a line's two ranks): take the formation
    // whose fire next turn is at least 1.5 times (the rule set's deploy_gain) the best fire
    // now.
    if (u.arm == Arm::kFoot && has.kind(ActionKind::kFormation)) {
      const Action* deploy = nullptr;
      double most = std::max(0.3, th.deploy_gain * (best_fire ? best_kills : 0.0));
      for (const Action& a : legal) {
        if (a.kind != ActionKind::kFormation || a.target >= 0) continue;
        const double k = b.assess(a).expected_kills;
        if (k > most) {
          most = k;
          deploy = &a;
        }
      }
      if (deploy) return *deploy;
    }
    if (best_fire) return *best_fire;

    // 6. Shaken units (a "shaken" marker) rally in place, stepping back if the enemy is
    // within 4". (Advancing moves are not offered to them anyway.)
    if (has_marker(u.markers, "shaken") && u.arm != Arm::kArtillery) {
      if (gap <= 4 * kInch) {
        if (const Action* a =
                find_in(checked(b, unit, view, ActionKind::kMove), [&](const Action& x) {
                  return x.kind == ActionKind::kMove && x.moves &&
                         distance(x.destination, b.unit_footprint(unit).centre) > 0.25 * kInch;
                })) {
          return *a;
        }
      }
      return hold;
    }
    // 6a. Marked actions, where the rule set offers them, taken when there is nothing to
    // charge or fire at, in this order (elan-drill): "seize" a move onto abandoned guns
    // (L123: the crew going back to its own, an enemy going to take them); "task" an
    // engineering task on an objective (D12-24); "screen" light foot taking skirmish order
    // and keeping ahead of the line.
    // One scan finds the first action of each mark (most actions have none).
    static constexpr std::string_view kMarks[] = {"seize", "task", "screen"};
    // A rate of another length is no mark (issue 9: most rates are not, e.g. group-orders'
    // Generals' orders), passed over with one comparison.
    static constexpr std::size_t kShortest = 4, kLongest = 6;
    static_assert(std::ranges::all_of(
        kMarks, [](std::string_view m) { return m.size() >= kShortest && m.size() <= kLongest; }));
    const Action* marked[std::size(kMarks)] = {};
    for (const Action& x : legal) {
      if (!has.rate) break;                                            // none marked
      if (x.rate.size() - kShortest > kLongest - kShortest) continue;  // also empty
      for (std::size_t k = 0; k < std::size(kMarks); ++k) {
        if (marked[k] == nullptr && x.rate == kMarks[k]) marked[k] = &x;
      }
    }
    for (const Action* a : marked) {
      if (a) return *a;
    }
    // 3. Guns: the §6.4-style options first, where the rule set offers them.
    if (u.arm == Arm::kArtillery &&
        (has.kind(ActionKind::kHoldFire) || has.kind(ActionKind::kProlonge) ||
         has.kind(ActionKind::kFace))) {
      // A null answer leads to the hold below (an unlimbered gun offered no move or
      // limber): then whether the list holds an unchecked option does not matter.
      const bool null_holds = u.formation != "limbered" && !has.kind(ActionKind::kMove) &&
                              !has.kind(ActionKind::kLimber);
      if (const Action* a = gun_option(b, unit, legal, view, null_holds)) return *a;
    }
    if (u.arm == Arm::kArtillery) {
      if (u.formation == "limbered") {
        if (gap <= 30 * kInch) {
          if (const Action* a =
                  find([](const Action& x) { return x.kind == ActionKind::kUnlimber; })) {
            return *a;
          }
        }
      } else {
        // Unlimbered with nothing to shoot: turn toward the enemy, or limber and close.
        if (const Action* a =
                find_in(checked(b, unit, view, ActionKind::kMove), [](const Action& x) {
                  return x.kind == ActionKind::kMove && x.moves && x.destination == Vec2{}
                             ? false
                             : x.kind == ActionKind::kMove;
                })) {
          return *a;
        }
        if (gap > 36 * kInch) {
          if (const Action* a =
                  find([](const Action& x) { return x.kind == ActionKind::kLimber; })) {
            return *a;
          }
        }
        return hold;
      }
    }
    // 3b. Tactical shifts, where the rule set offers them (fire-and-discipline §4.6): a unit
    // whose fire from where it stands would hit nothing (nothing in its kill zone, or a
    // friend in the way) takes the shift that brings the most expected hits into it.
    // Standing fire is weighed before the shifts are checked (a unit with a target never
    // reads them); neither is asked where the battle knows no shift would find a target
    // (Battle::offers_may_kill: issue 9 round 23, most of the units weighed had no enemy
    // near).
    if (has.kind(ActionKind::kShift) && b.offers_may_kill(unit, ActionKind::kShift) &&
        b.assess(legal.front()).expected_kills <= 0) {
      if (const Action* a = best_shift(b, checked(b, unit, view, ActionKind::kShift))) return *a;
    }
    // 4a. Road marches, where the rule set marks them (rate "road"): far from the enemy,
    // form the column that can march by road (the march itself is a move, taken in 7 when
    // it ends nearest the goal).
    if (gap > 30 * kInch && has.kind(ActionKind::kFormation) && has.rate) {
      if (const Action* a = find([](const Action& x) {
            return x.kind == ActionKind::kFormation && x.rate == "road";
          })) {
        return *a;
      }
    }
    // 4. Formations for foot.
    if (u.arm == Arm::kFoot && has.kind(ActionKind::kFormation) && u.formation != "skirmish") {
      if (u.formation == "column" && gap <= 16 * kInch) {
        if (const Action* a = find([](const Action& x) {
              return x.kind == ActionKind::kFormation && x.formation == "line" && !x.moves;
            })) {
          return *a;
        }
      }
      if (u.formation == "line" && gap > 30 * kInch && b.turn() <= 2) {
        // Form column and use the rest of the move to advance, when the rules allow.
        if (const Action* a = find([](const Action& x) {
              return x.kind == ActionKind::kFormation && x.formation == "column" && x.moves;
            })) {
          return *a;
        }
        if (const Action* a = find([](const Action& x) {
              return x.kind == ActionKind::kFormation && x.formation == "column";
            })) {
          return *a;
        }
      }
      if (u.formation == "square" && gap > 12 * kInch) {
        if (const Action* a = find([](const Action& x) {
              return x.kind == ActionKind::kFormation && x.formation == "line";
            })) {
          return *a;
        }
      }
    }
    // 5. Reserve.
    if (b.turn() < 3 && gap > 16 * kInch && is_reserve(b, unit)) return hold;

    // 7. Advance: toward an objective while the enemy is far, else toward the enemy.
    // The moves are the legal actions that move (no list of them is built).
    auto is_move = [](const Action& a) { return a.kind == ActionKind::kMove && a.moves; };
    if (!has.move) return hold;
    const bool to_objective = gap > 18 * kInch && !b.scenario().objectives.empty();
    // Toward the enemy a move is taken only when its gap ends nearer `want` than `closer`,
    // a distance: none is when `closer` is not above 0, the unit already within half an inch
    // of `want` (then, with no objective to make for, the moves are not checked: issue 9
    // round 23, fire-and-discipline's firing lines probed every move of every unit, every
    // turn, to hold).
    const double want = u.arm == Arm::kCavalry     ? 8 * kInch
                        : u.arm == Arm::kArtillery ? 14 * kInch
                                                   : 4 * kInch;
    const double closer = std::abs(gap - want) - 0.5 * kInch;
    if (!to_objective && (enemy < 0 || !(closer > 0))) return hold;
    const std::vector<Action>& moves = checked(b, unit, view, ActionKind::kMove);
    if (&moves != &legal && std::none_of(moves.begin(), moves.end(), is_move)) return hold;
    // The footprints as the battle keeps them (Battle::unit_footprint, the same rects).
    const Rect my_footprint = b.unit_footprint(unit);
    const Vec2 here = my_footprint.centre;
    const Action* pick = nullptr;
    if (to_objective) {
      double goal_gap = 0;  // distance(here, goal)
      const Vec2 goal = nearest_objective(b, here, &goal_gap);
      double best = goal_gap - 1.0;
      // A squared distance over the best's square by far more than rounding cannot take it
      // (the square root is no less than best): no square root for it (issue 9).
      double best_squared = best > 0 ? best * best * (1 + 1e-12) : -1;
      for (const Action& a : moves) {
        if (!is_move(a)) continue;
        const Vec2 off = a.destination - goal;
        if (off.dot(off) > best_squared && best_squared >= 0) continue;
        const double d = off.length();  // distance(a.destination, goal)
        if (d < best) {
          best = d;
          best_squared = best > 0 ? best * best * (1 + 1e-12) : -1;
          pick = &a;
        }
      }
    }
    if (pick == nullptr && enemy >= 0) {
      // Close to musket range, not into contact (contact is for charges): the move that
      // ends nearest 4" from the enemy.
      // The enemy's frame and the unit's, moved to each destination (RectFrame::moved_to:
      // the frame of the moved footprint, bit for bit), instead of two new frames a move.
      const RectFrame ef(b.unit_footprint(enemy));
      const RectFrame mine(my_footprint);
      double best = closer;
      const TranslatedCornerGap corner_gap_at(mine, ef);
      // Beyond the centres' distance less both half diagonals the footprints cannot meet.
      const double reach = std::hypot(mine.hw, mine.hd) + std::hypot(ef.hw, ef.hd);
      for (const Action& a : moves) {
        if (!is_move(a)) continue;
        const RectFrame end = mine.moved_to(a.destination);
        // A move whose gap cannot come within `best` of `want` is passed over without
        // working the gap out (it would not be taken). The gap lies between the distance of
        // the centres less both half diagonals and the distance of the centres, up to
        // rounding far under kSlack; it is the corner estimate (corner_gap.h) up to that
        // rounding, or 0 when the footprints touch or overlap, which is no nearer `want`
        // than `best` once want - kSlack >= best.
        const double centres = distance(end.rect.centre, ef.rect.centre);
        if (want - centres - kSlack >= best || centres - reach - want - kSlack >= best) {
          continue;
        }
        if (want - kSlack >= best &&
            std::abs(corner_gap_at.at(a.destination) - want) - kSlack >= best) {
          continue;
        }
        const double d = std::abs(distance(end, ef) - want);
        if (d < best) {
          best = d;
          pick = &a;
        }
      }
    }
    return pick ? *pick : hold;
  }

 private:
  template <typename Pred>
  static const Action* find_in(const std::vector<Action>& list, Pred pred) {
    for (const Action& a : list) {
      if (pred(a)) return &a;
    }
    return nullptr;
  }

  // `*view` (the offered list, or checked_ with some offers checked) with its unchecked
  // actions of `kind` checked (Battle::check_offers): the first check copies the offered
  // list into checked_ and points `view` at it; a list with none unchecked is returned as
  // it is. Each pass that reads actions of such a kind reads this list, so it sees them as
  // legal_actions lists them, the other actions unchanged and in the same order.
  const std::vector<Action>& checked(const Battle& b, int unit, const std::vector<Action>*& view,
                                     ActionKind kind) {
    if (!offers_ || std::none_of(view->begin(), view->end(), [kind](const Action& a) {
          return a.unchecked && a.kind == kind;
        })) {
      return *view;
    }
    if (view != &checked_) {
      checked_ = *view;
      view = &checked_;
    }
    b.check_offers(unit, kind, checked_);
    return checked_;
  }
  std::vector<Action> checked_;  // checked()'s copy, a buffer kept between choices
  bool offers_ = false;  // this choice's Battle::offers_unchecked: false, checked() reads no list

  // The battle's NearestEnemyIndex, or null: the dynamic_cast (a cross-cast, some 350
  // instructions) done once per stretch in which the battle promises an unchanging force,
  // whose value (Battle::frozen_force_epoch) is unique across battles in the process, so a
  // battle built where another was is never answered with the other's; at every call
  // outside such stretches.
  const NearestEnemyIndex* nearest_enemy_index(const Battle& b) {
    const std::uint64_t epoch = b.frozen_force_epoch();
    if (epoch == 0) return dynamic_cast<const NearestEnemyIndex*>(&b);
    if (epoch != index_epoch_) {
      index_epoch_ = epoch;
      index_ = dynamic_cast<const NearestEnemyIndex*>(&b);
    }
    return index_;
  }
  std::uint64_t index_epoch_ = 0;
  const NearestEnemyIndex* index_ = nullptr;  // for index_epoch_

  // What a list of actions holds, for the passes that look for one kind of action.
  struct Kinds {
    std::uint32_t mask = 0;  // bit k: an action of ActionKind k
    bool rate = false;       // an action with a rate (a mark or variant)
    bool threat = false;     // a formation change or hold with a target (best_threat_answer)
    bool move = false;       // a move that moves (7.)
    bool kind(ActionKind k) const { return (mask >> static_cast<unsigned>(k)) & 1u; }
  };
  // One pass without a branch per action (issue 9: group-orders' Reserve lists hold some
  // thirty actions, 17 instructions an action here against 19): each action's kind bit goes
  // into `mask`, into `targeted` when it has a target and into `moving` when it moves; any
  // rate's length makes `rated` non-zero.
  static Kinds kinds_of(const std::vector<Action>& legal) {
    std::uint32_t mask = 0, targeted = 0, moving = 0;
    unsigned rated = 0;
    for (const Action& a : legal) {
      const unsigned k = static_cast<unsigned>(a.kind);
      mask |= 1u << k;
      targeted |= static_cast<std::uint32_t>(a.target >= 0) << k;
      moving |= static_cast<std::uint32_t>(a.moves) << k;
      rated |= static_cast<unsigned>(a.rate.size());
    }
    constexpr auto bit = [](ActionKind k) { return 1u << static_cast<unsigned>(k); };
    Kinds has;
    has.mask = mask;
    has.rate = rated != 0;
    has.threat = (targeted & (bit(ActionKind::kFormation) | bit(ActionKind::kHold))) != 0;
    has.move = (moving & bit(ActionKind::kMove)) != 0;
    return has;
  }

  static const Action* best_threat_answer(const Battle& b, int unit,
                                          const std::vector<Action>& legal) {
    constexpr double kMargin = 0.1;
    const Action* best = nullptr;
    double best_net = 0;
    for (const Action& a : legal) {
      if (a.target < 0 || (a.kind != ActionKind::kFormation && a.kind != ActionKind::kHold)) {
        continue;
      }
      if (a.kind == ActionKind::kHold) return &a;  // already formed against it
      Action stand = legal.front();
      stand.unit = unit;
      stand.target = a.target;
      const ActionAssessment s = b.assess(stand);
      const ActionAssessment x = b.assess(a);
      const double net = (x.win_probability - x.risk) - (s.win_probability - s.risk);
      if (net > kMargin && net > best_net) {
        best_net = net;
        best = &a;
      }
    }
    return best;
  }

  static bool gun_option_kind(ActionKind k) {
    return k == ActionKind::kHoldFire || k == ActionKind::kProlonge || k == ActionKind::kFace;
  }

  // Hold fire, fire (the hold action), or bring a target into the zone; nullptr when the
  // rule set offers none of these options. The prolonges and changes of direction offered
  // unchecked are checked (checked()) only when the gun has nothing to fire at now, or to
  // tell whether the list holds any option at all where that matters (`null_holds` false:
  // a null answer would not lead to the hold).
  const Action* gun_option(const Battle& b, int unit, const std::vector<Action>& legal,
                           const std::vector<Action>*& view, bool null_holds) {
    auto option = [](const Action& a) { return gun_option_kind(a.kind); };
    if (std::none_of(legal.begin(), legal.end(), option)) return nullptr;
    const Action& hold = legal.front();
    const double now = b.assess(hold).expected_kills;
    for (const Action& a : legal) {
      if (a.kind != ActionKind::kHoldFire) continue;
      const double held = b.assess(a).expected_kills;
      if (held > 0 && held >= now) return &a;
    }
    auto checked_option = [](const Action& a) { return gun_option_kind(a.kind) && !a.unchecked; };
    if (now > 0 && (null_holds || std::any_of(legal.begin(), legal.end(), checked_option))) {
      return &hold;
    }
    checked(b, unit, view, ActionKind::kProlonge);
    const std::vector<Action>& list = checked(b, unit, view, ActionKind::kFace);
    if (std::none_of(list.begin(), list.end(), option)) return nullptr;
    if (now > 0) return &hold;
    const Action* best = nullptr;
    double most = 0;
    for (const Action& a : list) {
      if (a.kind != ActionKind::kFace && a.kind != ActionKind::kProlonge) continue;
      const double k = b.assess(a).expected_kills;
      if (k > most) {
        most = k;
        best = &a;
      }
    }
    return best ? best : &hold;
  }

  // The shift with the most expected hits (asked when standing fire would hit nothing);
  // nullptr when no shift is offered or no shift finds one. A list without a shift passes
  // through the loop without an assess, so it is not looked for first (issue 9).
  static const Action* best_shift(const Battle& b, const std::vector<Action>& legal) {
    const Action* best = nullptr;
    double most = 0;
    for (const Action& a : legal) {
      if (a.kind != ActionKind::kShift) continue;
      const double k = b.assess(a).expected_kills;
      if (k > most) {
        most = k;
        best = &a;
      }
    }
    return best;
  }

  // The first objective of the least distance from `from`; `*gap` gets that distance (the
  // best's distance kept, not worked out again for each objective: issue 9).
  static Vec2 nearest_objective(const Battle& b, Vec2 from, double* gap) {
    const auto& objs = b.scenario().objectives;
    Vec2 best = objs.front().position;
    double best_gap = distance(from, best);
    for (const Objective& o : objs) {
      const double d = distance(from, o.position);
      if (d < best_gap) {
        best = o.position;
        best_gap = d;
      }
    }
    *gap = best_gap;
    return best;
  }

  // The rearmost cavalry unit of the side (or, with no cavalry, no reserve): the unit
  // farthest from the enemy's home edge. While the battle promises the force does not
  // change (Battle::frozen_force_epoch) the answer per side is kept: the scan of every
  // unit for each cavalry unit was a tenth of a 10,000-stand fast-1805 turn (issue 9).
  bool is_reserve(const Battle& b, int unit) {
    const Force& f = b.force();
    const Unit& u = f.units[unit];
    if (u.arm != Arm::kCavalry) return false;
    const std::uint64_t epoch = b.frozen_force_epoch();
    if (epoch == 0) return rearmost_cavalry(f, u.side) == unit;
    if (epoch != reserve_epoch_) {
      reserve_epoch_ = epoch;
      rearmost_of_side_.assign(f.sides.size(), kUnknown);
    }
    int& r = rearmost_of_side_[static_cast<std::size_t>(u.side)];
    if (r == kUnknown) r = rearmost_cavalry(f, u.side);
    return r == unit;
  }

  static constexpr int kUnknown = -2;
  std::uint64_t reserve_epoch_ = 0;
  std::vector<int> rearmost_of_side_;  // per side, for reserve_epoch_; kUnknown not yet

  static int rearmost_cavalry(const Force& f, int side) {
    const Vec2 toward_enemy = bearing_vector(edge_bearing(f.sides[side].home_edge)) * -1.0;
    int rearmost = -1;
    double least = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < f.units.size(); ++k) {  // no list of the side's units
      const int i = static_cast<int>(k);
      const Unit& o = f.units[k];
      if (o.side != side || o.arm != Arm::kCavalry || o.status != UnitStatus::kActive) continue;
      const double ahead = o.footprint().centre.dot(toward_enemy);
      if (ahead < least) {
        least = ahead;
        rearmost = i;
      }
    }
    return rearmost;
  }
};

}  // namespace

const std::vector<std::string>& commander_kinds() {
  static const std::vector<std::string> kKinds = {std::string(kDoctrine), std::string(kRandom)};
  return kKinds;
}

std::unique_ptr<OrderSource> make_commander(std::string_view kind, Rng rng) {
  if (kind == kDoctrine) return std::make_unique<DoctrineCommander>();
  if (kind == kRandom) return std::make_unique<RandomCommander>(rng);
  return nullptr;
}

}  // namespace smoothbore
