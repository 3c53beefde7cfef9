// Percentile tests (M-2): morale, initiative, standing against cavalry, and the single
// d100 chances of the rules: gun hits, repair, building fire, discovery.
#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/fast_1805/resolutions.h"

namespace smoothbore::fast_1805 {

namespace {

int record_d100(int face, RollRecord* r) {
  if (r != nullptr) {
    r->dice = "d100";
    r->faces.push_back(face);
  }
  return face;
}

// Rolls d100: returns the face and records it.
int roll_d100(Chance& dice, RollRecord* r) { return record_d100(dice.roll(100), r); }

// Rolls d100 for a caller that reads the face only through `class_of(face)` (and the
// record): enumeration takes one path per class (Chance::roll_classed).
template <class ClassOf>
int roll_d100_classed(Chance& dice, RollRecord* r, ClassOf class_of) {
  return record_d100(dice.roll_classed(100, class_of), r);
}

// Appends "d100 37 ≤ 80" / "d100 85 > 80, missed by 5". A whole target (most are) is written
// as an integer: fmt's {:g} writes a whole number below a million (but -0) in the same digits,
// and so does fmt::format_int, without a format string (every unit's initiative each bound).
void append_roll_text(std::string& out, int face, double target) {
  if (target == std::trunc(target) && std::fabs(target) < 1e6 &&
      !(target == 0 && std::signbit(target))) {
    const int t = static_cast<int>(target);
    // Written into a buffer and appended once (at most 5 + 11 + 5 + 11 + 12 + 11 bytes).
    char buf[64];
    char* p = buf;
    auto put = [&p](std::string_view words) { p = std::copy(words.begin(), words.end(), p); };
    auto num = [&p](int v) {
      const fmt::format_int digits(v);
      p = std::copy(digits.data(), digits.data() + digits.size(), p);
    };
    put("d100 ");
    num(face);
    put(face <= t ? " ≤ " : " > ");
    num(t);
    if (face > t) {
      put(", missed by ");
      num(face - t);
    }
    out.append(buf, static_cast<std::size_t>(p - buf));
    return;
  }
  if (face <= target) {
    fmt::format_to(std::back_inserter(out), "d100 {} ≤ {:g}", face, target);
  } else {
    fmt::format_to(std::back_inserter(out), "d100 {} > {:g}, missed by {:g}", face, target,
                   face - target);
  }
}

std::string roll_text(int face, double target) {
  std::string out;
  append_roll_text(out, face, target);
  return out;
}

// A d100 chance with no modifiers: pass on d100 ≤ percent.
bool simple_chance(std::string_view purpose, double percent, std::string ref, std::string_view yes,
                   std::string_view no, Chance& dice, RollRecord* r) {
  start_record(r, purpose, percent, std::move(ref));
  const int face = roll_d100_classed(dice, r, [&](int f) { return f <= percent; });
  const bool hit = face <= percent;
  if (r != nullptr) r->result = fmt::format("{}: {}", hit ? yes : no, roll_text(face, percent));
  return hit;
}

// " (option a2_x 50)" when `value` is not the tables' `table_value`.
std::string option_note(std::string_view option, double value, double table_value) {
  if (value == table_value) return "";
  return fmt::format(" (option {} {:g})", option, value);
}

std::string discipline_ref(std::string_view column, Quality q) {
  return fmt::format("R-002-2 {} ({})", column, quality_name(q));
}

// The references of the tests every unit rolls every bound, written once per quality.
const std::string& initiative_ref(Quality q) {
  static const std::array<std::string, 3> kRefs = [] {
    std::array<std::string, 3> refs;
    for (Quality k : {Quality::kVeteran, Quality::kGreen, Quality::kUntrained}) {
      refs[static_cast<std::size_t>(k)] = discipline_ref("Initiative L91-L93", k);
    }
    return refs;
  }();
  return kRefs[static_cast<std::size_t>(q)];
}

const std::string& morale_ref(bool foot, Quality q) {
  static const std::array<std::string, 6> kRefs = [] {
    std::array<std::string, 6> refs;
    for (Quality k : {Quality::kVeteran, Quality::kGreen, Quality::kUntrained}) {
      const std::size_t i = static_cast<std::size_t>(k);
      refs[i] = discipline_ref("Morale/Foot", k) + " L94-L96";
      refs[3 + i] = discipline_ref("Morale/Cav'y. & Art'y.", k) + " L97-L99";
    }
    return refs;
  }();
  return kRefs[(foot ? 0 : 3) + static_cast<std::size_t>(q)];
}

}  // namespace

std::string_view morale_result_name(MoraleResult r) {
  switch (r) {
    case MoraleResult::kPass:
      return "pass";
    case MoraleResult::kShaken:
      return "shaken";
    case MoraleResult::kRout:
      return "rout";
  }
  return "pass";
}

std::string_view stand_result_name(StandResult r) {
  switch (r) {
    case StandResult::kPass:
      return "pass";
    case StandResult::kDisordered:
      return "disordered";
    case StandResult::kFlee:
      return "flee";
  }
  return "pass";
}

std::string_view gun_hit_effect_name(GunHitEffect e) {
  switch (e) {
    case GunHitEffect::kLimber:
      return "limber";
    case GunHitEffect::kLimberExplosion:
      return "limber-explosion";
    case GunHitEffect::kHorse:
      return "horse";
    case GunHitEffect::kCrew:
      return "crew";
    case GunHitEffect::kGunDestroyed:
      return "gun-destroyed";
    case GunHitEffect::kGunSilenced:
      return "gun-silenced";
  }
  return "crew";
}

double morale_target(const MoraleSituation& s) {
  return tables().morale_start - morale_loss_per_figure(s.quality, s.arm) * s.losses;
}

MoraleResult resolve_morale(const MoraleSituation& s, Chance& dice, RollRecord* r) {
  const Tables& t = tables();
  const bool foot = s.arm == Arm::kFoot;
  const char* lines = foot ? "L94-L96" : "L97-L99";
  if (r != nullptr) start_record(r, "morale", t.morale_start, morale_ref(foot, s.quality));
  const double rate = morale_loss_per_figure(s.quality, s.arm);
  const double target = morale_target(s);
  if (r != nullptr) {
    if (s.losses > 0) {
      r->modifiers.push_back({fmt::format("{} losses × -{:g}%/loss", s.losses, rate),
                              -rate * s.losses, std::string("R-002-2 ") + lines});
    }
    r->target = target;
  }
  if (target >= 100) {  // M-2: a target of 100% or more passes without a roll
    if (r != nullptr) r->result = fmt::format("pass (target {:g}%: no roll)", target);
    return MoraleResult::kPass;
  }
  auto result_of = [&](int face) {
    const double miss = face - target;
    return miss <= 0    ? MoraleResult::kPass
           : miss <= 10 ? MoraleResult::kShaken
                        : MoraleResult::kRout;
  };
  const int face = roll_d100_classed(dice, r, result_of);
  const double miss = face - target;
  const MoraleResult result = result_of(face);
  if (r != nullptr) {
    r->result = fmt::format("{}: {}{}", morale_result_name(result), roll_text(face, target),
                            miss > 0 ? " (L21, M-2: by 10 or less shaken, more rout)" : "");
  }
  return result;
}

InitiativeResult resolve_initiative(Quality q, Chance& dice, RollRecord* r) {
  const double target = initiative_percent(q);
  if (r != nullptr) start_record(r, "initiative", target, initiative_ref(q));
  const int face = roll_d100(dice, r);
  InitiativeResult out{face <= target, face, face - target};
  if (r != nullptr) {
    r->result.reserve(40);                         // one allocation for the whole text
    r->result = out.passed ? "pass: " : "fail: ";  // "{pass|fail}: {roll_text}"
    append_roll_text(r->result, face, target);
  }
  return out;
}

StandResult resolve_stand_vs_cavalry(Quality q, Chance& dice, RollRecord* r,
                                     double untrained_percent) {
  const double target = stand_vs_cavalry_percent(q, untrained_percent);
  if (r != nullptr) {
    auto lower = quality_drop(q);
    std::string ref;
    if (lower) {
      ref = fmt::format("L25, A2-05: initiative one level lower ({}, R-002-2 L91-L93)",
                        quality_name(*lower));
    } else if (untrained_percent == tables().below_untrained_initiative) {
      ref = "L25, A2-05: one level below untrained, extrapolated -10";
    } else {
      ref = fmt::format(
          "L25, A2-05: one level below untrained, option a2_untrained_stand_percent {:g}",
          untrained_percent);
    }
    start_record(r, "stand vs cavalry", target, std::move(ref));
  }
  auto result_of = [&](int face) {
    const double miss = face - target;
    return miss <= 0    ? StandResult::kPass
           : miss <= 10 ? StandResult::kDisordered
                        : StandResult::kFlee;
  };
  const int face = roll_d100_classed(dice, r, result_of);
  const StandResult result = result_of(face);
  if (r != nullptr) {
    r->result = fmt::format("{}: {}", stand_result_name(result), roll_text(face, target));
  }
  return result;
}

GunHitEffect resolve_gun_hit(Chance& dice, RollRecord* r, const GunHitOdds& odds) {
  const Tables& t = tables();
  if (r != nullptr) start_record(r, "gun hit", 0, "R-002-6 " + t.gun_hit_ref);
  const int face = roll_d100(dice, r);
  const GunHitRange* range = nullptr;
  for (const GunHitRange& g : t.gun_hit) {
    if (face >= g.low && face <= g.high) range = &g;
  }
  SB_CHECK(range != nullptr, "d100 outside the gun hit table");
  GunHitEffect effect = GunHitEffect::kCrew;
  std::string second;
  switch (range->band) {
    case GunHitBand::kHorse:
      effect = GunHitEffect::kHorse;
      break;
    case GunHitBand::kCrew:
      effect = GunHitEffect::kCrew;
      break;
    case GunHitBand::kLimber: {
      const int f2 = roll_d100(dice, r);
      const bool boom = f2 <= odds.explosion;
      effect = boom ? GunHitEffect::kLimberExplosion : GunHitEffect::kLimber;
      if (r == nullptr) break;
      r->target = odds.explosion;
      second = fmt::format(
          "; explosion {} (L159, A2-19{}): {}", roll_text(f2, odds.explosion),
          option_note("a2_limber_explosion_percent", odds.explosion, t.limber_explosion),
          boom ? "limber explodes" : "limber damaged");
      break;
    }
    case GunHitBand::kGun: {
      const int f2 = roll_d100(dice, r);
      const bool destroyed = f2 <= odds.destroyed;
      effect = destroyed ? GunHitEffect::kGunDestroyed : GunHitEffect::kGunSilenced;
      if (r == nullptr) break;
      r->target = odds.destroyed;
      second = fmt::format("; destroyed {} (L162, A2-20{}): {}", roll_text(f2, odds.destroyed),
                           option_note("a2_gun_destroyed_percent", odds.destroyed, t.gun_destroyed),
                           destroyed ? "gun destroyed" : "gun silenced");
      break;
    }
  }
  if (r == nullptr) return effect;
  const std::string band =
      fmt::format("d100 {}: {} hit ({:02}-{}, {}{})", face, gun_hit_band_name(range->band),
                  range->low, range->high, range->ref,
                  range->printed.empty() ? "" : ", printed \"" + range->printed + "\"");
  r->result = fmt::format("{}: {}{}", gun_hit_effect_name(effect), band, second);
  return effect;
}

bool resolve_gun_repair(Chance& dice, RollRecord* r, double repair_percent) {
  return simple_chance(
      "gun repair", repair_percent,
      "R-002-6 L162, A2-20" + option_note("a2_gun_repair_percent", repair_percent, tables().repair),
      "repaired", "silenced", dice, r);
}

bool resolve_building_fire(Chance& dice, RollRecord* r) {
  return simple_chance("building fire", tables().building_fire, "L139, A2-16", "fire", "no-fire",
                       dice, r);
}

double discover_percent(const DiscoverSituation& s) {
  const Tables& t = tables();
  if (s.moving) return 100;
  if (s.distance_in > t.woods_visibility) return 0;
  return std::clamp(t.discover_base - t.discover_per_inch * s.distance_in, 0.0, 100.0);
}

bool resolve_discover(const DiscoverSituation& s, Chance& dice, RollRecord* r) {
  const Tables& t = tables();
  start_record(r, "discover", t.discover_base, "L141, A2-22");
  const double target = discover_percent(s);
  if (r != nullptr) {
    if (!s.moving) {
      r->modifiers.push_back(
          {fmt::format("{:g}\" × -{:g}%/inch", s.distance_in, t.discover_per_inch),
           -t.discover_per_inch * s.distance_in, "L141"});
    }
    r->target = target;
  }
  if (s.moving || target >= 100 || target < 1) {  // certain: no roll
    const bool found = target >= 100;
    if (r != nullptr) {
      r->result =
          s.moving ? "found: moving units are always discovered (L141, no roll)"
                   : fmt::format("{}: chance {:g}% (no roll)", found ? "found" : "hidden", target);
    }
    return found;
  }
  const int face = roll_d100_classed(dice, r, [&](int f) { return f <= target; });
  const bool found = face <= target;
  if (r != nullptr) {
    r->result = fmt::format("{}: {}", found ? "found" : "hidden", roll_text(face, target));
  }
  return found;
}

}  // namespace smoothbore::fast_1805
