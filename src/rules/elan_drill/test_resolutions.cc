// Élan tests (§4, L30-L74), close-to-melee tests (L41-L44, D12-15), Drill tests (§5-§6,
// L76-L125) and rally (L32-L33, R-001-2): pools of D12 counting failures (R-001-1).
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolution_util.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// The rows of the Élan tables; the tables are found once (every path of an exact enumeration
// looks rows up again).
const Row& elan(std::string_view table_suffix, std::string_view key) {
  static const Table& kTriggers = table("elan.triggers");
  static const Table& kFactorModifiers = table("elan.factor_modifiers");
  static const Table& kDiceModifiers = table("elan.dice_modifiers");
  if (table_suffix == "triggers") return kTriggers.row(key);
  if (table_suffix == "factor_modifiers") return kFactorModifiers.row(key);
  if (table_suffix == "dice_modifiers") return kDiceModifiers.row(key);
  return row(fmt::format("elan.{}", table_suffix), key);
}

// Options every test carries (R-001-1, R-001-3, D12-22).
void add_test_options(std::vector<ParamSpec>& ps) {
  ps.push_back(count("leader-bonus", 1, 0, 3, "factor bonus of an attached leader", "D12-22"));
  ps.push_back(count("break-dms", 4, 1, 12, "a unit with this many DMs is broken", "R-001-3"));
  ps.push_back(count("min-dice", 1, 0, 3, "fewest dice in a test", "R-001-1"));
  ps.push_back(choice("factor-cap", {"none", "1-11"},
                      "factor uncapped (>= 12 never fails), or clamped to 1..11", "R-001-1"));
}

TestOptions test_options(const Params& p) {
  return {int_of(p, "leader-bonus"), int_of(p, "break-dms"), int_of(p, "min-dice"),
          p.get_string("factor-cap") == "1-11"};
}

void add_test_option_params(const TestOptions& o, std::map<std::string, Value>& out) {
  out["leader-bonus"] = int_value(o.leader_bonus);
  out["break-dms"] = int_value(o.break_dms);
  out["min-dice"] = int_value(o.min_dice);
  out["factor-cap"] = text_value(o.factor_cap ? "1-11" : "none");
}

constexpr std::array<std::string_view, 5> kFormations = {"other", "march-column", "column",
                                                         "wide-column", "closed-column"};

// Parameters of the Élan factor and dice modifiers shared by elan-test and close-to-melee.
void add_elan_params(std::vector<ParamSpec>& ps) {
  ps.push_back(count("factor", 7, 0, 12,
                     "the unit's Elan factor (proposed: Guard 9, Veteran 8, "
                     "Steady 7, Conscript 6, Militia 5)",
                     "§2.2, D12-02"));
  ps.push_back(count("dms", 0, 0, 12, "Disruption Markers on the unit (-1 each)", "L55, D12-06"));
  ps.push_back(
      flag("square-or-cover", "infantry in square, or stationary and in cover (+1)", "L56"));
  ps.push_back(flag("leader", "a leader is attached (+leader-bonus)", "D12-22"));
  ps.push_back(flag("flank-rear",
                    "attacked in flank or rear by close range fire or close action "
                    "(+1D)",
                    "L49"));
  ps.push_back(count("figures-lost-more", 0, 0, 30,
                     "figures lost more than the opponent in the "
                     "round (+1D each)",
                     "L50, D12-30"));
  ps.push_back(flag("below-half", "unit below ½ strength (+1D)", "L51, D12-29"));
  ps.push_back(flag("outnumbered", "in close action: outnumbered 2:1 or more (-1)", "L60, D12-31"));
  ps.push_back(choice("formation", {kFormations.begin(), kFormations.end()},
                      "in close action: march column (-2) or a column (+3)", "L61, L62"));
  ps.push_back(flag("attacking-flank-rear", "in close action: attacking flank/rear (+2)", "L63"));
  ps.push_back(flag("uphill", "in close action: uphill position (+1)", "L64"));
  ps.push_back(flag("lighter-cavalry",
                    "in close action: lighter cavalry versus other cavalry "
                    "(-1)",
                    "L65"));
  ps.push_back(flag("opponent-skirmish",
                    "in close action: opponent in skirmish order and you "
                    "formed (+2)",
                    "L66"));
  add_test_options(ps);
}

