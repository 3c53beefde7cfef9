// Saves (§10, L241-L261, R-001-4) and close action (§9, L225-L239, D12-10, D12-17): one
// side's blows in a round of close action, then the target's saves.
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolution_util.h"
#include "rules/elan_drill/resolutions.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// Tables found once: every path of an exact enumeration looks its rows up again.
const Row& save_mod(std::string_view key) {
  static const Table& kSaveModifiers = table("close_saves.save_modifiers");
  return kSaveModifiers.row(key);
}

// The target's save parameters, prefixed for close-action ("target-").
void add_save_params(std::vector<ParamSpec>& ps, const std::string& prefix) {
  ps.push_back(choice(prefix + "experience", {"steady", "veteran", "conscript"},
                      "the target's experience: save veteran 7 / steady 6 / conscript 5",
                      "L243-L247"));
  ps.push_back(
      count(prefix + "dms", 0, 0, 12, "Disruption Markers on the target (-1 each)", "L251"));
  ps.push_back(choice(prefix + "cover", {"none", "soft", "hard"},
                      "the target's cover: soft +1 (not vs solid shot), hard +3 (+1 vs heavy "
                      "solid shot)",
                      "L255-L257"));
  ps.push_back(choice(prefix + "caps", {"10-open-11-cover", "none"},
                      "save factor capped at 10 in the open, 11 in cover, or uncapped",
                      "L259, R-001-4"));
  ps.push_back(bool_param(prefix + "special", true,
                          "a natural 12 is a special casualty (leader hit or +1 DM)",
                          "L261, R-001-4"));
}

// Views of the resolution's parameters (which outlive it): no copy per enumerated path.
struct SaveSituation {
  std::string_view experience;
  int dms = 0;
  std::string_view cover;
  std::string_view
      attack;  // small-arms, canister, solid-shot, heavy-solid-shot, shell-shrapnel, melee
  std::string_view skirmisher;  // none, trained, ad-hoc
  bool artillery = false;
  bool flank_rear = false;
  bool capped = true;
  bool special = true;
};

// The names of the save parameters with a prefix ("" for save, "target-" for close-action),
// built once rather than on every path of an enumeration.
struct SaveKeys {
  explicit SaveKeys(const std::string& prefix)
      : experience(prefix + "experience"),
        dms(prefix + "dms"),
        cover(prefix + "cover"),
        caps(prefix + "caps"),
        special(prefix + "special") {}
  std::string experience, dms, cover, caps, special;
};

SaveSituation save_situation(const Params& p, const SaveKeys& k) {
  SaveSituation s;
  s.experience = p.get_string(k.experience);
  s.dms = int_of(p, k.dms);
  s.cover = p.get_string(k.cover);
  s.capped = p.get_string(k.caps) != "none";
  s.special = p.get_bool(k.special);
  return s;
}

// The capped save factor (R-001-4), its modifiers recorded in `rec` (if any).
int save_factor(const SaveSituation& s, RollRecord* rec) {
  static const Table& kExperience = table("close_saves.experience");
  const Row& exp = kExperience.row(s.experience);
  Factor f(exp.number("save"), rec != nullptr ? fmt::format("{} save ({})", exp.name, exp.ref) : "",
           rec != nullptr);
  f.add(save_mod("dm"), s.dms);
  const bool vs_fire = s.attack != "melee";
  if (vs_fire && s.skirmisher == "trained") {
    f.add(save_mod("trained-skirmisher"));
  } else if (vs_fire && (s.skirmisher == "ad-hoc" || s.artillery)) {
    f.add(save_mod("ad-hoc-skirmisher-or-artillery"));
  }
  if (s.flank_rear) f.add(save_mod("flank-rear"));
  const bool solid = s.attack == "solid-shot" || s.attack == "heavy-solid-shot";
  if (s.cover == "soft" && !solid) f.add(save_mod("soft-cover"));
  if (s.cover == "hard") {
    f.add(save_mod(s.attack == "heavy-solid-shot" ? "hard-cover-heavy-shot" : "hard-cover"));
  }
  f.record(rec, "save");
  int factor = f.total();
  if (s.capped) {
    static const Table& kLimits = table("close_saves.save_limits");
    const Row& cap = kLimits.row(s.cover == "none" ? "max-open" : "max-cover");
    if (factor > cap.number("value")) {
      if (rec != nullptr) {
        rec->modifiers.push_back(
            {cap.name, static_cast<double>(cap.number("value") - factor), cap.ref});
      }
      factor = cap.number("value");
    }
  }
  if (rec != nullptr) rec->target = factor;
  return factor;
}

