// Charges and field melee of Fire and Discipline (000.md §9, §7.7; FD-22, FD-43..FD-46), on
// hand-placed stands. Coordinates in yards (1 yd = 2.54 mm, FD-01 default); facing 0 is
// north (+y). A basic stand is 15 × 12.5 yd, a half-stand 7.5 × 10 yd.
#include "rules/fire_and_discipline/melee_phase.h"

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/fire_resolutions.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kYd = 2.54;

Rect R(double x, double y, double facing, double w = 15, double d = 12.5) {
  return Rect{Vec2{x * kYd, y * kYd}, facing, w * kYd, d * kYd};
}
Rect north(double x, double front_y) { return R(x, front_y - 6.25, 0); }
Rect south(double x, double front_y) { return R(x, front_y + 6.25, 180); }

// Faces from a list; pick() is not expected.
class Scripted final : public Chance {
 public:
  explicit Scripted(std::vector<int> faces) : faces_(std::move(faces)) {}
  int roll(int sides) override {
    if (next_ >= faces_.size()) {
      ADD_FAILURE() << "unexpected d" << sides;
      return 1;
    }
    return faces_[next_++];
  }
  int pick(std::span<const double> /*weights*/) override {
    ADD_FAILURE() << "unexpected pick";
    return 0;
  }
  bool done() const { return next_ == faces_.size(); }

 private:
  std::vector<int> faces_;
  std::size_t next_ = 0;
};

class Battle {
 public:
  Battle() {
    sc_.ruleset = "fire-and-discipline";
    sc_.table = Table(1000 * kYd, 1000 * kYd);
    sc_.options = complete_params(ruleset().options(), {}).value();
    sc_.force.sides = {{"a", "A", Edge::kSouth}, {"b", "B", Edge::kNorth}};
  }
  int add(int side, const std::string& type, const std::string& formation,
          const std::vector<Rect>& rects, std::map<std::string, Value> overrides = {}) {
    Unit u;
    u.id = "u" + std::to_string(sc_.force.units.size());
    u.side = side;
    u.type = type;
    u.arm = ruleset().unit_type(type)->arm;
    u.formation = formation;
    u.start_figures = static_cast<int>(rects.size());
    for (const ParamSpec& s : ruleset().unit_attributes()) {
      auto it = overrides.find(s.name);
      u.attributes.emplace_back(s.name, it != overrides.end() ? it->second : s.default_value);
    }
    u.stands = ruleset().layout(u, Vec2{0, 0}, 0);
    EXPECT_EQ(u.stands.size(), rects.size());
    for (std::size_t i = 0; i < rects.size() && i < u.stands.size(); ++i) {
      u.stands[i].rect = rects[i];
    }
    sc_.force.units.push_back(u);
    return static_cast<int>(sc_.force.units.size()) - 1;
  }
  int line(int side, const std::vector<Rect>& rects, int rating = 2) {
    return add(side, "infantry", "line", rects, {{"morale-rating", Value(std::int64_t{rating})}});
  }
  // Every unit under General Advance (FD-52: any target), turn 3.
  FdState state() const {
    FdState s = make_state(sc_);
    s.turn = 3;
    for (UnitState& u : s.units) u.order.kind = OrderKind::kGeneralAdvance;
    return s;
  }

 private:
  Scenario sc_;
};

int count(const EventLog& log, EventKind k, const std::string& unit = "") {
  int n = 0;
  for (const Event& e : log.events()) {
    // Morale: the check itself (apply_morale_result logs its effect separately).
    const bool check = k != EventKind::kMorale || e.text.find("tests morale") != std::string::npos;
    n += e.kind == k && check && (unit.empty() || e.unit == unit);
  }
  return n;
}

TEST(FireAndDisciplineMeleePhase, InfantryReachIs80Yards) {  // FD-43
  Battle b;
  const int a = b.line(0, {north(0, 0)});
  const int near = b.line(1, {south(0, 79)});
  const int far = b.line(1, {south(100, 81)});
  FdState s = b.state();
  // Move the two far targets straight ahead of the charger in turn.
  EXPECT_EQ(charge_invalid(s, a, near), std::nullopt);
  s.force.units[static_cast<std::size_t>(near)].stands[0].rect = south(300, 79);
  s.force.units[static_cast<std::size_t>(far)].stands[0].rect = south(0, 81);
  EXPECT_NE(charge_invalid(s, a, far), std::nullopt);  // 81 yd: out of reach
}