ElanFactors elan_factors(const Params& p) {
  ElanFactors e;
  e.factor = int_of(p, "factor");
  e.dms = int_of(p, "dms");
  e.square_or_cover = p.get_bool("square-or-cover");
  e.leader = p.get_bool("leader");
  e.flank_rear = p.get_bool("flank-rear");
  e.figures_lost_more = int_of(p, "figures-lost-more");
  e.below_half = p.get_bool("below-half");
  e.outnumbered = p.get_bool("outnumbered");
  const std::string& formation = p.get_string("formation");
  for (std::size_t i = 0; i < kFormations.size(); ++i) {
    if (formation == kFormations[i]) e.formation = static_cast<CloseFormation>(i);
  }
  e.attacking_flank_rear = p.get_bool("attacking-flank-rear");
  e.uphill = p.get_bool("uphill");
  e.lighter_cavalry = p.get_bool("lighter-cavalry");
  e.opponent_skirmish = p.get_bool("opponent-skirmish");
  e.options = test_options(p);
  return e;
}

void add_elan_factor_params(const ElanFactors& e, std::map<std::string, Value>& out) {
  out["factor"] = int_value(e.factor);
  out["dms"] = int_value(e.dms);
  out["square-or-cover"] = Value(e.square_or_cover);
  out["leader"] = Value(e.leader);
  out["flank-rear"] = Value(e.flank_rear);
  out["figures-lost-more"] = int_value(e.figures_lost_more);
  out["below-half"] = Value(e.below_half);
  out["outnumbered"] = Value(e.outnumbered);
  out["formation"] = text_value(kFormations[static_cast<std::size_t>(e.formation)]);
  out["attacking-flank-rear"] = Value(e.attacking_flank_rear);
  out["uphill"] = Value(e.uphill);
  out["lighter-cavalry"] = Value(e.lighter_cavalry);
  out["opponent-skirmish"] = Value(e.opponent_skirmish);
  add_test_option_params(e.options, out);
}

int capped(const TestOptions& o, int factor) {
  return o.factor_cap ? std::clamp(factor, 1, 11) : factor;
}

Factor elan_factor(const ElanFactors& e, bool close_action, bool named) {
  static const FactorRow kDm(elan("factor_modifiers", "dm"));
  static const FactorRow kSquareOrCover(elan("factor_modifiers", "square-or-cover"));
  static const FactorRow kOutnumbered(elan("factor_modifiers", "outnumbered"));
  static const FactorRow kMarchColumn(elan("factor_modifiers", "march-column"));
  static const FactorRow kColumn(elan("factor_modifiers", "column"));
  static const FactorRow kFlankRear(elan("factor_modifiers", "attacking-flank-rear"));
  static const FactorRow kUphill(elan("factor_modifiers", "uphill"));
  static const FactorRow kLighterCavalry(elan("factor_modifiers", "lighter-cavalry"));
  static const FactorRow kOpponentSkirmish(elan("factor_modifiers", "opponent-skirmish"));
  Factor f(e.factor, "Elan factor (§2.2, D12-02)", named);
  f.add(kDm, e.dms);
  if (e.square_or_cover) f.add(kSquareOrCover);
  if (e.leader) f.add("attached leader", e.options.leader_bonus, "D12-22");
  if (close_action) {  // "In or Closing to Close Action" (L58)
    if (e.outnumbered) f.add(kOutnumbered);
    if (e.formation == CloseFormation::kMarchColumn) {
      f.add(kMarchColumn);
    } else if (e.formation != CloseFormation::kOther) {
      f.add(kColumn);
    }
    if (e.attacking_flank_rear) f.add(kFlankRear);
    if (e.uphill) f.add(kUphill);
    if (e.lighter_cavalry) f.add(kLighterCavalry);
    if (e.opponent_skirmish) f.add(kOpponentSkirmish);
  }
  return f;
}

void elan_dice_modifiers(const ElanFactors& e, DiceCount& dice) {
  static const DiceRow kFlankRear(elan("dice_modifiers", "flank-rear"));
  static const DiceRow kLostMore(elan("dice_modifiers", "figure-lost-more"));
  static const DiceRow kBelowHalf(elan("dice_modifiers", "below-half"));
  if (e.flank_rear) dice.add(kFlankRear);
  dice.add(kLostMore, e.figures_lost_more);
  if (e.below_half) dice.add(kBelowHalf);
}

struct TestResult {
  int failures = 0;
  const Row* result = nullptr;
  int dms_added = 0;
  bool broken = false;
};

