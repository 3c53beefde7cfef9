#include "rules/fast_1805/fast_1805.h"

#include <fmt/format.h>

#include "rules/fast_1805/battle.h"
#include "rules/fast_1805/layout.h"
#include "rules/fast_1805/options.h"
#include "rules/fast_1805/resolutions.h"

namespace smoothbore::fast_1805 {

namespace {

class Fast1805 final : public Ruleset {
 public:
  std::string_view id() const override { return kId; }
  std::string_view title() const override {
    return "1805: Fast Rules for the Musket Period (S. Hepford, 1997)";
  }
  std::string_view status() const override { return "playable"; }
  std::string_view rule_unit() const override { return "in"; }
  double mm_per_rule_unit(const Params&) const override { return kMmPerInch; }
  std::string_view army_break_option() const override { return "a2_army_break"; }
  int default_turn_limit() const override { return 10; }  // A2-26
  bool has_leaders() const override { return false; }     // A2-27

  const std::vector<ParamSpec>& options() const override { return option_specs(); }

  const std::vector<ParamSpec>& unit_attributes() const override {
    static const std::vector<ParamSpec> kAttrs = {
        choice_param("quality", {"veteran", "green", "untrained"}, "green",
                     "Discipline / unit quality: initiative, morale loss rate, fire %", "R-002-2"),
        choice_param("effectiveness", {"fiery", "steady", "timid"}, "steady",
                     "Melee effectiveness: melee % per figure", "R-002-3"),
        choice_param("haitian", {"none", "irregular", "mutineer"}, "none",
                     "Haitian regiment special rules (L164-L169)", "L164"),
        {"guns",
         ParamType::kInt,
         Value(std::int64_t{1}),
         "guns in a battery (artillery only)",
         {},
         1,
         12,
         "A2-21"},
    };
    return kAttrs;
  }

  const std::vector<UnitTypeInfo>& unit_types() const override {
    static const std::vector<UnitTypeInfo> kTypes = {
        {"infantry",
         Arm::kFoot,
         "foot: line, column, skirmish or square (R-002-1)",
         {"line", "column", "skirmish", "square"}},
        {"cavalry", Arm::kCavalry, "horse: line or column (R-002-1)", {"line", "column"}},
        {"artillery",
         Arm::kArtillery,
         "a battery: figures are its gunners; limbered or unlimbered (L137)",
         {"limbered", "unlimbered"}},
        {"wagon",
         Arm::kWagon,
         "wagons: move as artillery (R-002-1), a large target (L133)",
         {"limbered"}},
    };
    return kTypes;
  }

  const std::vector<Resolution>& resolutions() const override { return fast_1805::resolutions(); }

  std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const override {
    int guns = static_cast<int>(
        as_number(unit.attribute("guns") ? *unit.attribute("guns") : Value(std::int64_t{1}), 1));
    int figures = unit.stands.empty() ? unit.start_figures : unit.figures();
    Size s = unit_size(unit.arm, unit.formation, figures, guns);
    Stand st;
    st.rect = Rect{centre, facing, s.width * kMmPerInch, s.depth * kMmPerInch};
    st.figures = figures;
    return {st};
  }

  std::vector<std::string> validate_unit(const Unit& unit, const Params& options) const override {
    std::vector<std::string> errors;
    std::string haitian = unit.attribute_string("haitian", "none");
    if (haitian != "none" && unit.arm != Arm::kFoot) {
      errors.push_back("haitian special rules apply to infantry regiments only (L164)");
    }
    if (haitian == "irregular" && unit.formation == "square") {
      errors.push_back("Haitian irregulars may not form square (L168)");
    }
    // The options are read only for the one check that needs them (reading all of them
    // for every unit was a sixth of loading a 10,000-stand battle).
    if (haitian != "none" && unit.formation == "skirmish" &&
        !read_options(options).haitian_skirmish) {
      errors.push_back(
          "Haitian units cannot skirmish (L168, A2-29; option a2_haitian_skirmish allows it)");
    }
    if (unit.start_figures < 1) errors.push_back("a unit needs at least one figure");
    return errors;
  }

  std::unique_ptr<Battle> start(const Scenario& scenario, std::uint64_t seed,
                                std::uint64_t stream) const override {
    return start_battle(scenario, seed, stream);
  }
};

}  // namespace

const Ruleset& ruleset() {
  static const Fast1805 kRuleset;
  return kRuleset;
}

}  // namespace smoothbore::fast_1805
