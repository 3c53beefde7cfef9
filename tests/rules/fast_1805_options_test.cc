// The fast-1805 options that change how a resolution computes its result (A2-02, A2-05,
// A2-08, A2-15, A2-19, A2-20): each as a situation field / function parameter and as a
// parameter of the named resolution, default and alternative, against hand-computed cases.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/fast_1805/resolutions.h"
#include "rules/fast_1805_res.h"
#include "rules/resolution_test_util.h"

namespace smoothbore::fast_1805 {
namespace {

using test::Dist;
using test::expect_dist;
using test::key;
using test::params;

using resolution_test::exact;
using resolution_test::res;

const ParamSpec* spec(const Resolution& r, std::string_view name) {
  for (const ParamSpec& s : r.params) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// Every die shows `face` (faces in order, the last one repeated).
class FixedChance final : public Chance {
 public:
  explicit FixedChance(std::vector<int> faces) : faces_(std::move(faces)) {}
  int roll(int /*sides*/) override {
    const int f = faces_.at(next_);
    if (next_ + 1 < faces_.size()) ++next_;
    return f;
  }
  int pick(std::span<const double>) override {
    ADD_FAILURE() << "1805 resolutions roll dice; they pick from no closed form";
    return 0;
  }

 private:
  std::vector<int> faces_;
  std::size_t next_ = 0;
};

// --- A2-08 a2_lower_band_inclusive ------------------------------------------------------

TEST(Fast1805Options, RangeBandLowerInclusive) {
  const RangeTable& sa = tables().small_arms;  // 6 / 12 / 18
  // Default: upper limits inclusive.
  EXPECT_EQ(range_band(sa, 0, false), 0);
  EXPECT_EQ(range_band(sa, 6, false), 0);
  EXPECT_EQ(range_band(sa, 12, false), 1);
  EXPECT_EQ(range_band(sa, 18, false), 2);
  // Lower limits inclusive: 6 → 6-12, 12 → 12-18; the last band keeps 18.
  EXPECT_EQ(range_band(sa, 0, false, true), 0);
  EXPECT_EQ(range_band(sa, 5.99, false, true), 0);
  EXPECT_EQ(range_band(sa, 6, false, true), 1);
  EXPECT_EQ(range_band(sa, 11.99, false, true), 1);
  EXPECT_EQ(range_band(sa, 12, false, true), 2);
  EXPECT_EQ(range_band(sa, 18, false, true), 2);
  EXPECT_EQ(range_band(sa, 18.01, false, true), std::nullopt);
  // Woods halves every limit (3 / 6 / 9).
  EXPECT_EQ(range_band(sa, 3, true), 0);
  EXPECT_EQ(range_band(sa, 3, true, true), 1);
  EXPECT_EQ(range_band(sa, 9, true, true), 2);
  EXPECT_EQ(range_band(sa, 9.01, true, true), std::nullopt);
  // Artillery 6 / 12 / 24 / 36.
  const RangeTable& art = tables().artillery;
  EXPECT_EQ(range_band(art, 24, false), 2);
  EXPECT_EQ(range_band(art, 24, false, true), 3);
  EXPECT_EQ(range_band(art, 36, false, true), 3);
  EXPECT_EQ(range_band(art, 36.01, false, true), std::nullopt);

  EXPECT_EQ(small_arms_percent(Quality::kVeteran, 6), 8);
  EXPECT_EQ(small_arms_percent(Quality::kVeteran, 6, false, true), 7);
  EXPECT_EQ(small_arms_percent(Quality::kGreen, 12, false, true), 4);
  EXPECT_EQ(small_arms_percent(Quality::kUntrained, 18, false, true), 2);
  EXPECT_EQ(artillery_percent(Quality::kVeteran, 12), 14);
  EXPECT_EQ(artillery_percent(Quality::kVeteran, 12, false, true), 12);
  EXPECT_EQ(artillery_percent(Quality::kGreen, 6, true, true), 10);  // woods: 6 is 6-12 (halved)
  EXPECT_EQ(artillery_percent(Quality::kGreen, 36, false, true), 8);
}

TEST(Fast1805Options, FireLowerBandInclusive) {
  // Veteran at exactly 6": default 0-6 8% (10 × 8 = 80%), lower-inclusive 6-12 7% (70%).
  expect_dist(exact("fire", {"shooters=10", "range=6"}), {{"0", 0.2}, {"1", 0.8}});
  expect_dist(exact("fire", {"shooters=10", "range=6", "lower-band-inclusive=true"}),
              {{"0", 0.3}, {"1", 0.7}});
  // Green at 12": default 6-12 5% (5 × 5 = 25%), lower-inclusive 12-18 4% (20%).
  expect_dist(exact("fire", {"shooters=5", "quality=green", "range=12"}),
              {{"0", 0.75}, {"1", 0.25}});
  expect_dist(
      exact("fire", {"shooters=5", "quality=green", "range=12", "lower-band-inclusive=true"}),
      {{"0", 0.8}, {"1", 0.2}});
  // 18" stays in range (last band upper limit inclusive): veteran 6%, 10 × 6 = 60%.
  expect_dist(exact("fire", {"shooters=10", "range=18", "lower-band-inclusive=true"}),
              {{"0", 0.4}, {"1", 0.6}});
  expect_dist(exact("fire", {"shooters=10", "range=18.5", "lower-band-inclusive=true"}),
              {{"0", 1}});
  // Woods, 3": default 0-3 8% + 3 first fire = 11 (10 × 11 = 110%); lower-inclusive 3-6
  // 7 + 3 = 10 (100%, no roll).
  expect_dist(exact("fire", {"shooters=10", "range=3", "woods=true", "first-fire=true"}),
              {{"1", 0.9}, {"2", 0.1}});
  expect_dist(exact("fire", {"shooters=10", "range=3", "woods=true", "first-fire=true",
                             "lower-band-inclusive=true"}),
              {{"1", 1}});
  // Off band limits the option changes nothing: 6.5" is 7% either way.
  expect_dist(exact("fire", {"shooters=10", "range=6.5", "lower-band-inclusive=true"}),
              {{"0", 0.3}, {"1", 0.7}});

  FireSituation s;
  s.shooters = 10;
  s.range_in = 6;
  EXPECT_EQ(fire_chance(s).per_figure, 8);
  s.lower_band_inclusive = true;
  const KillChance c = fire_chance(s);
  EXPECT_EQ(c.base, 7);
  EXPECT_EQ(c.total, 70);
  EXPECT_NE(c.base_ref.find("a2_lower_band_inclusive"), std::string::npos) << c.base_ref;
}

TEST(Fast1805Options, ArtilleryLowerBandInclusive) {
  // Veteran at 24": default 12-24 12% (4 × 12 = 48%), lower-inclusive 24-36 10% (40%).
  expect_dist(exact("artillery", {"gunners=4", "range=24"}), {{"0", 0.52}, {"1", 0.48}});
  expect_dist(exact("artillery", {"gunners=4", "range=24", "lower-band-inclusive=true"}),
              {{"0", 0.6}, {"1", 0.4}});
  // Veteran at 6": 16% (5 × 16 = 80%) vs 14% (70%).
  expect_dist(exact("artillery", {"gunners=5", "range=6"}), {{"0", 0.2}, {"1", 0.8}});
  expect_dist(exact("artillery", {"gunners=5", "range=6", "lower-band-inclusive=true"}),
              {{"0", 0.3}, {"1", 0.7}});
  // 36" still fires: veteran 10%, 4 × 10 = 40%.
  expect_dist(exact("artillery", {"gunners=4", "range=36", "lower-band-inclusive=true"}),
              {{"0", 0.6}, {"1", 0.4}});

  ArtillerySituation a;
  a.gunners = 4;
  a.range_in = 12;
  EXPECT_EQ(artillery_chance(a).base, 14);
  a.lower_band_inclusive = true;
  EXPECT_EQ(artillery_chance(a).base, 12);
  EXPECT_EQ(artillery_chance(a).total, 48);
}

// --- A2-15 a2_percent_floor ---------------------------------------------------------------

TEST(Fast1805Options, PercentFloorSameKills) {
  // Untrained 12-18" 2 − 10 trenches = −8: per-figure 0; total 30 × −8 = −240 → 0.
  for (const char* floor : {"percent-floor=per-figure", "percent-floor=total"}) {
    expect_dist(exact("fire", {"shooters=30", "quality=untrained", "range=15",
                               "target-trenches=true", floor}),
                {{"0", 1}});
    // Untrained 24-36" 6 − 20 − 10 = −24 → 0.
    expect_dist(exact("artillery", {"gunners=4", "quality=untrained", "range=30",
                                    "target-trenches=true", "shaken=true", floor}),
                {{"0", 1}});
    // Timid artillery 0 − 5 disordered → 0.
    expect_dist(exact("melee", {"figures=4", "arm=artillery", "effectiveness=timid",
                                "disordered=true", floor}),
                {{"0", 1}});
    // No floor needed: 12 × (8 + 3) = 132% either way.
    expect_dist(exact("fire", {"shooters=12", "range=4", "first-fire=true", floor}),
                {{"1", 0.68}, {"2", 0.32}});
    // Cavalry vs square, timid disordered: (15 − 5) × ½ = 5; 3 × 5 = 15%.
    expect_dist(exact("melee", {"figures=3", "arm=cavalry", "effectiveness=timid",
                                "disordered=true", "vs-square=true", floor}),
                {{"0", 0.85}, {"1", 0.15}});
  }
}

TEST(Fast1805Options, PercentFloorRecords) {
  FireSituation f;
  f.shooters = 30;
  f.quality = Quality::kUntrained;
  f.range_in = 15;
  f.target_trenches = true;
  KillChance c = fire_chance(f);  // default: per figure
  ASSERT_EQ(c.modifiers.size(), 2u);
  EXPECT_EQ(c.modifiers[1].name, "floor at 0% per figure");
  EXPECT_EQ(c.modifiers[1].ref, "A2-15");
  EXPECT_EQ(c.modifiers[1].value, 8);
  EXPECT_EQ(c.per_figure, 0);
  EXPECT_EQ(c.total, 0);

  f.floor_total = true;  // the total P = 30 × −8 = −240 is floored
  c = fire_chance(f);
  ASSERT_EQ(c.modifiers.size(), 2u);
  EXPECT_NE(c.modifiers[1].name.find("total"), std::string::npos) << c.modifiers[1].name;
  EXPECT_NE(c.modifiers[1].name.find("-240"), std::string::npos) << c.modifiers[1].name;
  EXPECT_EQ(c.modifiers[1].ref, "A2-15");
  EXPECT_EQ(c.modifiers[1].value, 8);  // per figure, so base + modifiers = per_figure
  EXPECT_EQ(c.per_figure, 0);
  EXPECT_EQ(c.total, 0);
  EXPECT_TRUE(c.possible);

  Rng rng(5, 0);
  SampledChance dice(rng);
  RollRecord rec;
  EXPECT_EQ(resolve_fire(f, dice, &rec), 0);
  EXPECT_TRUE(rec.faces.empty());
  ASSERT_EQ(rec.modifiers.size(), 2u);
  EXPECT_NE(rec.modifiers[1].name.find("total"), std::string::npos);

  ArtillerySituation a;
  a.gunners = 4;
  a.quality = Quality::kUntrained;
  a.range_in = 30;
  a.target_trenches = a.shaken = true;
  a.floor_total = true;  // 4 × (6 − 20 − 10) = −96
  c = artillery_chance(a);
  ASSERT_EQ(c.modifiers.size(), 3u);
  EXPECT_NE(c.modifiers[2].name.find("-96"), std::string::npos) << c.modifiers[2].name;
  EXPECT_EQ(c.modifiers[2].value, 24);
  EXPECT_EQ(c.total, 0);

  MeleeSituation m;
  m.figures = 4;
  m.arm = Arm::kArtillery;
  m.effectiveness = Effectiveness::kTimid;
  m.disordered = true;
  c = melee_chance(m);
  ASSERT_EQ(c.modifiers.size(), 2u);
  EXPECT_EQ(c.modifiers[1].name, "floor at 0% per figure");
  EXPECT_EQ(c.modifiers[1].value, 5);
  m.floor_total = true;  // 4 × −5 = −20
  c = melee_chance(m);
  ASSERT_EQ(c.modifiers.size(), 2u);
  EXPECT_NE(c.modifiers[1].name.find("-20"), std::string::npos) << c.modifiers[1].name;
  EXPECT_EQ(c.modifiers[1].value, 5);
  EXPECT_EQ(c.per_figure, 0);
  EXPECT_EQ(c.total, 0);

  // Positive %: no floor recorded under either reading.
  FireSituation ok;
  ok.floor_total = true;
  EXPECT_TRUE(fire_chance(ok).modifiers.empty());
  EXPECT_EQ(fire_chance(ok).total, 8);
}

// --- A2-05 a2_untrained_stand_percent -------------------------------------------------------

TEST(Fast1805Options, UntrainedStandPercent) {
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kUntrained), 40);
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kUntrained, 30), 30);
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kGreen, 30), 50);  // only untrained changes
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kVeteran, 30), 60);

  expect_dist(exact("stand-vs-cavalry", {"quality=untrained"}),
              {{"pass", 0.4}, {"disordered", 0.1}, {"flee", 0.5}});
  expect_dist(exact("stand-vs-cavalry", {"quality=untrained", "untrained-percent=40"}),
              {{"pass", 0.4}, {"disordered", 0.1}, {"flee", 0.5}});
  expect_dist(exact("stand-vs-cavalry", {"quality=untrained", "untrained-percent=30"}),
              {{"pass", 0.3}, {"disordered", 0.1}, {"flee", 0.6}});
  // 95: pass 1-95, disordered 96-100.
  expect_dist(exact("stand-vs-cavalry", {"quality=untrained", "untrained-percent=95"}),
              {{"pass", 0.95}, {"disordered", 0.05}});
  // 0: faces 1-10 miss by ≤ 10 (disordered), the rest flee.
  expect_dist(exact("stand-vs-cavalry", {"quality=untrained", "untrained-percent=0"}),
              {{"disordered", 0.1}, {"flee", 0.9}});
  // Veteran and green ignore it.
  expect_dist(exact("stand-vs-cavalry", {"quality=veteran", "untrained-percent=30"}),
              {{"pass", 0.6}, {"disordered", 0.1}, {"flee", 0.3}});
  expect_dist(exact("stand-vs-cavalry", {"quality=green", "untrained-percent=30"}),
              {{"pass", 0.5}, {"disordered", 0.1}, {"flee", 0.4}});

  // The typed function: face 35 passes at 40, is disordered at 30 (missed by 5).
  RollRecord rec;
  FixedChance d35({35});
  EXPECT_EQ(resolve_stand_vs_cavalry(Quality::kUntrained, d35, &rec), StandResult::kPass);
  EXPECT_EQ(rec.target, 40);
  EXPECT_NE(rec.base_ref.find("extrapolated"), std::string::npos) << rec.base_ref;
  FixedChance d35b({35});
  EXPECT_EQ(resolve_stand_vs_cavalry(Quality::kUntrained, d35b, &rec, 30),
            StandResult::kDisordered);
  EXPECT_EQ(rec.target, 30);
  EXPECT_NE(rec.base_ref.find("a2_untrained_stand_percent 30"), std::string::npos) << rec.base_ref;
  FixedChance d41({41});
  EXPECT_EQ(resolve_stand_vs_cavalry(Quality::kUntrained, d41, nullptr, 30), StandResult::kFlee);

  const ParamSpec* p = spec(res("stand-vs-cavalry"), "untrained-percent");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->signature(), "untrained-percent (an integer 0..100, default 40)");
  EXPECT_FALSE(
      parse_assignments(res("stand-vs-cavalry").params, {"untrained-percent=101"}).has_value());
}