// Rolls a test (R-001-1): the dice (at least min-dice) against the factor, failures on the
// `table` results (elan.results or drill.results); `dms_apply` says whether the result's
// DMs land on the unit (Drill: only units moving or changing formation, L101-L103); `dms`
// are the unit's.
TestResult run_test(const TestOptions& o, int dms, std::string_view purpose,
                    std::string_view table_name, const DiceCount& dice, const Factor& factor,
                    bool dms_apply, Chance& c, RollRecord* r) {
  factor.record(r, purpose);
  const int n = std::max(dice.total(), o.min_dice);
  const int target = capped(o, factor.total());
  if (r != nullptr && target != factor.total()) {
    r->modifiers.push_back({"factor clamped to 1..11", static_cast<double>(target - factor.total()),
                            "R-001-1 option factor-cap"});
  }
  const PoolResult pool = roll_pool(n, target, c, r, o.roll_over);
  TestResult t;
  t.failures = pool.failures;
  t.result = &result_row(table_name, t.failures);
  t.dms_added = dms_apply ? result_dms(*t.result, t.failures) : 0;
  const bool break_result = t.result->key == "break" || (dms_apply && t.result->key == "disgrace");
  t.broken = break_result || dms + t.dms_added >= o.break_dms;
  if (r != nullptr) {
    // Compiled formats (issue 9: a format string parsed at run time for every recorded test
    // cost a 10,000-stand turn's thousands of tests).
    std::string& text = r->result;
    text.clear();
    fmt::format_to(std::back_inserter(text),
                   FMT_COMPILE("{} failure{} of {}d12 vs {}: {} ({}); dice: {}{}"), t.failures,
                   t.failures == 1 ? "" : "s", n, target, t.result->key, t.result->ref,
                   dice.text().empty() ? std::string_view("none") : std::string_view(dice.text()),
                   n > dice.total() ? " (minimum, R-001-1)" : "");
    if (o.roll_over) text += "; roll-over: a die succeeds on 13 - factor or more (D12-01)";
    if (t.dms_added > 0)
      fmt::format_to(std::back_inserter(text), FMT_COMPILE("; +{} DM"), t.dms_added);
    if (t.broken) text += "; broken (R-001-3)";
  }
  return t;
}

Outcome test_outcome(const TestResult& t) {
  return {{"failures", int_value(t.failures)},
          {"result", text_value(t.result->key)},
          {"dms-added", int_value(t.dms_added)},
          {"broken", Value(t.broken)}};
}

// D12-03: casualty triggers add 1 die once per phase, or one per casualty.
int casualty_dice(const ElanTestSituation& s, int n) {
  if (s.per_casualty) return n;
  return n > 0 ? 1 : 0;
}

// The Élan test's dice: its triggers (L30-L45) and dice modifiers (L48-L51).
DiceCount elan_test_dice(const ElanTestSituation& s, bool named) {
  static const DiceRow kTwoFire(elan("triggers", "two-fire-casualties"));
  static const DiceRow kShell(elan("triggers", "shell-shrapnel-casualty"));
  static const DiceRow kVolley(elan("triggers", "volley-canister-close-casualty"));
  static const DiceRow kRifle(elan("triggers", "rifle-close-casualty"));
  static const std::array<DiceRow, 3> kRounds = {DiceRow(elan("triggers", "round-1")),
                                                 DiceRow(elan("triggers", "round-2")),
                                                 DiceRow(elan("triggers", "round-3"))};
  static const DiceRow kFriendBroken(elan("triggers", "friend-broken-within-4"));
  DiceCount dice(named);
  dice.add("dice given", s.dice, "L30-L45");
  dice.add(kTwoFire, s.fire_casualties / 2);
  dice.add(kShell, casualty_dice(s, s.shell_casualties));
  dice.add(kVolley, casualty_dice(s, s.volley_canister_casualties));
  dice.add(kRifle, casualty_dice(s, s.rifle_casualties));
  if (s.round > 0) dice.add(kRounds[static_cast<std::size_t>(s.round - 1)]);
  if (s.closing != nullptr) dice.add(*s.closing);
  dice.add(kFriendBroken, s.friends_broken);
  elan_dice_modifiers(s.elan, dice);
  return dice;
}