TEST(FireAndDisciplineMeleePhase, SkirmishersMayNotChargeCloseOrder) {  // §8.12
  Battle b;
  const int sk = b.add(0, "infantry", "open-order", {R(0, -5, 0, 7.5, 10)},
                       {{"half-stands", Value(std::int64_t{1})}});
  const int line = b.line(1, {south(0, 30)});
  FdState s = b.state();
  const auto why = charge_invalid(s, sk, line);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("§8.12"), std::string::npos) << *why;
}

TEST(FireAndDisciplineMeleePhase, WithdrawalOrderRefusesCharge) {  // FD-52
  Battle b;
  const int a = b.line(0, {north(0, 0)});
  const int t = b.line(1, {south(0, 30)});
  FdState s = b.state();
  EXPECT_EQ(charge_invalid(s, a, t), std::nullopt);
  s.units[static_cast<std::size_t>(a)].order.kind = OrderKind::kWithdrawal;
  EXPECT_NE(charge_invalid(s, a, t), std::nullopt);
  s.units[static_cast<std::size_t>(a)].order.kind = OrderKind::kGeneralAdvance;
  s.units[static_cast<std::size_t>(a)].halted_until = s.turn;  // FD-25
  EXPECT_NE(charge_invalid(s, a, t), std::nullopt);
}

TEST(FireAndDisciplineMeleePhase, ChargerMovesAndShiftsToLineUp) {  // §8.2b, §8.16
  Battle b;
  const int a = b.line(0, {north(0, 0)});
  const int t = b.line(1, {south(10, 50)});  // 10 yd to the right, overlapping the corridor
  FdState s = b.state();
  s.units[static_cast<std::size_t>(t)].last_target_turn = s.turn;  // fired: no FPF
  Scripted dice({});
  EventLog log;
  MeleeBook book = charge_moves(s, {{a, t}}, dice, log);
  const Rect& r = s.force.units[static_cast<std::size_t>(a)].stands[0].rect;
  EXPECT_NEAR(r.centre.x / kYd, 10, 1e-6);     // the charger shifted onto the defender
  EXPECT_NEAR(r.centre.y / kYd, 43.75, 1e-6);  // front edge on the defender's at 50 yd
  EXPECT_NEAR(r.facing, 0, 1e-6);
  ASSERT_EQ(book.melees.size(), 1u);
  EXPECT_EQ(book.melees[0].contacts.size(), 1u);
  EXPECT_FALSE(book.melees[0].flank);
  EXPECT_EQ(count(log, EventKind::kFire), 0);
}

// Faces of the FPF volley: every die a miss.
std::vector<int> fpf_misses(const FdState& s, int firer) {
  MusketrySituation m;
  m.stands = 1;
  m.range_yd = s.options.held_fire_range_yd;
  m.morale_rating = s.units[static_cast<std::size_t>(firer)].rating;
  const MusketryDice d = musketry_dice(m);
  int miss = 1;
  while (std::find(d.hit_faces.begin(), d.hit_faces.end(), miss) != d.hit_faces.end()) ++miss;
  return std::vector<int>(static_cast<std::size_t>(d.dice), miss);
}

TEST(FireAndDisciplineMeleePhase, FinalProtectiveFireOnlyIfHeldAndNotFired) {  // §7.7
  for (int variant = 0; variant < 3; ++variant) {
    Battle b;
    const int a = b.line(0, {north(0, 0)});
    const int t = b.line(1, {south(0, 50)});
    FdState s = b.state();
    std::vector<int> faces;
    bool counter = false;
    if (variant == 0) faces = fpf_misses(s, t);  // held: fires
    if (variant == 1) s.units[static_cast<std::size_t>(t)].last_target_turn = s.turn;  // fired
    if (variant == 2) counter = true;  // counter-charged
    Scripted dice(faces);
    EventLog log;
    MeleeBook book = charge_moves(s, {{a, t, counter}}, dice, log);
    EXPECT_EQ(count(log, EventKind::kFire), variant == 0 ? 1 : 0) << variant;
    EXPECT_TRUE(dice.done());
    EXPECT_EQ(book.melees.size(), 1u) << variant;  // no hits: the charge goes in
  }
}