// --- A2-19 / A2-20 gun hit and repair percentages -------------------------------------------

TEST(Fast1805Options, GunHitOdds) {
  const GunHitOdds def;
  EXPECT_EQ(def.explosion, 30);
  EXPECT_EQ(def.destroyed, 70);

  // Explosion 50: limber band .20 × .50 = .10 explodes, .10 damaged.
  expect_dist(exact("gun-hit", {"explosion-percent=50"}), {{"limber", 0.1},
                                                           {"limber-explosion", 0.1},
                                                           {"horse", 0.3},
                                                           {"crew", 0.3},
                                                           {"gun-destroyed", 0.14},
                                                           {"gun-silenced", 0.06}});
  // Destroyed 40: gun band .20 × .40 = .08 destroyed, .12 silenced.
  expect_dist(exact("gun-hit", {"destroyed-percent=40"}), {{"limber", 0.14},
                                                           {"limber-explosion", 0.06},
                                                           {"horse", 0.3},
                                                           {"crew", 0.3},
                                                           {"gun-destroyed", 0.08},
                                                           {"gun-silenced", 0.12}});
  // 0 and 100: never explodes, always destroyed.
  expect_dist(exact("gun-hit", {"explosion-percent=0", "destroyed-percent=100"}),
              {{"limber", 0.2}, {"horse", 0.3}, {"crew", 0.3}, {"gun-destroyed", 0.2}});
  // Explicit defaults equal the default.
  expect_dist(exact("gun-hit", {"explosion-percent=30", "destroyed-percent=70"}),
              exact("gun-hit", {}));

  // Typed: limber hit (face 10), second d100 40: damaged at 30, explodes at 50.
  RollRecord rec;
  FixedChance a({10, 40});
  EXPECT_EQ(resolve_gun_hit(a, &rec), GunHitEffect::kLimber);
  EXPECT_EQ(rec.target, 30);
  EXPECT_EQ(rec.result.find("option"), std::string::npos) << rec.result;
  FixedChance b({10, 40});
  EXPECT_EQ(resolve_gun_hit(b, &rec, GunHitOdds{50, 70}), GunHitEffect::kLimberExplosion);
  EXPECT_EQ(rec.target, 50);
  EXPECT_NE(rec.result.find("a2_limber_explosion_percent 50"), std::string::npos) << rec.result;
  // Gun hit (face 90), second d100 60: destroyed at 70, silenced at 50.
  FixedChance c({90, 60});
  EXPECT_EQ(resolve_gun_hit(c, nullptr), GunHitEffect::kGunDestroyed);
  FixedChance d({90, 60});
  EXPECT_EQ(resolve_gun_hit(d, &rec, GunHitOdds{30, 50}), GunHitEffect::kGunSilenced);
  EXPECT_EQ(rec.target, 50);
  EXPECT_NE(rec.result.find("a2_gun_destroyed_percent 50"), std::string::npos) << rec.result;

  const Resolution& r = res("gun-hit");
  ASSERT_NE(spec(r, "explosion-percent"), nullptr);
  EXPECT_EQ(spec(r, "explosion-percent")->signature(),
            "explosion-percent (an integer 0..100, default 30)");
  EXPECT_EQ(spec(r, "destroyed-percent")->signature(),
            "destroyed-percent (an integer 0..100, default 70)");
}

