#include "rules/squad_skirmish/squad_skirmish.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"
#include "core/geometry/vec2.h"
#include "rules/squad_skirmish/options.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

namespace {

ParamSpec choice(std::string name, std::vector<std::string> choices, std::string help,
                 std::string ref) {
  std::string def = choices.front();
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

// §1 (proposed): single figures on round 25 mm bases (infantry), 25 × 50 mm (cavalry).
constexpr double kFootBaseMm = 25.0;
constexpr double kHorseDepthMm = 50.0;
constexpr double kOpenSpacingIn = 2.0;  // open order: 2" between figures (proposed)
constexpr double kGunWidthIn = 1.5;
constexpr double kGunDepthIn = 2.0;

class SquadSkirmish final : public Ruleset {
 public:
  std::string_view id() const override { return kId; }
  std::string_view title() const override {
    return "Squad skirmish quick-reference summary (1:1 musket era, unidentified)";
  }
  std::string_view status() const override { return kStatus; }
  std::string_view rule_unit() const override { return "in"; }  // §1: the engine needs inches
  double mm_per_rule_unit(const Params&) const override { return kMmPerInch; }
  std::string_view army_break_option() const override { return "sk_22_casualty_fraction"; }
  int default_turn_limit() const override { return 12; }  // SK-22 (proposed)
  std::string_view turn_limit_option() const override { return "sk_22_turn_limit"; }
  bool has_leaders() const override { return true; }  // squad leaders and officers (§2)

  const std::vector<ParamSpec>& options() const override { return option_specs(); }

  const std::vector<ParamSpec>& unit_attributes() const override {
    static const std::vector<ParamSpec> kAttrs = {
        choice("quality", {"regular", "green", "veteran"},
               "experience: morale 9 / 8 / 10, firing 0 / -1 / +1", "§2, L22-L24, L69-L70"),
        choice("weapon", {"musket", "rifle", "pistol", "blunderbuss", "cannon"},
               "the squad's weapon", "L60-L65"),
        bool_param("mounted", false, "mounted figures (cavalry fire at -1)", "L71, SK-20"),
        bool_param("leader", true, "the squad has a squad leader", "§2, L48"),
        int_param("officers", 0, 0, 3, "officers with the squad", "§2, L25"),
    };
    return kAttrs;
  }

  const std::vector<UnitTypeInfo>& unit_types() const override {
    static const std::vector<UnitTypeInfo> kTypes = {
        {"infantry",
         Arm::kFoot,
         "a squad of foot figures with its squad leader (§2)",
         {"open", "formed"}},
        {"cavalry",
         Arm::kCavalry,
         "a squad of mounted figures (§2, L40, L71, L91)",
         {"open", "formed"}},
        {"cannon", Arm::kArtillery, "a cannon and its crew (§2, SK-08)", {"unlimbered"}},
    };
    return kTypes;
  }

  const std::vector<Resolution>& resolutions() const override {
    return squad_skirmish::resolutions();
  }

  // One stand holding the squad's figures: formed in two ranks in base contact (SK-09), or
  // in open order in one line.
  std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const override {
    const int figures = std::max(1, unit.stands.empty() ? unit.start_figures : unit.figures());
    double width = 0;
    double depth = 0;
    if (unit.arm == Arm::kArtillery) {
      width = kGunWidthIn * kMmPerInch;
      depth = kGunDepthIn * kMmPerInch;
    } else {
      const double fd = unit.arm == Arm::kCavalry ? kHorseDepthMm : kFootBaseMm;
      if (unit.formation == "formed") {
        const int files = (figures + 1) / 2;
        width = kFootBaseMm * files;
        depth = fd * (figures > 1 ? 2 : 1);
      } else {
        width = kOpenSpacingIn * kMmPerInch * (figures - 1) + kFootBaseMm;
        depth = fd;
      }
    }
    Stand st;
    st.rect = Rect{centre, facing, width, depth};
    st.figures = figures;
    return {st};
  }

  std::vector<std::string> validate_unit(const Unit& unit, const Params&) const override {
    std::vector<std::string> errors;
    if (unit.start_figures < 1) errors.push_back("a squad needs at least one figure");
    const std::string weapon = unit.attribute_string("weapon", "musket");
    if (unit.arm == Arm::kArtillery && weapon != "cannon") {
      errors.push_back("a cannon unit fires a cannon (L65)");
    }
    if (unit.arm != Arm::kArtillery && weapon == "cannon") {
      errors.push_back("only a cannon unit fires a cannon (L65)");
    }
    return errors;
  }

  bool playable() const override { return false; }

  std::unique_ptr<Battle> start(const Scenario&, std::uint64_t, std::uint64_t) const override {
    check_failed("playable()", __FILE__, __LINE__,
                 "squad-skirmish battles are not implemented yet (resolutions only)");
  }
};

}  // namespace

const Ruleset& ruleset() {
  static const SquadSkirmish kRuleset;
  return kRuleset;
}

}  // namespace smoothbore::squad_skirmish