TEST(FireAndDisciplineMeleePhase, FailedContactTestsMorale) {  // §8.15, FD-43 wheel
  Battle b;
  const int c = b.add(0, "cavalry", "line", {north(0, 0)});
  const int t = b.line(1, {south(40, 20)});  // off the corridor, 32 yd away: a wheel
  FdState s = b.state();
  ASSERT_EQ(charge_invalid(s, c, t), std::nullopt);
  Scripted dice({1});  // 3 castings + rating 2 = 5: a 1 passes
  EventLog log;
  MeleeBook book = charge_moves(s, {{c, t}}, dice, log);
  EXPECT_TRUE(book.melees.empty());
  EXPECT_EQ(count(log, EventKind::kMorale, "u0"), 1);
  EXPECT_TRUE(dice.done());
}

TEST(FireAndDisciplineMeleePhase, FlankContactWhenChargerExtendsBehindRear) {  // §8.19, FD-45
  Battle b;
  const int a = b.line(0, {north(0, 0)});
  const int t = b.line(1, {R(0, 40, 90)});  // faces east: its south flank toward the charger
  FdState s = b.state();
  Scripted dice({});
  EventLog log;
  MeleeBook book = charge_moves(s, {{a, t}}, dice, log);
  ASSERT_EQ(book.melees.size(), 1u);
  EXPECT_TRUE(book.melees[0].flank);           // 15 yd of front on a 12.5 yd flank
  EXPECT_EQ(count(log, EventKind::kFire), 0);  // no FPF at flankers
}

TEST(FireAndDisciplineMeleePhase, TwoStandsBeatOneLoserTestsWinnerDoesNot) {  // FD-22, FD-46
  Battle b;
  const int a = b.line(0, {north(-7.5, 0), north(7.5, 0)}, 4);
  const int t = b.line(1, {south(0, 0)}, 4);
  FdState s = b.state();
  MeleeBook book;
  book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
  book.charged = {a};
  ASSERT_EQ(book.melees[0].contacts.size(), 2u);
  // Bayonet vs infantry hits on 0-1-2 (§8.5). Dice: blue 0, red 0, blue 1; then red's
  // morale: 4 castings + rating 4 = 8, a 1 passes.
  Scripted dice({10, 5, 1, 1});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_EQ(s.force.units[static_cast<std::size_t>(t)].stands[0].castings, 4);
  EXPECT_EQ(count(log, EventKind::kMorale, "u1"), 1);
  EXPECT_EQ(count(log, EventKind::kMorale, "u0"), 0);
  // The loser passed: still locked (§8.18).
  EXPECT_EQ(s.units[static_cast<std::size_t>(t)].engaged_with, std::vector<int>{a});
}

TEST(FireAndDisciplineMeleePhase, EqualHitsEngagedThenEngagedColumn) {  // §8.18, §8.45
  Battle b;
  const int a = b.line(0, {north(0, 0)}, 4);
  const int t = b.line(1, {south(0, 0)}, 4);
  FdState s = b.state();
  MeleeBook book;
  book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
  book.charged = {a};
  Scripted dice({10, 10});  // one hit each: engaged, nobody tests (FD-22)
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_EQ(count(log, EventKind::kMorale), 0);
  EXPECT_EQ(s.units[static_cast<std::size_t>(a)].engaged_with, std::vector<int>{t});
  // Next turn: the infantry +1 makes 0-1-2-3; a 3 hits, a 5 misses; red (4 + 4 = 8) tests.
  ++s.turn;
  MeleeBook next;
  Scripted dice2({3, 5, 1});
  resolve_melees(s, next, dice2, log);
  EXPECT_TRUE(dice2.done());
  ASSERT_EQ(next.melees.size(), 1u);
  EXPECT_TRUE(next.melees[0].engaged);
  EXPECT_EQ(s.force.units[static_cast<std::size_t>(t)].stands[0].castings, 4);
  EXPECT_EQ(count(log, EventKind::kMorale, "u1"), 1);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