TEST(Fast1805Options, GunRepairPercent) {
  expect_dist(exact("gun-repair", {}), {{"repaired", 0.7}, {"silenced", 0.3}});
  expect_dist(exact("gun-repair", {"repair-percent=55"}), {{"repaired", 0.55}, {"silenced", 0.45}});
  expect_dist(exact("gun-repair", {"repair-percent=0"}), {{"silenced", 1}});

  RollRecord rec;
  FixedChance a({60});
  EXPECT_TRUE(resolve_gun_repair(a, &rec));
  EXPECT_EQ(rec.target, 70);
  EXPECT_EQ(rec.base_ref, "R-002-6 L162, A2-20");
  FixedChance b({60});
  EXPECT_FALSE(resolve_gun_repair(b, &rec, 55));
  EXPECT_EQ(rec.target, 55);
  EXPECT_EQ(rec.base_ref, "R-002-6 L162, A2-20 (option a2_gun_repair_percent 55)");
  EXPECT_EQ(spec(res("gun-repair"), "repair-percent")->signature(),
            "repair-percent (an integer 0..100, default 70)");
}

// --- A2-02 a2_shaken_applies: InitiativeResult::margin ------------------------------------

TEST(Fast1805Options, InitiativeMargin) {
  struct Case {
    Quality q;
    int face;
    bool passed;
    double margin;
  };
  // Veteran 70, green 60, untrained 50: margin = face − target.
  for (const Case& c :
       {Case{Quality::kVeteran, 1, true, -69}, Case{Quality::kVeteran, 70, true, 0},
        Case{Quality::kVeteran, 75, false, 5}, Case{Quality::kVeteran, 80, false, 10},
        Case{Quality::kVeteran, 81, false, 11}, Case{Quality::kGreen, 100, false, 40},
        Case{Quality::kUntrained, 50, true, 0}}) {
    FixedChance dice({c.face});
    RollRecord rec;
    const InitiativeResult r = resolve_initiative(c.q, dice, &rec);
    EXPECT_EQ(r.passed, c.passed) << c.face;
    EXPECT_EQ(r.roll, c.face);
    EXPECT_EQ(r.margin, c.margin) << c.face;
    EXPECT_EQ(r.passed, r.margin <= 0);
  }
  // Under "all", a miss by 10 or less shakes: veteran faces 71-80, 10 of 100.
  int shaken = 0;
  for (int face = 1; face <= 100; ++face) {
    FixedChance dice({face});
    const InitiativeResult r = resolve_initiative(Quality::kVeteran, dice);
    if (r.margin > 0 && r.margin <= 10) ++shaken;
  }
  EXPECT_EQ(shaken, 10);
  // The named resolution is unchanged: pass / fail only.
  expect_dist(exact("initiative", {"quality=veteran"}), {{"pass", 0.7}, {"fail", 0.3}});
}

