// Saves (§10, L241-L261, R-001-4) and close action (§9, L225-L239, D12-10, D12-17): one
// side's blows in a round of close action, then the target's saves.
#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolution_util.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// Tables found once: every path of an exact enumeration looks its rows up again.
const Row& save_mod(std::string_view key) {
  static const Table& kSaveModifiers = table("close_saves.save_modifiers");
  return kSaveModifiers.row(key);
}

constexpr std::array<std::string_view, 3> kCovers = {"none", "soft", "hard"};
constexpr std::array<std::string_view, 6> kAttacks = {
    "small-arms", "canister", "solid-shot", "heavy-solid-shot", "shell-shrapnel", "melee"};
constexpr std::array<std::string_view, 3> kSkirmishers = {"none", "trained", "ad-hoc"};

// The index of `name` among `names` (a validated choice: always found).
template <class Enum, std::size_t N>
Enum named(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == name) return static_cast<Enum>(i);
  }
  return static_cast<Enum>(0);
}

template <std::size_t N, class Enum>
std::string_view name_of(const std::array<std::string_view, N>& names, Enum e) {
  return names[static_cast<std::size_t>(e)];
}

// The target's save parameters, prefixed for close-action ("target-").
void add_save_params(std::vector<ParamSpec>& ps, const std::string& prefix) {
  ps.push_back(choice(prefix + "experience", {"steady", "veteran", "conscript"},
                      "the target's experience: save veteran 7 / steady 6 / conscript 5",
                      "L243-L247"));
  ps.push_back(
      count(prefix + "dms", 0, 0, 12, "Disruption Markers on the target (-1 each)", "L251"));
  ps.push_back(choice(prefix + "cover", {kCovers.begin(), kCovers.end()},
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
  static const Table& kExperience = table("close_saves.experience");
  s.experience = &kExperience.row(p.get_string(k.experience));
  s.dms = int_of(p, k.dms);
  s.cover = named<Cover>(kCovers, p.get_string(k.cover));
  s.capped = p.get_string(k.caps) != "none";
  s.special = p.get_bool(k.special);
  return s;
}

void add_save_situation_params(const SaveSituation& s, const SaveKeys& k,
                               std::map<std::string, Value>& out) {
  out[k.experience] = text_value(s.experience->key);
  out[k.dms] = int_value(s.dms);
  out[k.cover] = text_value(name_of(kCovers, s.cover));
  out[k.caps] = text_value(s.capped ? "10-open-11-cover" : "none");
  out[k.special] = Value(s.special);
}

// An experience row's Save (L243-L247): read once for the rows of close_saves.experience
// (issue 9: every save the doctrine weighs read it by name), by name for any other row.
int experience_save(const Row& experience) {
  static const std::vector<std::pair<const Row*, int>> kSaves = [] {
    std::vector<std::pair<const Row*, int>> out;
    for (const Row& r : table("close_saves.experience").rows) {
      out.emplace_back(&r, r.number("save"));
    }
    return out;
  }();
  for (const auto& [r, save] : kSaves) {
    if (r == &experience) return save;
  }
  return experience.number("save");
}

// The capped save factor (R-001-4), its modifiers recorded in `rec` (if any).
int save_factor(const SaveSituation& s, RollRecord* rec) {
  const Row& exp = *s.experience;
  Factor f(experience_save(exp),
           rec != nullptr ? fmt::format("{} save ({})", exp.name, exp.ref) : "", rec != nullptr);
  // The modifier rows with their values, read once (issue 9: a row scan and a column
  // look-up by name for each modifier of each save).
  static const FactorRow kDm(save_mod("dm"));
  static const FactorRow kTrained(save_mod("trained-skirmisher"));
  static const FactorRow kAdHoc(save_mod("ad-hoc-skirmisher-or-artillery"));
  static const FactorRow kFlankRear(save_mod("flank-rear"));
  static const FactorRow kSoftCover(save_mod("soft-cover"));
  static const FactorRow kHardCoverHeavy(save_mod("hard-cover-heavy-shot"));
  static const FactorRow kHardCover(save_mod("hard-cover"));
  f.add(kDm, s.dms);
  const bool vs_fire = s.attack != Attack::kMelee;
  if (vs_fire && s.skirmisher == Skirmisher::kTrained) {
    f.add(kTrained);
  } else if (vs_fire && (s.skirmisher == Skirmisher::kAdHoc || s.artillery)) {
    f.add(kAdHoc);
  }
  if (s.flank_rear) f.add(kFlankRear);
  const bool solid = s.attack == Attack::kSolidShot || s.attack == Attack::kHeavySolidShot;
  if (s.cover == Cover::kSoft && !solid) f.add(kSoftCover);
  if (s.cover == Cover::kHard) {
    f.add(s.attack == Attack::kHeavySolidShot ? kHardCoverHeavy : kHardCover);
  }
  f.record(rec, "save");
  int factor = f.total();
  if (s.capped) {
    static const FactorRow kMaxOpen(table("close_saves.save_limits").row("max-open"));
    static const FactorRow kMaxCover(table("close_saves.save_limits").row("max-cover"));
    const FactorRow& cap = s.cover == Cover::kNone ? kMaxOpen : kMaxCover;
    if (factor > cap.value) {
      if (rec != nullptr) {
        rec->modifiers.push_back(
            {cap.row->name, static_cast<double>(cap.value - factor), cap.row->ref});
      }
      factor = cap.value;
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

const Row& close_dice_extra() {
  static const Row& kDiceExtra = row("close_saves.close_dice_modifiers", "flank-rear");
  return kDiceExtra;
}

// +1D per figure against the flank or rear (L229) or a broken unit (D12-05).
bool close_extra_dice(const CloseActionSituation& s) { return s.flank_rear || s.vs_broken; }

int close_dice(const CloseActionSituation& s) {
  return s.figures * (1 + (close_extra_dice(s) ? close_dice_extra().number("dice_per_figure") : 0));
}

// The close-action to-hit factor (D12-10) and its modifiers (L233-L239, D12-18).
Factor close_hit_factor(const CloseActionSituation& s, bool named) {
  static const Table& kModifiers = table("close_saves.close_modifiers");
  static const FactorRow kObstacle(kModifiers.row("obstacle-or-bua"));
  static const FactorRow kCavalryVsSquare(kModifiers.row("cavalry-vs-square"));
  static const FactorRow kDm(kModifiers.row("dm"));
  static const FactorRow kTwoRankLine(kModifiers.row("two-rank-line"));
  static const FactorRow kSkirmish(kModifiers.row("skirmish"));
  static const FactorRow kMarchColumn(kModifiers.row("march-column"));
  static const FactorRow kNonCharging(kModifiers.row("non-charging-cavalry"));
  Factor f(s.skill, "close-action skill (D12-10)", named);
  if (s.obstacle_or_bua) f.add(kObstacle);           // L233
  if (s.cavalry_vs_square) f.add(kCavalryVsSquare);  // L234
  f.add(kDm, s.dms);
  if (s.two_rank_line) f.add(kTwoRankLine);
  if (s.skirmish) f.add(kSkirmish);
  if (s.march_column) f.add(kMarchColumn);
  if (s.non_charging_cavalry) f.add(kNonCharging);
  if (s.broken) f.add("broken unit in a new close action", s.broken_to_hit, "D12-18");
  return f;
}

// The target's saves against close action: melee, at -2 from the flank or rear (L254).
SaveSituation close_save_situation(const CloseActionSituation& s) {
  SaveSituation t = s.target;
  t.attack = Attack::kMelee;
  t.flank_rear = s.flank_rear;
  return t;
}

const SaveKeys& save_keys() {
  static const SaveKeys kKeys("");
  return kKeys;
}
const SaveKeys& target_keys() {
  static const SaveKeys kKeys("target-");
  return kKeys;
}

}  // namespace

Cover cover_of(std::string_view name) { return named<Cover>(kCovers, name); }
Attack attack_of(std::string_view name) { return named<Attack>(kAttacks, name); }
Skirmisher skirmisher_of(std::string_view name) { return named<Skirmisher>(kSkirmishers, name); }

SaveSituation save_situation(const Params& p) {
  SaveSituation s = save_situation(p, save_keys());
  s.attack = attack_of(p.get_string("attack"));
  s.skirmisher = skirmisher_of(p.get_string("skirmisher"));
  s.artillery = p.get_bool("artillery");
  s.flank_rear = p.get_bool("flank-rear");
  return s;
}

std::map<std::string, Value> save_params(const SaveSituation& s, int hits) {
  std::map<std::string, Value> p = {{"hits", int_value(hits)},
                                    {"attack", text_value(name_of(kAttacks, s.attack))},
                                    {"skirmisher", text_value(name_of(kSkirmishers, s.skirmisher))},
                                    {"artillery", Value(s.artillery)},
                                    {"flank-rear", Value(s.flank_rear)}};
  add_save_situation_params(s, save_keys(), p);
  return p;
}

Outcome roll_save(const SaveSituation& s, int hits, Chance& c, std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) {
    const SaveResult out = resolve_saves(s, hits, c, rec);
    return Outcome{{"casualties", int_value(out.casualties)}, {"special", int_value(out.special)}};
  });
}

CloseActionSituation close_action_situation(const Params& p) {
  CloseActionSituation s;
  s.figures = int_of(p, "figures");
  s.skill = int_of(p, "skill");
  s.flank_rear = p.get_bool("flank-rear");
  s.vs_broken = p.get_bool("vs-broken");
  s.obstacle_or_bua = p.get_bool("obstacle-or-bua");
  s.cavalry_vs_square = p.get_bool("cavalry-vs-square");
  s.dms = int_of(p, "dms");
  s.two_rank_line = p.get_bool("two-rank-line");
  s.skirmish = p.get_bool("skirmish");
  s.march_column = p.get_bool("march-column");
  s.non_charging_cavalry = p.get_bool("non-charging-cavalry");
  s.broken = p.get_bool("broken");
  s.broken_to_hit = int_of(p, "broken-to-hit");
  s.target = save_situation(p, target_keys());
  return s;
}

std::map<std::string, Value> close_action_params(const CloseActionSituation& s) {
  std::map<std::string, Value> p = {{"figures", int_value(s.figures)},
                                    {"skill", int_value(s.skill)},
                                    {"flank-rear", Value(s.flank_rear)},
                                    {"vs-broken", Value(s.vs_broken)},
                                    {"obstacle-or-bua", Value(s.obstacle_or_bua)},
                                    {"cavalry-vs-square", Value(s.cavalry_vs_square)},
                                    {"dms", int_value(s.dms)},
                                    {"two-rank-line", Value(s.two_rank_line)},
                                    {"skirmish", Value(s.skirmish)},
                                    {"march-column", Value(s.march_column)},
                                    {"non-charging-cavalry", Value(s.non_charging_cavalry)},
                                    {"broken", Value(s.broken)},
                                    {"broken-to-hit", int_value(s.broken_to_hit)}};
  add_save_situation_params(s.target, target_keys(), p);
  return p;
}

CloseActionPools close_action_pools(const CloseActionSituation& s) {
  const SaveSituation t = close_save_situation(s);
  return {close_dice(s), close_hit_factor(s, false).total(), save_factor(t, nullptr), t.special};
}

CloseActionPools close_action_pools(const Params& p) {
  return close_action_pools(close_action_situation(p));
}

Outcome roll_close_action(const CloseActionSituation& s, Chance& c,
                          std::vector<RollRecord>* explain) {
  const int hits = with_record(explain, [&](RollRecord* rec) {
    const Factor f = close_hit_factor(s, rec != nullptr);
    f.record(rec, "close action");
    const bool extra_dice = close_extra_dice(s);
    const int dice = close_dice(s);
    const PoolResult pool = roll_pool(dice, f.total(), c, rec);
    if (rec != nullptr) {
      const Row& extra = close_dice_extra();
      rec->result = fmt::format("{} hit{} from {}d12 vs {} ({} figures{})", pool.successes,
                                pool.successes == 1 ? "" : "s", dice, f.total(), s.figures,
                                extra_dice ? fmt::format(", {} ({})", extra.name, extra.ref) : "");
    }
    return pool.successes;
  });
  const SaveSituation t = close_save_situation(s);
  const SaveResult saved =
      with_record(explain, [&](RollRecord* rec) { return resolve_saves(t, hits, c, rec); });
  return Outcome{{"hits", int_value(hits)},
                 {"casualties", int_value(saved.casualties)},
                 {"special", int_value(saved.special)}};
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
  r.params.push_back(choice("attack", {kAttacks.begin(), kAttacks.end()},
                            "what caused the hits (heavy solid shot: 10 pdr+)",
                            "L252-L257, D12-34"));
  r.params.push_back(choice("skirmisher", {kSkirmishers.begin(), kSkirmishers.end()},
                            "target in skirmish order: trained +2, ad hoc +1 (vs fire)",
                            "L252-L253"));
  r.params.push_back(flag("artillery", "the target is artillery (+1 vs fire)", "L253"));
  r.params.push_back(
      flag("flank-rear", "hits from flank or rear at close range or in melee (-2)", "L254"));
  r.outcome_fields = {"casualties", "special"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_save(save_situation(p), int_of(p, "hits"), c, explain);
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
    return roll_close_action(close_action_situation(p), c, explain);
  };
  return r;
}

}  // namespace smoothbore::elan_drill
