// elan-drill's typed situations (situations.h, issue 9): the battle weighs and rolls them
// without a parameter map, so on random situations each must give back the parameters it
// came from, and its odds must be the generic resolution's on those parameters, bit for bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/dice/rng.h"

#include "rules/elan_drill/pool_odds.h"
#include "rules/elan_drill/situations.h"
#include "rules/elan_drill/tables.h"
#include "rules/registry.h"
#include "rules/resolution.h"

namespace smoothbore::elan_drill {
namespace {

class Situations : public ::testing::Test {
 protected:
  const Ruleset& rs() const { return *find_ruleset("elan-drill"); }
  const Resolution& resolution(const std::string& name) const { return *rs().resolution(name); }
  Params complete(const std::string& name, const std::map<std::string, Value>& given) const {
    return rs().battle_params(name, given);
  }
  bool coin() { return rng_() % 2 == 0; }
  int between(int lo, int hi) { return lo + static_cast<int>(rng_() % (hi - lo + 1)); }
  double inches(double hi) { return std::uniform_real_distribution<double>(0, hi)(rng_); }
  const Row* any_row(const std::string& table_name) {
    const auto& rows = table(table_name).rows;
    return &rows[rng_() % rows.size()];
  }
  FireModifiers any_fire_modifiers() { return {coin(), between(0, 12), coin(), coin()}; }
  TestOptions any_test_options() { return {between(0, 3), between(1, 12), between(0, 3), coin()}; }
  ElanFactors any_elan_factors() {
    ElanFactors e;
    e.factor = between(0, 12);
    e.dms = between(0, 12);
    e.square_or_cover = coin();
    e.leader = coin();
    e.flank_rear = coin();
    e.figures_lost_more = between(0, 8);
    e.below_half = coin();
    e.outnumbered = coin();
    e.formation = static_cast<CloseFormation>(between(0, 4));
    e.attacking_flank_rear = coin();
    e.uphill = coin();
    e.lighter_cavalry = coin();
    e.opponent_skirmish = coin();
    e.options = any_test_options();
    return e;
  }
  ElanTestSituation any_elan_test() {
    const auto& triggers = table("elan.triggers").rows;
    ElanTestSituation s;
    s.dice = between(0, 3);
    s.fire_casualties = between(0, 8);
    s.shell_casualties = between(0, 3);
    s.volley_canister_casualties = between(0, 3);
    s.rifle_casualties = between(0, 3);
    s.per_casualty = coin();
    s.round = between(0, 3);
    if (coin()) s.closing = &triggers[static_cast<std::size_t>(between(9, 12))];  // L41-L44
    s.friends_broken = between(0, 2);
    s.elan = any_elan_factors();
    return s;
  }
  SaveSituation any_save() {
    SaveSituation t;
    t.experience = any_row("close_saves.experience");
    t.dms = between(0, 12);
    t.cover = static_cast<Cover>(between(0, 2));
    t.attack = static_cast<Attack>(between(0, 5));
    t.skirmisher = static_cast<Skirmisher>(between(0, 2));
    t.artillery = coin();
    t.flank_rear = coin();
    t.capped = coin();
    t.special = coin();
    return t;
  }
  // P(field = index) under the generic resolution's exact distribution.
  std::vector<double> distribution(const std::string& name, const Params& p,
                                   const std::string& field) const {
    std::vector<double> out;
    for (const OutcomeProbability& op : exact_distribution(resolution(name), p)) {
      for (const auto& [k, v] : op.outcome) {
        if (k != field) continue;
        const auto c = static_cast<std::size_t>(as_number(v));
        if (out.size() <= c) out.resize(c + 1, 0.0);
        out[c] += op.probability;
      }
    }
    return out;
  }
  // Samples the typed roll and the generic resolution with the same dice: the same outcome
  // and the same records.
  template <class Roll>
  void expect_same_roll(const std::string& name, const Params& p, Roll roll, int trial) {
    for (std::uint64_t stream = 0; stream < 3; ++stream) {
      Rng a(77, stream), b(77, stream);
      SampledChance ca(a), cb(b);
      std::vector<RollRecord> ra, rb;
      EXPECT_EQ(roll(ca, &ra), resolution(name).resolve(p, cb, &rb)) << name << " " << trial;
      ASSERT_EQ(ra.size(), rb.size()) << name << " " << trial;
      for (std::size_t i = 0; i < ra.size(); ++i) {
        EXPECT_EQ(ra[i].result, rb[i].result) << name << " " << trial;
        EXPECT_EQ(ra[i].faces, rb[i].faces) << name << " " << trial;
        EXPECT_EQ(ra[i].target, rb[i].target) << name << " " << trial;
        EXPECT_EQ(ra[i].modifiers.size(), rb[i].modifiers.size()) << name << " " << trial;
      }
    }
  }
  // D12-25 reads a fire's natural 12s from its outcome, never from a record: they are the 12s
  // among the faces of its first (to-hit) roll, and the same on the same dice without a
  // record (a quiet battle). Returns the 12s seen.
  template <class Roll>
  int expect_natural_12s(Roll roll, int trial) {
    int seen = 0;
    for (std::uint64_t stream = 0; stream < 3; ++stream) {
      Rng a(53, stream), b(53, stream);
      SampledChance ca(a), cb(b);
      std::vector<RollRecord> records;
      const FireOutcome logged = roll(ca, &records);
      const FireOutcome quiet = roll(cb, nullptr);
      const std::vector<int> none;
      const std::vector<int>& faces = records.empty() ? none : records.front().faces;
      EXPECT_EQ(logged.natural_12s, static_cast<int>(std::count(faces.begin(), faces.end(), 12)))
          << trial;
      EXPECT_EQ(quiet, logged) << trial;
      seen += logged.natural_12s;
    }
    return seen;
  }
  std::mt19937 rng_{2026};
};

TEST_F(Situations, SmallArmsAreTheResolution) {
  const Resolution& r = resolution("small-arms");
  int twelves = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SmallArmsSituation s;
    s.weapon = any_row("fire.weapons");
    s.fire = any_row("fire.fire_types");
    s.figures = between(1, 60);
    s.skill = between(0, 12);
    s.range = trial % 5 == 0 ? static_cast<double>(between(0, 30)) : inches(30);
    s.mounted = coin();
    s.two_rank_line = coin();
    s.first_fire = coin();
    s.general = any_fire_modifiers();
    s.platoon_round_up = coin();
    s.pistol_no_penalty = coin();
    s.duplicates_twice = coin();
    const Params p = complete("small-arms", small_arms_params(s));
    EXPECT_EQ(small_arms_situation(p), s) << trial;
    EXPECT_EQ(success_mean(small_arms_pool(s)), outcome_mean(r, p, "hits")) << trial;
    if (trial % 10 == 0) {
      expect_same_roll(
          "small-arms", p, [&](Chance& c, auto* e) { return roll_small_arms(s, c, e).fields; },
          trial);
    }
    twelves += expect_natural_12s(
        [&](Chance& c, std::vector<RollRecord>* e) { return roll_small_arms(s, c, e); }, trial);
  }
  EXPECT_GT(twelves, 0);
}

// The battle leaves min-dice, factor-cap and the rest at the schema's defaults.
TEST_F(Situations, DefaultsAreTheSchemas) {
  EXPECT_EQ(elan_test_situation(complete("elan-test", {})), ElanTestSituation{});
  EXPECT_EQ(close_to_melee_situation(complete("close-to-melee", {})), CloseToMeleeSituation{});
}

TEST_F(Situations, ElanTestsAreTheResolution) {
  for (int trial = 0; trial < 200; ++trial) {
    ElanTestSituation s = any_elan_test();
    const Params p = complete("elan-test", elan_test_params(s));
    EXPECT_EQ(elan_test_situation(p), s) << trial;
    EXPECT_EQ(failure_distribution(elan_test_pool(s)), distribution("elan-test", p, "failures"))
        << trial;
    if (trial % 10 == 0) {
      expect_same_roll(
          "elan-test", p, [&](Chance& c, auto* e) { return roll_elan_test(s, c, e); }, trial);
    }
  }
}

// ElanTestPools gives elan_test_pool's pool at each count of figures lost more, the
// minimum dice (R-001-1) included: at, below and above it.
TEST_F(Situations, ElanTestPoolsAreThePools) {
  int at_minimum = 0;
  for (int trial = 0; trial < 300; ++trial) {
    ElanTestSituation s = any_elan_test();
    if (trial % 3 == 0) s.elan.options.min_dice = between(0, 12);
    const ElanTestPools pools(s);
    for (int lost = 0; lost <= 12; ++lost) {
      s.elan.figures_lost_more = lost;
      const PoolDice want = elan_test_pool(s);
      const PoolDice got = pools.at(lost);
      EXPECT_EQ(got.dice, want.dice) << trial << " " << lost;
      EXPECT_EQ(got.factor, want.factor) << trial << " " << lost;
      if (want.dice == s.elan.options.min_dice) ++at_minimum;
    }
  }
  EXPECT_GT(at_minimum, 0);
}

TEST_F(Situations, CloseToMeleeOddsAreTheResolution) {
  const Resolution& r = resolution("close-to-melee");
  for (int trial = 0; trial < 300; ++trial) {
    CloseToMeleeSituation s;
    s.defender = coin();
    s.cavalry = coin();
    s.terrain_or_square = coin();
    s.dm_count_before = coin();
    s.elan = any_elan_factors();
    s.elan.dms = between(0, 4);  // around the D12-15 limit and the break
    const Params p = complete("close-to-melee", close_to_melee_params(s));
    EXPECT_EQ(close_to_melee_situation(p), s) << trial;
    for (int twice = 0; twice < 2; ++twice) {  // computed, then kept
      const CloseToMeleeOdds& odds = close_to_melee_odds(s);
      EXPECT_EQ(odds.contact, outcome_probability(r, p, "contact", Value(true))) << trial;
      EXPECT_EQ(odds.broken, outcome_probability(r, p, "broken", Value(true))) << trial;
      EXPECT_EQ(odds.steady, outcome_probability(r, p, "failures", Value(std::int64_t{0})))
          << trial;
    }
    if (trial % 10 == 0) {
      expect_same_roll(
          "close-to-melee", p, [&](Chance& c, auto* e) { return roll_close_to_melee(s, c, e); },
          trial);
    }
  }
}

TEST_F(Situations, CloseActionsAreTheResolution) {
  for (int trial = 0; trial < 150; ++trial) {
    CloseActionSituation s;
    s.figures = between(1, 12);
    s.skill = between(0, 12);
    s.flank_rear = coin();
    s.vs_broken = coin();
    s.obstacle_or_bua = coin();
    s.cavalry_vs_square = coin();
    s.dms = between(0, 12);
    s.two_rank_line = coin();
    s.skirmish = coin();
    s.march_column = coin();
    s.non_charging_cavalry = coin();
    s.broken = coin();
    s.broken_to_hit = between(-12, 0);
    s.target = any_save();
    s.target.attack = Attack::kSmallArms;  // not a close-action parameter: melee is implied
    s.target.skirmisher = Skirmisher::kNone;
    s.target.artillery = s.target.flank_rear = false;
    const Params p = complete("close-action", close_action_params(s));
    EXPECT_EQ(close_action_situation(p), s) << trial;
    EXPECT_EQ(casualty_distribution(close_action_pools(s)),
              distribution("close-action", p, "casualties"))
        << trial;
    if (trial % 10 == 0) {
      expect_same_roll(
          "close-action", p, [&](Chance& c, auto* e) { return roll_close_action(s, c, e); }, trial);
    }
  }
}

// Every shot, in and out of its ranges; the shots the battle weighs (one unit struck) are
// kept by shot_odds_key, the others computed each time.
TEST_F(Situations, ShotsAreTheResolution) {
  const std::vector<std::string> guns = {"heavy", "medium", "light", "ultra-light"};
  const std::vector<std::string> targets = {
      "line",   "march-column-flank", "unlimbered-artillery", "attack-column", "square", "building",
      "cavalry"};
  int twelves = 0;
  for (int trial = 0; trial < 400; ++trial) {
    ShotSituation s;
    s.shot = static_cast<Shot>(trial % 4);
    s.gun = guns[rng_() % (s.shot == Shot::kCanister || s.shot == Shot::kSolidShot ? 4 : 3)];
    s.gunnery = between(0, 12);
    s.range = trial % 7 == 0 ? static_cast<double>(between(0, 30))
                             : inches(s.shot == Shot::kCanister ? 30 : 70);
    s.general = any_fire_modifiers();
    if (s.shot == Shot::kCanister) {
      s.howitzer = coin();
    } else {
      s.max_range = coin() ? 0.0 : inches(100);
      s.long_fraction = std::uniform_real_distribution<double>(0, 1)(rng_);
    }
    if (s.shot == Shot::kSolidShot) {
      s.target = targets[rng_() % targets.size()];
      s.further_mode = static_cast<FurtherMode>(between(0, 2));
      if (trial % 3 == 0) {
        s.further_targets = between(0, 2);
        s.further_target = targets[rng_() % targets.size()];
        s.target_number = between(1, 2);
      }
    }
    if (s.shot == Shot::kShell || s.shot == Shot::kShrapnel) {
      s.nearby_units = trial % 3 == 0 ? between(0, 2) : 0;
      s.scatter_nearest = coin();
      s.class_modifiers = coin();
      if (s.shot == Shot::kShell) {
        s.min_range = inches(30);
      } else {
        s.shrapnel_fraction = std::uniform_real_distribution<double>(0, 1)(rng_);
      }
    }
    const std::string name(shot_name(s.shot));
    const Params p = complete(name, shot_situation_params(s));
    EXPECT_EQ(shot_situation(s.shot, p), s) << trial;
    for (int twice = 0; twice < 2; ++twice) {
      EXPECT_EQ(shot_hits_mean(s), outcome_mean(resolution(name), p, "hits")) << trial;
    }
    if (trial % 10 < 4) {
      expect_same_roll(
          name, p, [&](Chance& c, auto* e) { return roll_shot(s, c, e).fields; }, trial);
    }
    twelves += expect_natural_12s(
        [&](Chance& c, std::vector<RollRecord>* e) { return roll_shot(s, c, e); }, trial);
  }
  EXPECT_GT(twelves, 0);
}

TEST_F(Situations, SavesAreTheResolution) {
  for (int trial = 0; trial < 200; ++trial) {
    const SaveSituation s = any_save();
    const int hits = between(0, 20);
    const Params p = complete("save", save_params(s, hits));
    EXPECT_EQ(save_situation(p), s) << trial;
    expect_same_roll(
        "save", p, [&](Chance& c, auto* e) { return roll_save(s, hits, c, e); }, trial);
  }
}

// The test options as the resolutions' parameters (leader-bonus, break-dms, min-dice,
// factor-cap).
void add_options(const TestOptions& o, std::map<std::string, Value>& p) {
  p["leader-bonus"] = Value(std::int64_t{o.leader_bonus});
  p["break-dms"] = Value(std::int64_t{o.break_dms});
  p["min-dice"] = Value(std::int64_t{o.min_dice});
  p["factor-cap"] = Value(std::string(o.factor_cap ? "1-11" : "none"));
}

// A quiet battle rolls without records (EventLog::quiet): the same outcome from the same
// dice, and no more or fewer of them.
template <class Roll>
void expect_same_without_record(Roll roll, int trial) {
  for (std::uint64_t stream = 0; stream < 3; ++stream) {
    Rng a(91, stream), b(91, stream);
    SampledChance ca(a), cb(b);
    std::vector<RollRecord> records;
    EXPECT_EQ(roll(ca, &records), roll(cb, nullptr)) << trial;
    EXPECT_EQ(a.draws(), b.draws()) << trial;
    EXPECT_FALSE(records.empty()) << trial;
  }
}

// The battle rolls Drill tests (charge responses, formation changes, obstacles, passing
// through, break off, engineering) from the typed situation: it is what its parameters say.
TEST_F(Situations, DrillTestsAreTheirParameters) {
  std::vector<std::string> actions = {"charge-response"};
  for (const Row& r : table("drill.triggers").rows) actions.push_back(r.key);
  for (const Row& r : table("drill.charge_responses").rows) actions.push_back(r.key);
  EXPECT_EQ(drill_test_situation(complete("drill-test", {})), DrillTestSituation{});
  for (int trial = 0; trial < 300; ++trial) {
    DrillTestSituation s;
    s.action = actions[rng_() % actions.size()];
    s.dice = trial % 3 == 0 ? between(0, 4) : 0;
    s.factor = between(0, 12);
    s.dms = between(0, 12);
    s.restricted = coin();
    s.flank_rear = coin();
    s.leader = coin();
    s.moving = coin();
    s.options = any_test_options();
    std::map<std::string, Value> given = {{"action", Value(std::string(s.action))},
                                          {"dice", Value(std::int64_t{s.dice})},
                                          {"factor", Value(std::int64_t{s.factor})},
                                          {"dms", Value(std::int64_t{s.dms})},
                                          {"restricted", Value(s.restricted)},
                                          {"flank-rear", Value(s.flank_rear)},
                                          {"leader", Value(s.leader)},
                                          {"moving", Value(s.moving)}};
    add_options(s.options, given);
    const Params p = complete("drill-test", given);
    EXPECT_EQ(drill_test_situation(p), s) << trial;
    expect_same_without_record(
        [&](Chance& c, std::vector<RollRecord>* e) { return roll_drill_test(s, c, e); }, trial);
  }
}

TEST_F(Situations, RalliesAreTheirParameters) {
  EXPECT_EQ(rally_situation(complete("rally", {})), RallySituation{});
  for (int trial = 0; trial < 300; ++trial) {
    RallySituation s;
    s.stationary = coin();
    s.factor = between(0, 12);
    s.dms = between(0, 12);
    s.broken = coin();
    s.square_or_cover = coin();
    s.leader = coin();
    s.leader_near = coin();
    s.successes = coin();
    s.options = any_test_options();
    std::map<std::string, Value> given = {
        {"stance", Value(std::string(s.stationary ? "stationary" : "moving"))},
        {"factor", Value(std::int64_t{s.factor})},
        {"dms", Value(std::int64_t{s.dms})},
        {"broken", Value(s.broken)},
        {"square-or-cover", Value(s.square_or_cover)},
        {"leader", Value(s.leader)},
        {"leader-near", Value(s.leader_near)},
        {"mode", Value(std::string(s.successes ? "successes" : "failures"))}};
    add_options(s.options, given);
    const Params p = complete("rally", given);
    EXPECT_EQ(rally_situation(p), s) << trial;
    expect_same_without_record(
        [&](Chance& c, std::vector<RollRecord>* e) { return roll_rally(s, c, e); }, trial);
  }
}

}  // namespace
}  // namespace smoothbore::elan_drill