// In or closing to close action (L58): the factor modifiers of L60-L66 apply.
bool elan_test_in_close_action(const ElanTestSituation& s) {
  return s.round > 0 || s.closing != nullptr;
}

}  // namespace

ElanTestSituation elan_test_situation(const Params& p) {
  ElanTestSituation s;
  s.dice = int_of(p, "dice");
  s.fire_casualties = int_of(p, "fire-casualties");
  s.shell_casualties = int_of(p, "shell-casualties");
  s.volley_canister_casualties = int_of(p, "volley-canister-casualties");
  s.rifle_casualties = int_of(p, "rifle-casualties");
  s.per_casualty = p.get_string("casualty-dice") == "per-casualty";
  s.round = int_of(p, "round");
  const std::string& closing = p.get_string("close-to-melee");
  if (closing != "none") s.closing = &elan("triggers", closing);
  s.friends_broken = int_of(p, "friends-broken");
  s.elan = elan_factors(p);
  return s;
}

std::map<std::string, Value> elan_test_params(const ElanTestSituation& s) {
  std::map<std::string, Value> p = {
      {"dice", int_value(s.dice)},
      {"fire-casualties", int_value(s.fire_casualties)},
      {"shell-casualties", int_value(s.shell_casualties)},
      {"volley-canister-casualties", int_value(s.volley_canister_casualties)},
      {"rifle-casualties", int_value(s.rifle_casualties)},
      {"casualty-dice", text_value(s.per_casualty ? "per-casualty" : "once-per-phase")},
      {"round", int_value(s.round)},
      {"close-to-melee", text_value(s.closing != nullptr ? s.closing->key : "none")},
      {"friends-broken", int_value(s.friends_broken)}};
  add_elan_factor_params(s.elan, p);
  return p;
}

PoolDice elan_test_pool(const ElanTestSituation& s) {
  return {std::max(elan_test_dice(s, false).total(), s.elan.options.min_dice),
          capped(s.elan.options, elan_factor(s.elan, elan_test_in_close_action(s), false).total())};
}

ElanTestPools::ElanTestPools(ElanTestSituation s) {
  s.elan.figures_lost_more = 0;
  dice_ = elan_test_dice(s, false).total();
  s.elan.figures_lost_more = 1;
  per_figure_ = elan_test_dice(s, false).total() - dice_;
  min_dice_ = s.elan.options.min_dice;
  factor_ =
      capped(s.elan.options, elan_factor(s.elan, elan_test_in_close_action(s), false).total());
}

PoolDice elan_test_pool(const Params& p) { return elan_test_pool(elan_test_situation(p)); }

Outcome roll_elan_test(const ElanTestSituation& s, Chance& c, std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) {
    const DiceCount dice = elan_test_dice(s, rec != nullptr);
    const Factor f = elan_factor(s.elan, elan_test_in_close_action(s), rec != nullptr);
    return test_outcome(
        run_test(s.elan.options, s.elan.dms, "elan test", "elan.results", dice, f, true, c, rec));
  });
}

CloseToMeleeSituation close_to_melee_situation(const Params& p) {
  CloseToMeleeSituation s;
  s.defender = p.get_string("role") == "defender";
  s.cavalry = p.get_string("arm") == "cavalry";
  s.terrain_or_square = p.get_string("ground") == "terrain-or-square";
  s.dm_count_before = p.get_string("dm-count") == "before";
  s.elan = elan_factors(p);
  return s;
}

std::map<std::string, Value> close_to_melee_params(const CloseToMeleeSituation& s) {
  std::map<std::string, Value> p = {
      {"role", text_value(s.defender ? "defender" : "charger")},
      {"arm", text_value(s.cavalry ? "cavalry" : "infantry")},
      {"ground", text_value(s.terrain_or_square ? "terrain-or-square" : "clear")},
      {"dm-count", text_value(s.dm_count_before ? "before" : "after")}};
  add_elan_factor_params(s.elan, p);
  return p;
}

namespace {

// The close-to-melee test's dice: its trigger (L41-L44) and the dice modifiers (L48-L51).
DiceCount close_to_melee_dice(const CloseToMeleeSituation& s, bool named) {
  static const std::array<const Row*, 4> kTriggers = {
      &elan("triggers", "infantry-clear"), &elan("triggers", "infantry-terrain-or-square"),
      &elan("triggers", "cavalry-clear"), &elan("triggers", "cavalry-terrain-or-square")};
  DiceCount dice(named);
  dice.add(*kTriggers[(s.cavalry ? 2U : 0U) + (s.terrain_or_square ? 1U : 0U)]);
  elan_dice_modifiers(s.elan, dice);
  return dice;
}

}  // namespace

