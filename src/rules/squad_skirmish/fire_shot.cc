#include "rules/squad_skirmish/fire_shot.h"

#include <array>
#include <initializer_list>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/dice/fraction.h"
#include "rules/squad_skirmish/flat_memo.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish::detail {

namespace {

Victim victim_of_row(int face) {
  for (const Row& r : table("fire.victims").rows) {
    if (face >= r.number("min") && face <= r.number("max")) {
      if (r.key == "squad-leader") return Victim::kLeader;
      if (r.key == "officer") return Victim::kOfficer;
      return Victim::kRanker;
    }
  }
  return Victim::kRanker;
}

// The victim of each d10 face, read from the table once (it is embedded and fixed).
Victim victim_of(int face) {
  static const std::array<Victim, kD10 + 1> kVictims = [] {
    std::array<Victim, kD10 + 1> out{};
    for (int f = 1; f <= kD10; ++f) out[static_cast<std::size_t>(f)] = victim_of_row(f);
    return out;
  }();
  return face >= 1 && face <= kD10 ? kVictims[static_cast<std::size_t>(face)] : victim_of_row(face);
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

// One roll: the ends are no kill (which adds nothing) and one kill of an officer, a ranker or a
// squad leader (the walk's order: by the victim's text), each n / 100 exactly, whose nearest
// double the division gives.
double single_mean_kills(const FireShot& shot) {
  const std::array<int, kShotClasses> cases = shot_cases(shot.rules, shot.state);
  double sum = 0;
  for (Victim v : {Victim::kOfficer, Victim::kRanker, Victim::kLeader}) {
    Shot s;
    s.victim = v;
    const int n = cases[static_cast<std::size_t>(class_of(s))];
    if (n > 0) sum += static_cast<double>(n) / static_cast<double>(kD10 * kD10);
  }
  return sum;
}

// A canister chain's walk in integers: every chance is a count of (to-kill, victim) cases over
// 100^rolls. A chain rolls again only after a kill, so after d rolls still rolling it has d
// kills, and it rolls at most `size` times: every denominator is 100^size at most, which 128
// bits hold up to a size of 19 (kMaxIntegerChain).
constexpr int kMaxIntegerChain = 19;
__extension__ using Wide = unsigned __int128;  // g++ and clang: 128 bits

BigInt big(Wide v) {
  BigInt out(static_cast<unsigned long>(v >> 64));
  out <<= 64;
  out += static_cast<unsigned long>(v & ~std::uint64_t{0});
  return out;
}

Wide hundred_power(int n) {
  Wide p = 1;
  for (int i = 0; i < n; ++i) p *= kD10 * kD10;
  return p;
}

double chain_mean_kills(const FireShot& shot) {
  // A chance still rolling after d rolls, by (leader killed, officer killed): over 100^d.
  std::array<std::array<Wide, 2>, 2> rolling{};
  rolling[0][0] = 1;
  // The ends, as the enumeration sorts them (kills, then the victim text): numerator and the
  // power of 100 under it.
  std::map<std::pair<std::int64_t, std::string>, std::pair<Wide, int>> ends;
  for (int d = 0;; ++d) {
    std::array<std::array<Wide, 2>, 2> next{};
    bool more = false;
    for (int lk = 0; lk < 2; ++lk) {
      for (int ok = 0; ok < 2; ++ok) {
        const Wide p = rolling[static_cast<std::size_t>(lk)][static_cast<std::size_t>(ok)];
        if (p == 0) continue;
        const ShotState state{shot.state.leader && lk == 0, shot.state.officer && ok == 0};
        const std::array<int, kShotClasses> cases = shot_cases(shot.rules, state);
        for (int k = 0; k < kShotClasses; ++k) {
          const int n = cases[static_cast<std::size_t>(k)];
          if (n == 0) continue;
          const Shot s = shot_of_class(k);
          const int kills = d + (s.victim != Victim::kNone ? 1 : 0);
          const int nlk = lk == 1 || s.victim == Victim::kLeader ? 1 : 0;
          const int nok = ok == 1 || s.victim == Victim::kOfficer ? 1 : 0;
          const Wide q = p * static_cast<Wide>(n);  // over 100^(d + 1)
          if (!s.again || kills >= shot.size) {
            auto [it, fresh] = ends.try_emplace({kills, victim_text(kills, nlk == 1, nok == 1)},
                                                std::pair<Wide, int>{q, d + 1});
            if (fresh) continue;
            auto& [num, power] = it->second;
            // The same end after one more roll or one fewer: on the larger denominator.
            if (power < d + 1) {
              num = num * hundred_power(d + 1 - power) + q;
              power = d + 1;
            } else {
              num += q * hundred_power(power - (d + 1));
            }
          } else {
            next[static_cast<std::size_t>(nlk)][static_cast<std::size_t>(nok)] += q;
            more = true;
          }
        }
      }
    }
    if (!more) break;
    rolling = next;
  }
  double sum = 0;
  for (const auto& [outcome, p] : ends) {
    sum +=
        to_double(big(p.first), big(hundred_power(p.second))) * static_cast<double>(outcome.first);
  }
  return sum;
}

double walk_mean_kills(const FireShot& shot) {
  if (shot.beyond) return 0;
  if (!shot.rules.chain) return single_mean_kills(shot);
  if (shot.size <= kMaxIntegerChain) return chain_mean_kills(shot);
  return fraction_walk_mean_kills(shot);
}

// A shot's modifiers: listed in `list` (for its record), or only summed (a roll nobody
// records: a quiet battle's), the same total either way.
struct ShotModifiers {
  Modifiers* list = nullptr;
  int total = 0;
  void add(const Row& r) {
    if (list != nullptr) return list->add(r);
    total += r.number("value");
  }
  void add(std::string name, int value, std::string ref) {
    if (list != nullptr) return list->add(std::move(name), value, std::move(ref));
    total += value;
  }
  int sum() const { return list != nullptr ? list->total() : total; }
};

// Adds the fire.modifiers row named `prefix` + `value` + `suffix` unless `value` is `plain`:
// the rows of the usual values (`kept`) found once, any other looked up.
void add_modifier_of(ShotModifiers& m, std::string_view value, std::string_view plain,
                     std::initializer_list<std::pair<std::string_view, const Row*>> kept,
                     std::string_view prefix, std::string_view suffix) {
  if (value == plain) return;
  for (const auto& [v, r] : kept) {
    if (v == value) {
      m.add(*r);
      return;
    }
  }
  m.add(row("fire.modifiers", fmt::format("{}{}{}", prefix, value, suffix)));
}

}  // namespace

double fraction_walk_mean_kills(const FireShot& shot) {
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

FireShot fire_shot(const FireSituation& f, bool listed) {
  // The rows and numbers every shot reads, found once (the tables are embedded and fixed).
  static const int kKillScore = row("fire.kill", "kill").number("score");
  static const int kChainOver = row("fire.canister", "reroll").number("over");
  static const Row& kMusket = row("fire.weapons", "musket");
  auto mod = [](std::string_view key) -> const Row& { return row("fire.modifiers", key); };
  static const Row& kCloseCanister = mod("close-canister");
  static const Row& kCloseRange = mod("close-range");
  static const Row& kRifleBlunderbuss = mod("rifle-blunderbuss");
  static const Row& kGreen = mod("firer-green");
  static const Row& kVeteran = mod("firer-veteran");
  static const Row& kMounted = mod("firer-mounted");
  static const Row& kSoftCover = mod("soft-cover");
  static const Row& kHardCover = mod("hard-cover");
  static const Row& kTargetFormed = mod("target-formed");
  static const Row& kVolley = mod("volley");
  FireShot s;
  const Row& weapon = row("fire.weapons", f.weapon);
  const bool tap = weapon.key == "rifle" && f.tap;
  // L73: a tap-loaded rifle fires as a musket (its ranges, no Rifle +1).
  s.ranges = tap ? &kMusket : &weapon;
  const bool cannon = weapon.key == "cannon";
  const bool canister = cannon && f.canister;
  ShotModifiers m{listed ? &s.modifiers : nullptr};
  s.rules.kill_score = kKillScore;
  s.rules.chain_over = kChainOver;
  s.close = f.range <= s.ranges->number("close");
  s.beyond = f.range > s.ranges->number("effective");
  if (s.beyond) return s;
  if (s.close && canister) {
    m.add(kCloseCanister);
    s.rules.chain = f.chain;
  } else if (s.close && !(cannon && !f.ball_close)) {
    m.add(kCloseRange);
  }
  if ((weapon.key == "rifle" && !tap) || weapon.key == "blunderbuss") {
    m.add(kRifleBlunderbuss);
  }
  add_modifier_of(m, f.quality, "regular", {{"green", &kGreen}, {"veteran", &kVeteran}}, "firer-",
                  "");
  if (f.mounted) m.add(kMounted);
  if (f.wounded) m.add("wounded squad leader (Heroes)", -1, "L99, §10");
  add_modifier_of(m, f.cover, "none", {{"soft", &kSoftCover}, {"hard", &kHardCover}}, "", "-cover");
  if (f.target_formed) m.add(kTargetFormed);
  if (f.volley) m.add(kVolley);
  s.rules.modifier = m.sum();
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

namespace {

// What situation_mean_kills reads of the fire.weapons rows: each weapon's key and ranges.
struct WeaponRanges {
  std::string_view key;
  int close = 0;
  int effective = 0;
};
const std::vector<WeaponRanges>& weapon_ranges() {
  static const std::vector<WeaponRanges> kWeapons = [] {
    std::vector<WeaponRanges> out;
    for (const Row& r : table("fire.weapons").rows) {
      out.push_back({r.key, r.number("close"), r.number("effective")});
    }
    return out;
  }();
  return kWeapons;
}

// situation_mean_kills' packed keys, spread over the low bits (FlatMemo probes by them).
struct ShotKeyHash {
  std::size_t operator()(std::uint64_t key) const { return mix64(key); }
};

// `a == b`, their lengths and first characters compared before the rest (the names a shot
// is keyed by mostly differ there: no memcmp for them).
bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || a[0] == b[0]) && a == b;
}

// The index of `v` in `names`, or -1.
template <std::size_t N>
int index_in(std::string_view v, const std::array<std::string_view, N>& names) {
  for (std::size_t i = 0; i < N; ++i) {
    if (same_name(names[i], v)) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

double situation_mean_kills(const FireSituation& f) {
  const std::vector<WeaponRanges>& weapons = weapon_ranges();
  static const int musket = [&weapons] {
    int m = -1;
    for (std::size_t i = 0; i < weapons.size(); ++i) {
      if (weapons[i].key == "musket") m = static_cast<int>(i);
    }
    return m;
  }();
  int weapon = -1;
  for (std::size_t i = 0; i < weapons.size(); ++i) {
    if (same_name(weapons[i].key, f.weapon)) weapon = static_cast<int>(i);
  }
  const int quality = index_in<3>(f.quality, {"regular", "green", "veteran"});
  const int cover = index_in<3>(f.cover, {"none", "soft", "hard"});
  if (weapon < 0 || musket < 0 || weapon > 15 || quality < 0 || cover < 0 || f.target_size < 0 ||
      f.target_size > 255) {
    return fire_mean_kills(fire_shot(f, false));  // not a situation the key spans
  }
  // fire_shot's ranges: a tap-loaded rifle's are a musket's (L73).
  const WeaponRanges& ranges = weapons[static_cast<std::size_t>(
      weapons[static_cast<std::size_t>(weapon)].key == "rifle" && f.tap ? musket : weapon)];
  std::uint64_t key = static_cast<std::uint64_t>(weapon);
  auto field = [&key](std::uint64_t v, int bits) { key = (key << bits) | v; };
  field(static_cast<std::uint64_t>(quality), 2);
  field(static_cast<std::uint64_t>(cover), 2);
  field(static_cast<std::uint64_t>(f.target_size), 8);
  for (bool b : {f.range <= ranges.close, f.range > ranges.effective, f.mounted, f.wounded,
                 f.target_formed, f.volley, f.canister, f.tap, f.leader, f.officer, f.natural_face,
                 f.natural_kills, f.missing_ranker, f.chain, f.ball_close}) {
    field(b ? 1 : 0, 1);
  }
  thread_local FlatMemo<std::uint64_t, double, ShotKeyHash> kept;
  if (const double* v = kept.find(key)) return *v;
  const double v = fire_mean_kills(fire_shot(f, false));
  kept.put(key, v);
  return v;
}

double fire_mean_kills_enumerated(const Params& p) {
  static const Resolution kFire = fire_resolution();
  return outcome_mean(kFire, p, "kills");
}

}  // namespace smoothbore::squad_skirmish::detail