// Rolls the saves of `hits` (R-001-4): the capped factor, natural 12 special.
SaveResult resolve_saves(const SaveSituation& s, int hits, Chance& c, RollRecord* rec) {
  const int factor = save_factor(s, rec);
  const SaveResult out = roll_saves(hits, factor, s.special, c, rec);
  if (rec != nullptr) {
    rec->result = fmt::format(
        "{} of {} hits saved on d12 <= {}: {} casualt{}{}", hits - out.casualties, hits, factor,
        out.casualties, out.casualties == 1 ? "y" : "ies",
        out.special > 0 ? fmt::format(", {} special (natural 12, L261)", out.special) : "");
  }
  return out;
}

// Parameter names of close-action, built once (every enumerated path reads them again).
const std::string kSkill = "skill", kDms = "dms", kFigures = "figures", kBroken = "broken",
                  kBrokenToHit = "broken-to-hit", kFlankRear = "flank-rear",
                  kVsBroken = "vs-broken";

const Row& close_dice_extra() {
  static const Row& kDiceExtra = row("close_saves.close_dice_modifiers", "flank-rear");
  return kDiceExtra;
}

// +1D per figure against the flank or rear (L229) or a broken unit (D12-05).
bool close_extra_dice(const Params& p) { return p.get_bool(kFlankRear) || p.get_bool(kVsBroken); }

int close_dice(const Params& p) {
  return int_of(p, kFigures) *
         (1 + (close_extra_dice(p) ? close_dice_extra().number("dice_per_figure") : 0));
}

// The close-action to-hit factor (D12-10) and its modifiers (L233-L239, D12-18).
Factor close_hit_factor(const Params& p, bool named) {
  static const Table& kModifiers = table("close_saves.close_modifiers");
  static const std::vector<std::string> kFlagModifiers = {
      "obstacle-or-bua", "cavalry-vs-square", "two-rank-line",
      "skirmish",        "march-column",      "non-charging-cavalry"};
  Factor f(int_of(p, kSkill), "close-action skill (D12-10)", named);
  auto mod = [&](const std::string& key) {
    if (p.get_bool(key)) f.add(kModifiers.row(key));
  };
  mod(kFlagModifiers[0]);  // L233
  mod(kFlagModifiers[1]);  // L234
  f.add(kModifiers.row("dm"), int_of(p, kDms));
  for (std::size_t i = 2; i < kFlagModifiers.size(); ++i) mod(kFlagModifiers[i]);
  if (p.get_bool(kBroken)) {
    f.add("broken unit in a new close action", int_of(p, kBrokenToHit), "D12-18");
  }
  return f;
}

// The target's saves against close action: melee, at -2 from the flank or rear (L254).
SaveSituation close_save_situation(const Params& p) {
  static const SaveKeys kKeys("target-");
  SaveSituation s = save_situation(p, kKeys);
  s.attack = "melee";
  s.flank_rear = p.get_bool(kFlankRear);
  return s;
}

}  // namespace

CloseActionPools close_action_pools(const Params& p) {
  const SaveSituation s = close_save_situation(p);
  return {close_dice(p), close_hit_factor(p, false).total(), save_factor(s, nullptr), s.special};
}

