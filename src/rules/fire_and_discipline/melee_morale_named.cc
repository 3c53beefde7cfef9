// The named, parameterised Resolutions of the Fire and Discipline melee and morale rules
// (melee, morale, commander-hit): parameter schemas and the conversion from Params to the
// typed situations of melee_morale_resolutions.h.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/dice/face_count.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/roll_helpers.h"

namespace smoothbore::fire_and_discipline {

namespace {

ParamSpec flag(std::string name, std::string help, std::string ref) {
  return bool_param(std::move(name), false, std::move(help), std::move(ref));
}

ParamSpec count(std::string name, std::int64_t min, std::int64_t max, std::int64_t def,
                std::string help, std::string ref) {
  return int_param(std::move(name), def, static_cast<double>(min), static_cast<double>(max),
                   std::move(help), std::move(ref));
}

ParamSpec choice(std::string name, std::vector<std::string> choices, std::string def,
                 std::string help, std::string ref) {
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

int int_of(const Params& p, const std::string& name) { return static_cast<int>(p.get_int(name)); }

template <class T>
T schema_checked(std::optional<T> v) {
  SB_CHECK(v.has_value(), "the value was validated by its schema");
  return *v;
}

Outcome text(std::string field, std::string_view v) {
  return {{std::move(field), Value(std::string(v))}};
}

// The melee resolution's stands (as many as a musketry volley may have).
constexpr std::int64_t kMaxMeleeStands = 100;
// Enumerated from exact binomial cases up to this many stands (the fractions 10^5 paths of
// real dice gave); above, from the closed form with floating weights.
constexpr int kMaxExactStands = 5;

MeleeSituation melee_of(const Params& p) {
  MeleeSituation s;
  s.stands = int_of(p, "stands");
  s.arm = schema_checked(parse_melee_arm(p.get_string("arm")));
  s.tactic = schema_checked(parse_cavalry_tactic(p.get_string("tactic")));
  s.weapon = schema_checked(parse_infantry_weapon(p.get_string("weapon")));
  s.target = schema_checked(parse_melee_target(p.get_string("target")));
  s.engaged = p.get_bool("engaged");
  s.double_castings = p.get_bool("double-castings");
  s.higher_rating = p.get_bool("higher-rating");
  s.target_holding_cover = p.get_bool("target-holding-cover");
  s.mmg_effect =
      p.get_string("mmg-effect") == "plus-one" ? MmgEffect::kPlusOne : MmgEffect::kDoubleCasualties;
  return s;
}

// An enumerated melee round: the hit count from its exact binomial cases for a small melee
// (FD-46: at least one die), from its closed form with floating weights for a large one.
// Built once per enumeration (the hit set's references are text).
class MeleePick {
 public:
  explicit MeleePick(const MeleeSituation& s) {
    const MeleeHitChance hc = melee_hit_chance(s);
    casualties_per_hit_ = hc.casualties_per_hit;
    closed_ = s.stands > kMaxExactStands;
    if (closed_) {
      weights_ = hit_count_weights(s.stands, hc.hit_set.faces);
      return;
    }
    int faces = 0;  // the d10 faces that hit
    for (int face = 1; face <= 10; ++face) faces += hc.hit_set.hits(face) ? 1 : 0;
    exact_ = FaceCountPick(std::max(1, s.stands), 10, faces);
  }
  MeleeRoundResult operator()(Chance& c) const {
    MeleeRoundResult out;
    out.hits = closed_ ? c.pick(weights_) : exact_(c);
    out.casualties = out.hits * casualties_per_hit_;
    return out;
  }

 private:
  bool closed_ = false;
  int casualties_per_hit_ = 1;
  std::vector<double> weights_;
  FaceCountPick exact_{0, 10, 0};
};

Outcome melee_outcome(const MeleeRoundResult& out) {
  return Outcome{{"casualties", Value(static_cast<std::int64_t>(out.casualties))},
                 {"hits", Value(static_cast<std::int64_t>(out.hits))}};
}

Resolution melee() {
  Resolution r;
  r.name = "melee";
  r.help = "one side's field melee round: a d10 per contacting stand against the table's hit set";
  r.ref = "§8.2, §8.5 L616-L654 (pullout L738-L776), FD-20, FD-32, FD-33, FD-46, FD-47";
  std::vector<std::string> targets;
  for (int i = 0; i < 9; ++i) {
    targets.emplace_back(melee_target_name(static_cast<MeleeTarget>(i)));
  }
  r.params = {
      count("stands", 1, kMaxMeleeStands, 1, "contacting stands: one d10 each", "§8.17, FD-46"),
      choice("arm", {"cavalry", "infantry"}, "infantry",
             "table: cavalry and mounted dragoons use Cavalry Combat; infantry, dismounted "
             "dragoons and gun crews (weapon mixed) Infantry Combat",
             "FD-47"),
      choice("tactic", {"steel", "fire", "mix"}, "steel",
             "cavalry tactic: the Cavalry Combat column", "§8.13 L566"),
      choice("weapon", {"bayonet", "pike", "mixed"}, "bayonet",
             "infantry weapon: the Infantry Combat column (gun crews: mixed)", "§8.42 L610, FD-47"),
      choice("target", std::move(targets), "infantry",
             "target row; each table maps the other table's words to its own rows (melee.toml "
             "[targets]): infantry vs cavalry/dragoons/open-cavalry = Mounted, vs "
             "bayonet/pike/mixed-melee = Infantry; cavalry vs mounted = Cavalry, vs infantry = "
             "INF w/ Bayonet, vs open-infantry = Open/Lgt Cav",
             "FD-47"),
      flag("engaged", "engaged from a prior turn: cavalry read Engaged, infantry add one",
           "§8.45, L648, FD-47"),
      flag("double-castings", "twice or more castings than the opponent: add one", "L650"),
      flag("higher-rating", "MMG (Morale Rating) higher than the opponent's", "L652, FD-30, FD-32"),
      flag("target-holding-cover",
           "enemy holding woods, rough, protective position or earthworks: only a 0 hits",
           "L654, FD-33"),
      choice("mmg-effect", {"double-casualties", "plus-one"}, "double-casualties",
             "higher MMG: each hit inflicts 2 casualties (body) or add one to the hit number "
             "(pullout)",
             "L652, L774, FD-32, option melee_mmg_effect")};
  r.outcome_fields = {"casualties", "hits"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const MeleeSituation s = melee_of(p);
    // Sampled or explained: real dice. Enumerating: the hit count from its exact binomial
    // cases for a small melee, from its closed form (floating weights) for a large one.
    const MeleeRoundResult out =
        !c.enumerating() || explain != nullptr
            ? with_record(explain, [&](RollRecord* rec) { return resolve_melee(s, c, rec); })
            : MeleePick(s)(c);
    return melee_outcome(out);
  };
  // Enumerated: the parameters and the hit set read once, not on each path.
  r.prepare = [](const Params& p) -> std::function<Outcome(Chance&)> {
    return [pick = MeleePick(melee_of(p))](Chance& c) { return melee_outcome(pick(c)); };
  };
  return r;
}

Resolution morale() {
  Resolution r;
  r.name = "morale";
  r.help =
      "morale check: castings + rating + modifiers; 10+ passes, else d10 (0 = 10) above "
      "the total fails and a second d10 reads the Morale Loss Effects chart";
  r.ref = "§5.2, §5.4, §5.5 L316-L324 (pullout L656-L664), §5.64, FD-21, FD-23, FD-28";
  r.params = {
      count("castings", 0, 20, 4, "castings on the testing stand", "§5.4b L306, FD-24"),
      count("rating", 0, 4, 2, "Morale Rating (MMG) 0-4", "§5.1, §5.2a, FD-30"),
      flag("protective", "in a protective position or Objective Zone (+4)", "§5.2b L276"),
      flag("skirmish-in-woods", "skirmish unit in woods or rough terrain (+1)", "§5.2c L278"),
      flag("brigade-commander", "brigade commander contacting or within 60 yds (+2)",
           "§5.2d L280, §5.63 L332"),
      flag("over-half", "over half the unit's shatter boxes marked (-1)", "§5.2e L282"),
      flag("surrounded", "enemy within 100 yds on three sides: a 0 surrenders", "L324, FD-28"),
      choice("base", {"castings", "five"}, "castings",
             "morale base: the stand's castings (§5.4b) or 5 (§5.2)", "FD-21, option morale_base"),
      flag("adjacent", "adjacent bonus (+1, proposed)", "§5.65 L336, FD-23"),
      flag("half-stand-open", "half-stand plus in open order (+1, proposed)", "§5.65 L336, FD-23"),
      flag("fanatic",
           "optional fanaticism: ignore any 1-9 effect (0 read as 9 too) and lose 1 casting "
           "(1-6, fanatic-1) or 2 (7-9, fanatic-2)",
           "§5.64 L334")};
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    MoraleSituation s;
    s.castings = int_of(p, "castings");
    s.rating = int_of(p, "rating");
    s.protective = p.get_bool("protective");
    s.skirmish_in_woods = p.get_bool("skirmish-in-woods");
    s.brigade_commander = p.get_bool("brigade-commander");
    s.over_half = p.get_bool("over-half");
    s.surrounded = p.get_bool("surrounded");
    s.base = p.get_string("base") == "five" ? MoraleBase::kFive : MoraleBase::kCastings;
    s.adjacent = p.get_bool("adjacent");
    s.half_stand_open = p.get_bool("half-stand-open");
    s.fanatic = p.get_bool("fanatic");
    return text("result", morale_result_name(with_record(explain, [&](RollRecord* rec) {
                  return resolve_morale(s, c, rec);
                })));
  };
  return r;
}

Resolution commander_hit() {
  Resolution r;
  r.name = "commander-hit";
  r.help =
      "is a commander attached to a stand hit: fire d10 0; melee d10 (0 if the stand "
      "passed, ODD if it failed) then d10 0";
  r.ref = "§2.31-§2.33 L106-L110, FD-22, FD-54";
  r.params = {
      choice("cause", {"fire", "melee"}, "fire",
             "fire: once per artillery/musketry resolution that hit his stand; melee: after the "
             "morale checks",
             "§2.31 L106, §2.32 L108, FD-54"),
      flag("passed", "melee: the stand passed morale (a winner or tie counts as passed)", "FD-22"),
      flag("campaign", "campaign game: a hit rolls again, ODD killed, EVEN wounded", "§2.33 L110")};
  r.params[1].default_value = true;
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    CommanderSituation s;
    s.cause = p.get_string("cause") == "melee" ? CommanderCause::kMelee : CommanderCause::kFire;
    s.stand_passed = p.get_bool("passed");
    s.campaign = p.get_bool("campaign");
    return text("result", commander_result_name(with_record(explain, [&](RollRecord* rec) {
                  return resolve_commander_hit(s, c, rec);
                })));
  };
  return r;
}

}  // namespace

const std::vector<Resolution>& melee_morale_resolutions() {
  static const std::vector<Resolution> kResolutions = {melee(), morale(), commander_hit()};
  return kResolutions;
}

}  // namespace smoothbore::fire_and_discipline