// --- Schemas: new parameters with the digest's defaults; old ones unchanged ----------------

TEST(Fast1805Options, NewParameterDefaults) {
  for (const char* name : {"fire", "artillery"}) {
    const ParamSpec* lb = spec(res(name), "lower-band-inclusive");
    ASSERT_NE(lb, nullptr) << name;
    EXPECT_EQ(lb->default_value, Value(false));
  }
  for (const char* name : {"fire", "artillery", "melee"}) {
    const ParamSpec* pf = spec(res(name), "percent-floor");
    ASSERT_NE(pf, nullptr) << name;
    EXPECT_EQ(to_string(pf->default_value), "per-figure");
    EXPECT_EQ(pf->choices, (std::vector<std::string>{"per-figure", "total"}));
  }
  // The existing parameters keep their order and defaults (new ones are appended).
  const Resolution& fire = res("fire");
  ASSERT_EQ(fire.params.size(), 13u);
  EXPECT_EQ(fire.params[10].name, "woods");
  EXPECT_EQ(res("artillery").params.size(), 12u);
  EXPECT_EQ(res("artillery").params[9].name, "woods");
  EXPECT_EQ(res("melee").params.size(), 11u);
  EXPECT_EQ(res("melee").params[9].name, "a2_melee_rowmajor");
  EXPECT_EQ(res("stand-vs-cavalry").params[0].name, "quality");
}

}  // namespace
}  // namespace smoothbore::fast_1805
