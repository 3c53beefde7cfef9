#include "rules/squad_skirmish/squad_skirmish.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"
#include "core/geometry/vec2.h"
#include "rules/input_params.h"
#include "rules/squad_skirmish/battle.h"
#include "rules/squad_skirmish/options.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

namespace {

using input_params::choice;  // the first choice is the default

// §1 (proposed): single figures on round 25 mm bases (infantry), 25 × 50 mm (cavalry).
constexpr double kFootBaseMm = 25.0;
constexpr double kHorseDepthMm = 50.0;
constexpr double kOpenSpacingIn = 2.0;  // open order: 2" between figures (proposed)
constexpr int kOpenPerRow = 5;          // open order: rows of 5 (proposed)
constexpr double kCrewSpacingIn = 1.0;  // a cannon's crew, 1" apart (proposed)
constexpr int kMaxSquad = 18;           // keeps an open squad within 6" of its leader (L48)

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
        int_param("ranks", 2, 1, kMaxSquad,
                  "ranks the squad stands in when formed (two, or more: Formed only with "
                  "sk_09_formed = contact-any-ranks)",
                  "SK-09"),
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
        {"officer",
         Arm::kFoot,
         "an officer on his own: his first figure is the officer, any others his escort (§2, "
         "SK-01)",
         {"open"}},
    };
    return kTypes;
  }

  const std::vector<Resolution>& resolutions() const override {
    return squad_skirmish::resolutions();
  }

  // One stand per figure (§1: 1 figure = 1 man), so the core's stands are the figures and a
  // killed figure is a removed stand. Formed: ranks (two, or the scenario's `ranks`) of bases
  // in contact (SK-09); open:
  // rows of at most 5 figures 2" apart (proposed), so every figure of a squad of up to 18
  // stands within 6" of a leader at its centre (L48). A cannon's crew stand in a line 1" apart
  // around the gun (SK-08).
  std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const override {
    LayoutPlan plan;
    plan_layout(unit, std::max(1, unit.stands.empty() ? unit.start_figures : unit.figures()),
                facing, plan);
    std::vector<Stand> out;
    out.reserve(plan.across.size());
    for (std::size_t i = 0; i < plan.across.size(); ++i) {
      Stand st;
      st.rect = Rect{centre + plan.across[i] + plan.back[i], facing, plan.width, plan.depth};
      st.figures = 1;
      out.push_back(st);
    }
    return out;
  }

  std::vector<std::string> validate_unit(const Unit& unit, const Params&) const override {
    std::vector<std::string> errors;
    if (unit.start_figures < 1) errors.push_back("a squad needs at least one figure");
    if (unit.start_figures > kMaxSquad) {
      errors.push_back("a squad has at most 18 figures (all within 6\" of its leader, L48)");
    }
    const std::string weapon = unit.attribute_string("weapon", "musket");
    if (unit.arm == Arm::kArtillery && weapon != "cannon") {
      errors.push_back("a cannon unit fires a cannon (L65)");
    }
    if (unit.arm != Arm::kArtillery && weapon == "cannon") {
      errors.push_back("only a cannon unit fires a cannon (L65)");
    }
    return errors;
  }

  bool playable() const override { return true; }

  std::unique_ptr<Battle> start(const Scenario& scenario, std::uint64_t seed,
                                std::uint64_t stream) const override {
    return start_battle(scenario, seed, stream);
  }
};

}  // namespace

void plan_layout(const Unit& unit, int figures, double facing, LayoutPlan& out) {
  const double fd = unit.arm == Arm::kCavalry ? kHorseDepthMm : kFootBaseMm;
  int per_row = kOpenPerRow;
  double dx = kOpenSpacingIn * kMmPerInch;
  double dy = kOpenSpacingIn * kMmPerInch;
  if (unit.arm == Arm::kArtillery) {
    per_row = figures;
    dx = kCrewSpacingIn * kMmPerInch;
  } else if (unit.formation == "formed") {
    per_row = (figures + formed_ranks(unit) - 1) / formed_ranks(unit);
    dx = kFootBaseMm;
    dy = fd;
  }
  per_row = std::max(1, per_row);
  const int rows = (figures + per_row - 1) / per_row;
  const Vec2 right = bearing_vector(facing + 90.0);
  const Vec2 back = bearing_vector(facing) * -1.0;
  out.across.clear();
  out.back.clear();
  out.width = kFootBaseMm;
  out.depth = fd;
  for (int i = 0; i < figures; ++i) {
    const int row = i / per_row;
    const int in_row = std::min(per_row, figures - row * per_row);
    const double x = (i % per_row - (in_row - 1) / 2.0) * dx;
    const double y = (row - (rows - 1) / 2.0) * dy;
    out.across.push_back(right * x);
    out.back.push_back(back * y);
  }
}

int formed_ranks(const Unit& unit) {
  const Value* v = unit.attribute("ranks");
  const int ranks = v != nullptr ? static_cast<int>(as_number(*v)) : 2;
  return std::clamp(ranks, 1, kMaxSquad);
}

const Ruleset& ruleset() {
  static const SquadSkirmish kRuleset;
  return kRuleset;
}

}  // namespace smoothbore::squad_skirmish