PoolDice close_to_melee_pool(const CloseToMeleeSituation& s) {
  return {std::max(close_to_melee_dice(s, false).total(), s.elan.options.min_dice),
          capped(s.elan.options, elan_factor(s.elan, true, false).total())};
}

Outcome roll_close_to_melee(const CloseToMeleeSituation& s, Chance& c,
                            std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) {
    const DiceCount dice = close_to_melee_dice(s, rec != nullptr);
    const Factor f = elan_factor(s.elan, true, rec != nullptr);
    const TestResult t = run_test(s.elan.options, s.elan.dms, "close to melee", "elan.results",
                                  dice, f, true, c, rec);
    bool contact = false;
    if (s.defender) {
      contact = !t.broken;  // "Defending units stand" (L72, L73)
    } else if (t.result->key == "success") {
      contact = true;
    } else if (t.result->key == "disrupted" && !t.broken) {  // L72
      const int dms = s.elan.dms + (s.dm_count_before ? 0 : t.dms_added);
      contact = dms <= 1;
    }
    if (rec != nullptr) {
      rec->result += contact ? "; contact" : "; no contact: halts at 1\" (D12-15)";
    }
    Outcome o = test_outcome(t);
    o.emplace_back("contact", Value(contact));
    return o;
  });
}

Resolution elan_test_resolution() {
  Resolution r;
  r.name = "elan-test";
  r.help = "Elan (morale) test: every trigger's dice vs the Elan factor, results by failures";
  r.ref = "L30-L74, §4, R-001-1, R-001-3, D12-03";
  r.params = {
      count("dice", 0, 0, 12, "dice from triggers given directly (added to the ones below)",
            "L30-L45"),
      count("fire-casualties", 0, 0, 60, "casualties from fire this phase (1D per two)", "L34"),
      count("shell-casualties", 0, 0, 20, "casualties by shell or shrapnel", "L35, D12-03"),
      count("volley-canister-casualties", 0, 0, 20,
            "casualties by battalion volley or canister at close range", "L36, D12-04"),
      count("rifle-casualties", 0, 0, 20, "casualties by rifle fire at close range", "L37, D12-04"),
      choice("casualty-dice", {"once-per-phase", "per-casualty"},
             "shell/volley/canister/rifle casualties add 1D once per phase, or 1D each", "D12-03"),
      count("round", 0, 0, 3, "end of close combat round N (1D, 2D, 3D)", "L38-L40, D12-17"),
      choice("close-to-melee",
             {"none", "cavalry-clear", "cavalry-terrain-or-square", "infantry-clear",
              "infantry-terrain-or-square"},
             "closing to melee (see also the close-to-melee resolution)", "L41-L44"),
      count("friends-broken", 0, 0, 10, "friendly units broken or destroyed within 4\"",
            "L45, D12-36"),
  };
  add_elan_params(r.params);
  r.outcome_fields = {"failures", "result", "dms-added", "broken"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_elan_test(elan_test_situation(p), c, explain);
  };
  return r;
}

Resolution close_to_melee_resolution() {
  Resolution r;
  r.name = "close-to-melee";
  r.help = "close-to-melee Elan test of a charger or its target: does it make or stand contact";
  r.ref = "L26, L41-L44, L72-L73, D12-15";
  r.params = {
      choice("role", {"charger", "defender"}, "the charging unit, or the unit charged", "D12-15"),
      choice("arm", {"infantry", "cavalry"}, "the testing unit's arm", "L41-L44"),
      choice("ground", {"clear", "terrain-or-square"},
             "in the clear, or in terrain / against a square", "L41-L44"),
      choice("dm-count", {"after", "before"},
             "a disrupted charger closes with <= 1 DM counting the new one, or the old only",
             "L72, D12-15"),
  };
  add_elan_params(r.params);
  r.outcome_fields = {"failures", "result", "dms-added", "broken", "contact"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_close_to_melee(close_to_melee_situation(p), c, explain);
  };
  return r;
}

