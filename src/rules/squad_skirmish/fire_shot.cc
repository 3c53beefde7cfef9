#include "rules/squad_skirmish/fire_shot.h"

#include <array>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/dice/fraction.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish::detail {

namespace {

Victim victim_of(int face) {
  for (const Row& r : table("fire.victims").rows) {
    if (face >= r.number("min") && face <= r.number("max")) {
      if (r.key == "squad-leader") return Victim::kLeader;
      if (r.key == "officer") return Victim::kOfficer;
      return Victim::kRanker;
    }
  }
  return Victim::kRanker;
}

// Kill classes of one shot: how many of the 10 × 10 (to-kill face, victim face) cases fall in
// each, as the enumeration's pick_cases counts them.
std::array<int, kShotClasses> shot_cases(const ShotRules& rules, const ShotState& state) {
  std::array<int, kShotClasses> cases{};
  for (int f = 1; f <= kD10; ++f) {
    for (int v = 1; v <= kD10; ++v)
      ++cases[static_cast<std::size_t>(class_of(classify(rules, state, f, v)))];
  }
  return cases;
}

// The outcome's "victim" text (the highest-ranking figure killed, L81).
std::string victim_text(int kills, bool leader_killed, bool officer_killed) {
  if (kills == 0) return "none";
  if (leader_killed && officer_killed) return "squad-leader+officer";
  if (leader_killed) return "squad-leader";
  if (officer_killed) return "officer";
  return "ranker";
}

double walk_mean_kills(const FireShot& shot) {
  if (shot.beyond) return 0;
  // A shot still rolling (a canister chain): its kills, whom it killed, and the exact chance.
  struct Rolling {
    int kills = 0;
    bool leader_killed = false;
    bool officer_killed = false;
    Fraction p = 1;
  };
  // Outcomes as the enumeration sorts them: kills, then the victim text.
  std::map<std::pair<std::int64_t, std::string>, Fraction> ends;
  std::map<std::tuple<int, bool, bool>, Fraction> rolling{{{0, false, false}, Fraction(1)}};
  while (!rolling.empty()) {
    std::map<std::tuple<int, bool, bool>, Fraction> next;
    for (const auto& [at, p] : rolling) {
      const auto [kills, leader_killed, officer_killed] = at;
      const ShotState state{shot.state.leader && !leader_killed,
                            shot.state.officer && !officer_killed};
      const std::array<int, kShotClasses> cases = shot_cases(shot.rules, state);
      for (int k = 0; k < kShotClasses; ++k) {
        const int n = cases[static_cast<std::size_t>(k)];
        if (n == 0) continue;
        const Shot s = shot_of_class(k);
        Rolling r{kills, leader_killed, officer_killed,
                  p * make_fraction(BigInt(n), BigInt(kD10 * kD10))};
        if (s.victim != Victim::kNone) ++r.kills;
        if (s.victim == Victim::kLeader) r.leader_killed = true;
        if (s.victim == Victim::kOfficer) r.officer_killed = true;
        if (!s.again || r.kills >= shot.size) {
          ends[{r.kills, victim_text(r.kills, r.leader_killed, r.officer_killed)}] += r.p;
        } else {
          next[{r.kills, r.leader_killed, r.officer_killed}] += r.p;
        }
      }
    }
    rolling = std::move(next);
  }
  double sum = 0;
  for (const auto& [outcome, p] : ends) sum += to_double(p) * static_cast<double>(outcome.first);
  return sum;
}

}  // namespace

Shot classify(const ShotRules& rules, const ShotState& state, int face, int victim_face) {
  Shot s;
  const int score = face + rules.modifier;
  s.natural = rules.natural_face ? face == kD10 : score >= kD10;
  const bool kill = score >= rules.kill_score || (s.natural && rules.natural_kills);
  if (!kill) return s;
  s.victim = Victim::kRanker;
  if (s.natural) {
    const Victim v = victim_of(victim_face);
    const bool present = (v == Victim::kLeader && state.leader) ||
                         (v == Victim::kOfficer && state.officer) || v == Victim::kRanker;
    if (present) {
      s.victim = v;
    } else if (!rules.missing_ranker) {
      s.victim = Victim::kNone;
    }
  }
  s.again = rules.chain && s.victim != Victim::kNone && score > rules.chain_over;
  return s;
}