Resolution save_resolution() {
  Resolution r;
  r.name = "save";
  r.help =
      "saving rolls: one D12 per hit vs the target's save by experience; natural 12 is a "
      "special casualty";
  r.ref = "L241-L261, R-001-4, D12-34";
  r.params = {count("hits", 10, 0, 60, "hits to save", "L243")};
  add_save_params(r.params, "");
  r.params.push_back(choice(
      "attack",
      {"small-arms", "canister", "solid-shot", "heavy-solid-shot", "shell-shrapnel", "melee"},
      "what caused the hits (heavy solid shot: 10 pdr+)", "L252-L257, D12-34"));
  r.params.push_back(choice("skirmisher", {"none", "trained", "ad-hoc"},
                            "target in skirmish order: trained +2, ad hoc +1 (vs fire)",
                            "L252-L253"));
  r.params.push_back(flag("artillery", "the target is artillery (+1 vs fire)", "L253"));
  r.params.push_back(
      flag("flank-rear", "hits from flank or rear at close range or in melee (-2)", "L254"));
  r.outcome_fields = {"casualties", "special"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      static const SaveKeys kKeys("");
      SaveSituation s = save_situation(p, kKeys);
      s.attack = p.get_string("attack");
      s.skirmisher = p.get_string("skirmisher");
      s.artillery = p.get_bool("artillery");
      s.flank_rear = p.get_bool("flank-rear");
      const SaveResult out = resolve_saves(s, int_of(p, "hits"), c, rec);
      return Outcome{{"casualties", int_value(out.casualties)},
                     {"special", int_value(out.special)}};
    });
  };
  return r;
}

Resolution close_action_resolution() {
  Resolution r;
  r.name = "close-action";
  r.help =
      "one side's blows in a round of close action: a D12 per figure in contact vs its "
      "close skill, then the target's saves";
  r.ref = "L225-L239, L241-L261, D12-05, D12-10, D12-17, D12-18";
  r.params = {
      count("figures", 10, 1, 40, "figures in base contact", "D12-10"),
      count("skill", 5, 0, 12, "close-action skill (proposed: Veteran 6, Steady 5, Conscript 4)",
            "D12-10"),
      flag("flank-rear",
           "contacting the enemy flank or rear: +1D per figure (and the target "
           "saves at -2)",
           "L229, L254"),
      flag("vs-broken", "the target is broken: +1D per figure as flank", "D12-05"),
      flag("obstacle-or-bua", "the enemy defends an obstacle or built-up area (-2)", "L233"),
      flag("cavalry-vs-square", "cavalry attacking infantry in square (-2)", "L234"),
      count("dms", 0, 0, 12, "Disruption Markers on the attacker (-1 each)", "L235"),
      flag("two-rank-line", "infantry in formed two-rank line (-1)", "L236"),
      flag("skirmish", "in skirmish order (-2)", "L237"),
      flag("march-column", "in march column (-2)", "L238"),
      flag("non-charging-cavalry", "non-charging cavalry (-2)", "L239"),
      flag("broken", "the attacker is a broken unit caught in a new close action", "D12-18"),
      count("broken-to-hit", -2, -12, 0,
            "to-hit modifier of a broken attacker (option d12_18_broken_to_hit)", "D12-18"),
  };
  add_save_params(r.params, "target-");
  r.outcome_fields = {"hits", "casualties", "special"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const int hits = with_record(explain, [&](RollRecord* rec) {
      const Factor f = close_hit_factor(p, rec != nullptr);
      f.record(rec, "close action");
      const int figures = int_of(p, kFigures);
      const bool extra_dice = close_extra_dice(p);
      const int dice = close_dice(p);
      const PoolResult pool = roll_pool(dice, f.total(), c, rec);
      if (rec != nullptr) {
        const Row& extra = close_dice_extra();
        rec->result =
            fmt::format("{} hit{} from {}d12 vs {} ({} figures{})", pool.successes,
                        pool.successes == 1 ? "" : "s", dice, f.total(), figures,
                        extra_dice ? fmt::format(", {} ({})", extra.name, extra.ref) : "");
      }
      return pool.successes;
    });
    const SaveSituation s = close_save_situation(p);
    const SaveResult saved =
        with_record(explain, [&](RollRecord* rec) { return resolve_saves(s, hits, c, rec); });
    return Outcome{{"hits", int_value(hits)},
                   {"casualties", int_value(saved.casualties)},
                   {"special", int_value(saved.special)}};
  };
  return r;
}

}  // namespace smoothbore::elan_drill