Resolution drill_test_resolution() {
  std::vector<std::string> actions = {"charge-response"};
  for (const Row& row : table("drill.triggers").rows) {
    if (row.key != "charge-response") actions.push_back(row.key);
  }
  for (const Row& row : table("drill.charge_responses").rows) actions.push_back(row.key);
  Resolution r;
  r.name = "drill-test";
  r.help = "Drill (manoeuvre) test: the action's dice vs the Drill factor, results by failures";
  r.ref = "L76-L125, §5, §6, R-001-1, D12-08, D12-09";
  r.params = {
      choice("action", actions,
             "what the unit attempts (a charge response by name, or a "
             "generic one)",
             "L80-L89, L105-L125"),
      count("dice", 0, 0, 12, "dice, if not the action's (0 = the action's)", "L80-L89"),
      count("factor", 7, 0, 12,
            "the unit's Drill factor (proposed: Veteran 8, Steady 7, "
            "Conscript 5, irregulars 4)",
            "§2.2, D12-02"),
      count("dms", 0, 0, 12, "Disruption Markers on the unit (-1 each)", "L93"),
      flag("restricted",
           "in restricted formation (-2): square, march column, difficult "
           "terrain or BUA",
           "L94, D12-09"),
      flag("flank-rear", "responding to a charge from flank/rear (-2)", "L95"),
      flag("leader", "a leader is attached (+leader-bonus)", "D12-22"),
      bool_param("moving", true,
                 "the unit moves or changes formation (only such units take "
                 "the result's DMs)",
                 "L101-L103"),
  };
  add_test_options(r.params);
  r.outcome_fields = {"failures", "result", "dms-added", "broken", "performed"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_drill_test(drill_test_situation(p), c, explain);
  };
  return r;
}

DrillTestSituation drill_test_situation(const Params& p) {
  DrillTestSituation s;
  s.action = p.get_string("action");
  s.dice = int_of(p, "dice");
  s.factor = int_of(p, "factor");
  s.dms = int_of(p, "dms");
  s.restricted = p.get_bool("restricted");
  s.flank_rear = p.get_bool("flank-rear");
  s.leader = p.get_bool("leader");
  s.moving = p.get_bool("moving");
  s.options = test_options(p);
  return s;
}

Outcome roll_drill_test(const DrillTestSituation& s, Chance& c, std::vector<RollRecord>* explain) {
  static const Table& kResponses = table("drill.charge_responses");
  static const Table& kTriggers = table("drill.triggers");
  static const FactorRow kDm(row("drill.factor_modifiers", "dm"));
  static const FactorRow kRestricted(row("drill.factor_modifiers", "restricted"));
  static const FactorRow kFlankRear(row("drill.factor_modifiers", "flank-rear"));
  return with_record(explain, [&](RollRecord* rec) {
    DiceCount dice(rec != nullptr);
    const Row* response = kResponses.find(s.action);
    if (s.dice > 0) {
      dice.add("dice given", s.dice, "L80-L89");
    } else if (response != nullptr) {
      dice.add(response->name, response->number("drill_dice"), response->ref);
    } else {
      dice.add(kTriggers.row(s.action));
    }
    if (response != nullptr && response->number("drill_dice") == 0 && s.dice == 0) {
      start_record(rec, "drill test", s.factor, "Drill factor (§2.2, D12-02)");
      if (rec != nullptr) rec->result = fmt::format("no Drill roll required ({})", response->ref);
      const bool broken = s.dms >= s.options.break_dms;
      return Outcome{{"failures", int_value(0)},
                     {"result", text_value("success")},
                     {"dms-added", int_value(0)},
                     {"broken", Value(broken)},
                     {"performed", Value(!broken)}};
    }
    Factor f(s.factor, "Drill factor (§2.2, D12-02)", rec != nullptr);
    f.add(kDm, s.dms);
    if (s.restricted) f.add(kRestricted);
    if (s.flank_rear) f.add(kFlankRear);
    if (s.leader) f.add("attached leader", s.options.leader_bonus, "D12-22");
    const TestResult t =
        run_test(s.options, s.dms, "drill test", "drill.results", dice, f, s.moving, c, rec);
    // Sloppy: "If you do not break, perform the desired action" (L101).
    const bool performed = t.result->flag("performed") && !t.broken;
    Outcome o = test_outcome(t);
    o.emplace_back("performed", Value(performed));
    return o;
  });
}