FireSituation fire_situation(const Params& p) {
  FireSituation f;
  f.weapon = p.get_string("weapon");
  f.range = p.get_number("range");
  f.quality = p.get_string("quality");
  f.mounted = p.get_bool("mounted");
  f.wounded = p.get_bool("wounded");
  f.cover = p.get_string("target-cover");
  f.target_formed = p.get_bool("target-formed");
  f.volley = p.get_bool("volley");
  f.canister = p.get_bool("canister");
  f.tap = p.get_bool("tap-loaded");
  f.target_size = int_of(p, "target-size");
  f.leader = p.get_bool("squad-leader");
  f.officer = p.get_bool("officer");
  f.natural_face = p.get_string("natural-10") == "face";
  f.natural_kills = p.get_bool("natural-10-kills");
  f.missing_ranker = p.get_string("missing-victim") == "ranker";
  f.chain = p.get_string("canister-chain") == "modified-over-10";
  f.ball_close = p.get_string("ball-close") == "plus-1";
  return f;
}

FireShot fire_shot(const FireSituation& f) {
  FireShot s;
  const Row& kill = row("fire.kill", "kill");
  const Row& weapon = row("fire.weapons", f.weapon);
  const bool tap = weapon.key == "rifle" && f.tap;
  // L73: a tap-loaded rifle fires as a musket (its ranges, no Rifle +1).
  s.ranges = tap ? &row("fire.weapons", "musket") : &weapon;
  const bool cannon = weapon.key == "cannon";
  const bool canister = cannon && f.canister;
  auto mod = [](std::string_view key) -> const Row& { return row("fire.modifiers", key); };
  Modifiers& m = s.modifiers;
  s.rules.kill_score = kill.number("score");
  s.rules.chain_over = row("fire.canister", "reroll").number("over");
  s.close = f.range <= s.ranges->number("close");
  s.beyond = f.range > s.ranges->number("effective");
  if (s.beyond) return s;
  if (s.close && canister) {
    m.add(mod("close-canister"));
    s.rules.chain = f.chain;
  } else if (s.close && !(cannon && !f.ball_close)) {
    m.add(mod("close-range"));
  }
  if ((weapon.key == "rifle" && !tap) || weapon.key == "blunderbuss") {
    m.add(mod("rifle-blunderbuss"));
  }
  if (f.quality != "regular") m.add(mod(fmt::format("firer-{}", f.quality)));
  if (f.mounted) m.add(mod("firer-mounted"));
  if (f.wounded) m.add("wounded squad leader (Heroes)", -1, "L99, §10");
  if (f.cover != "none") m.add(mod(fmt::format("{}-cover", f.cover)));
  if (f.target_formed) m.add(mod("target-formed"));
  if (f.volley) m.add(mod("volley"));
  s.rules.modifier = m.total();
  s.rules.natural_face = f.natural_face;
  s.rules.natural_kills = f.natural_kills;
  s.rules.missing_ranker = f.missing_ranker;
  s.state = ShotState{f.leader, f.officer};
  s.size = f.target_size;
  return s;
}

double fire_mean_kills(const FireShot& shot) {
  if (shot.beyond) return 0;
  const ShotRules& r = shot.rules;
  // Every field the walk reads, packed: the modifier and scores are small, the size at most 20.
  auto field = [](std::uint64_t v, int bits, std::uint64_t& key) { key = (key << bits) | v; };
  std::uint64_t key = 0;
  field(static_cast<std::uint64_t>(r.modifier + 128) & 0xffff, 16, key);
  field(static_cast<std::uint64_t>(r.kill_score + 128) & 0xffff, 16, key);
  field(static_cast<std::uint64_t>(r.chain_over + 128) & 0xffff, 16, key);
  field(r.chain ? static_cast<std::uint64_t>(shot.size) & 0xff : 0, 8, key);
  for (bool b : {r.natural_face, r.natural_kills, r.missing_ranker, r.chain, shot.state.leader,
                 shot.state.officer}) {
    field(b ? 1 : 0, 1, key);
  }
  thread_local std::unordered_map<std::uint64_t, double> kept;
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  const double v = walk_mean_kills(shot);
  kept.emplace(key, v);
  return v;
}

double fire_mean_kills_enumerated(const Params& p) {
  static const Resolution kFire = fire_resolution();
  return outcome_mean(kFire, p, "kills");
}

}  // namespace smoothbore::squad_skirmish::detail
