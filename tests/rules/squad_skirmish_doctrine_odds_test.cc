// The doctrine's charge odds (charge_odds.h, L50-L54, SK-12): worked out from the two morale
// tests' faces, they are, bit for bit, what a sum over the exact distribution of the `charge`
// resolution gives (its hundred dice paths enumerated on the named parameters), for every
// attacker against a spread of defenders and for random pairs, with and without the attacker's
// earlier pass (L52). The charge's movement roll (L40) likewise: each arm's open-ground
// distribution from its dice equals the enumeration of `movement`.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/squad_skirmish/charge_odds.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish::detail {
namespace {

void add_morale(std::map<std::string, Value>& p, const std::string& prefix,
                const MoraleSituation& s) {
  p[prefix + "quality"] = Value(s.quality);
  p[prefix + "figures-lost"] = Value(static_cast<std::int64_t>(s.figures_lost));
  p[prefix + "leader-killed"] = Value(s.leader_killed);
  p[prefix + "formed"] = Value(s.formed);
  p[prefix + "officer-rallying"] = Value(s.officer_rallying);
  p[prefix + "wounded-leader"] = Value(s.wounded_leader);
}

void expect_charge_odds_same(const MoraleSituation& a, bool passed, const MoraleSituation& d) {
  static const Resolution kCharge = charge_resolution();
  std::map<std::string, Value> given;
  add_morale(given, "attacker-", a);
  add_morale(given, "defender-", d);
  given["attacker-passed"] = Value(passed);
  const ChargeOdds want = charge_odds_enumerated(*complete_params(kCharge.params, given));
  const ChargeOdds got = charge_odds(a, passed, d);
  EXPECT_EQ(got.goes_in, want.goes_in) << a.quality << " " << a.figures_lost << " vs " << d.quality
                                       << " " << d.figures_lost << " " << passed;
  EXPECT_EQ(got.flees, want.flees);
  EXPECT_EQ(got.turned, want.turned);
}

MoraleSituation random_morale(Rng& rng) {
  static const std::vector<std::string> kQualities = {"green", "regular", "veteran"};
  MoraleSituation s;
  s.quality = kQualities[static_cast<std::size_t>(rng.roll(3) - 1)];
  s.figures_lost = rng.roll(13) - 1;
  s.leader_killed = rng.roll(2) == 1;
  s.formed = rng.roll(2) == 1;
  s.officer_rallying = rng.roll(4) == 1;
  s.wounded_leader = rng.roll(4) == 1;
  return s;
}

TEST(SquadSkirmishDoctrineOdds, ChargeTypedEqualsTheEnumerationBitForBit) {
  Rng rng(20261127, 9);
  std::vector<MoraleSituation> defenders;
  for (int i = 0; i < 6; ++i) defenders.push_back(random_morale(rng));
  int attackers = 0;
  for (const char* q : {"green", "regular", "veteran"}) {
    for (int lost = 0; lost <= 12; ++lost) {
      for (int flags = 0; flags < 8; ++flags) {
        MoraleSituation a;
        a.quality = q;
        a.figures_lost = lost;
        a.leader_killed = (flags & 1) != 0;
        a.formed = (flags & 2) != 0;
        a.wounded_leader = (flags & 4) != 0;
        for (const MoraleSituation& d : defenders) {
          expect_charge_odds_same(a, false, d);
          expect_charge_odds_same(a, true, d);
        }
        ++attackers;
      }
    }
  }
  EXPECT_EQ(attackers, 3 * 13 * 8);
  for (int i = 0; i < 500; ++i) {
    const MoraleSituation a = random_morale(rng);
    const MoraleSituation d = random_morale(rng);
    expect_charge_odds_same(a, rng.roll(3) == 1, d);
  }
}

// Hand-worked: regular against regular, no losses (morale 9): the attacker passes on 1-9,
// falters on 10; the defender the same, and a faltering defender does not stop it (only a
// retreat by 3+ would): goes in 9 in 10, flees never, turned never.
TEST(SquadSkirmishDoctrineOdds, ChargeEvenRegulars) {
  const MoraleSituation r;
  const ChargeOdds o = charge_odds(r, false, r);
  EXPECT_DOUBLE_EQ(o.goes_in, 0.9);
  EXPECT_EQ(o.flees, 0.0);
  EXPECT_EQ(o.turned, 0.0);
}

TEST(SquadSkirmishDoctrineOdds, MoveDistributionEqualsTheEnumeration) {
  static const Resolution kMovement = movement_resolution();
  for (const char* arm : {"infantry", "cavalry", "cannon"}) {
    const Params p = *complete_params(kMovement.params, {{"arm", Value(std::string(arm))}});
    const std::vector<OutcomeProbability> want = exact_distribution(kMovement, p);
    const std::vector<std::pair<double, double>> got = open_move_distribution(arm);
    ASSERT_EQ(got.size(), want.size()) << arm;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].first, as_number(want[i].outcome.front().second)) << arm << " " << i;
      EXPECT_EQ(got[i].second, want[i].probability) << arm << " " << i;
    }
  }
}

}  // namespace
}  // namespace smoothbore::squad_skirmish::detail