Resolution rally_resolution() {
  Resolution r;
  r.name = "rally";
  r.help = "rally a disrupted or broken unit: each success removes a DM (R-001-2)";
  r.ref = "L9, L32-L33, R-001-2, R-001-3, D12-22";
  r.params = {
      choice("stance", {"stationary", "moving"}, "rally stationary (3D) or moving (1D)", "L32-L33"),
      count("factor", 7, 0, 12, "the unit's Elan factor", "§2.2, D12-02"),
      count("dms", 1, 0, 12, "Disruption Markers on the unit (-1 each)", "L55"),
      flag("broken", "the unit is broken", "R-001-3, D12-05"),
      flag("square-or-cover", "infantry in square, or stationary and in cover (+1)", "L56"),
      flag("leader", "a leader is attached (+leader-bonus)", "D12-22"),
      flag("leader-near", "a leader within 4\" of a broken unit (+1 die)", "D12-22"),
      choice("mode", {"successes", "failures"},
             "count successes (1 DM off each), or read the Elan result table", "R-001-2"),
  };
  add_test_options(r.params);
  r.outcome_fields = {"successes", "dms", "broken"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_rally(rally_situation(p), c, explain);
  };
  return r;
}

RallySituation rally_situation(const Params& p) {
  RallySituation s;
  s.stationary = p.get_string("stance") == "stationary";
  s.factor = int_of(p, "factor");
  s.dms = int_of(p, "dms");
  s.broken = p.get_bool("broken");
  s.square_or_cover = p.get_bool("square-or-cover");
  s.leader = p.get_bool("leader");
  s.leader_near = p.get_bool("leader-near");
  s.successes = p.get_string("mode") == "successes";
  s.options = test_options(p);
  return s;
}

Outcome roll_rally(const RallySituation& s, Chance& c, std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) {
    const bool named = rec != nullptr;  // a quiet battle's rally builds no text
    DiceCount dice(named);
    static const DiceRow kStationary(elan("triggers", "rally-stationary"));
    static const DiceRow kMoving(elan("triggers", "rally-moving"));
    dice.add(s.stationary ? kStationary : kMoving);
    if (s.leader_near && s.broken) dice.add("leader within 4\" of a broken unit", 1, "D12-22");
    Factor f(s.factor, "Elan factor (§2.2, D12-02)", named);
    static const FactorRow kDm(elan("factor_modifiers", "dm"));
    static const FactorRow kSquareOrCover(elan("factor_modifiers", "square-or-cover"));
    f.add(kDm, s.dms);
    if (s.square_or_cover) f.add(kSquareOrCover);
    if (s.leader) f.add("attached leader", s.options.leader_bonus, "D12-22");
    f.record(rec, "rally");
    const int n = std::max(dice.total(), s.options.min_dice);
    const int target = capped(s.options, f.total());
    const PoolResult pool = roll_pool(n, target, c, rec, s.options.roll_over);
    int dms = s.dms;
    bool broken = s.broken;
    const int threshold = s.options.break_dms;
    const Row* res = nullptr;  // the Élan result row read in failures mode
    if (s.successes) {
      dms = std::max(0, dms - pool.successes);  // R-001-2: each success removes 1 DM
      if (broken && pool.successes > 0 && dms < threshold) broken = false;
    } else {
      res = &result_row("elan.results", pool.failures);
      if (res->key == "success") {  // option: 0 failures rallies (1 DM off, stops routing)
        dms = std::max(0, dms - 1);
        if (dms < threshold) broken = false;
      } else if (res->key == "break") {
        broken = true;
      } else {
        dms += result_dms(*res, pool.failures);
      }
    }
    if (dms >= threshold) broken = true;
    // The record's text in one format (issue 9: its first half was formatted on its own;
    // the successes text, every recorded rally, a compiled format).
    if (rec != nullptr && res == nullptr) {
      rec->result = fmt::format(
          FMT_COMPILE("{} success{}: -{} DM (R-001-2); dice: {}; now {} DM{}"), pool.successes,
          pool.successes == 1 ? "" : "es", s.dms - dms, dice.text(), dms, broken ? ", broken" : "");
    } else if (rec != nullptr) {
      rec->result = fmt::format(
          "{} failures: {} ({}; R-001-2 option mode=failures); dice: {}; now {} DM{}",
          pool.failures, res->key, res->ref, dice.text(), dms, broken ? ", broken" : "");
    }
    return Outcome{{"successes", int_value(pool.successes)},
                   {"dms", int_value(dms)},
                   {"broken", Value(broken)}};
  });
}

}  // namespace smoothbore::elan_drill
