#include "rules/elan_drill/elan_drill.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/check.h"
#include "core/geometry/vec2.h"
#include "rules/elan_drill/battle.h"
#include "rules/elan_drill/options.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/input_params.h"

namespace smoothbore::elan_drill {

namespace {

using input_params::choice;  // the first choice is the default

ParamSpec factor(std::string name, std::string help, std::string ref) {
  return int_param(std::move(name), 0, 0, 12, std::move(help), std::move(ref));
}

// Proposed figure sizes in inches (§1: individual figures or stands with a roster).
constexpr double kFootWidth = 0.6;
constexpr double kFootDepth = 0.6;
constexpr double kHorseWidth = 1.0;
constexpr double kHorseDepth = 1.6;
constexpr double kSkirmishSpacing = 1.5;
constexpr double kGunWidth = 1.5;
constexpr double kGunDepth = 2.0;
constexpr double kLimberLength = 4.0;

class ElanDrill final : public Ruleset {
 public:
  std::string_view id() const override { return kId; }
  std::string_view title() const override {
    return "Elan/Drill D12 quick-reference sheet (Napoleonic, unidentified)";
  }
  std::string_view status() const override { return kStatus; }
  std::string_view rule_unit() const override { return "in"; }  // §1: 1" = 25 yards
  double mm_per_rule_unit(const Params&) const override { return kMmPerInch; }
  std::string_view army_break_option() const override { return "d12_32_army_break"; }
  int default_turn_limit() const override { return 12; }  // D12-32
  std::string_view turn_limit_option() const override { return "d12_32_turn_limit"; }
  bool has_leaders() const override { return true; }  // L7, D12-22

  const std::vector<ParamSpec>& options() const override { return option_specs(); }

  const std::vector<ParamSpec>& unit_attributes() const override {
    static const std::vector<ParamSpec> kAttrs = {
        choice("experience", {"steady", "veteran", "conscript"},
               "experience: save veteran 7 / steady 6 / conscript 5, and the proposed factors",
               "L243-L247, §2.2"),
        factor("elan",
               "Elan factor (0 = proposed by experience: veteran 8 / steady 7 / conscript 6)",
               "§2.2, D12-02"),
        factor("drill",
               "Drill factor (0 = proposed by experience: veteran 8 / steady 7 / conscript 5)",
               "§2.2, D12-02"),
        factor("gunnery",
               "Gunnery Skill (0 = proposed by experience: veteran 7 / steady 6 / conscript 5)",
               "§2.2, D12-02"),
        factor("musketry",
               "musketry and close-action skill (0 = by experience: veteran 6 / steady 5 / "
               "conscript 4)",
               "§2.2, D12-10"),
        choice("skirmisher", {"none", "trained", "ad-hoc"}, "skirmisher training (saves +2/+1)",
               "L252-L253"),
        choice("weapon", {"musket", "rifle", "carbine", "pistol", "none"}, "small arm",
               "L135-L139"),
        choice("gun", {"none", "heavy", "medium", "light", "ultra-light"}, "artillery class",
               "L158-L161"),
        bool_param("howitzer", false, "the battery's guns are howitzers", "L170-L172, L215"),
        bool_param("shrapnel", false, "may fire shrapnel", "L169, D12-14"),
        bool_param("shell", false,
                   "a gun battery the scenario allows to fire shell (howitzers always may)",
                   "L169-L172, D12-14"),
        bool_param("lighter-cavalry", false, "light cavalry (-1 Elan vs other cavalry)", "L65"),
        int_param("dms", 0, 0, 12, "Disruption Markers at the start", "D12-06"),
        int_param("arrival", 0, 0, 12,
                  "a reinforcement: enters at its position when 1D12 <= this in its side's "
                  "command phase, +d12_23_reinforcement_step per failed roll (0 = on the table "
                  "from the start)",
                  "L8, D12-23"),
        choice("engineering", {"none", "fortify", "clear"},
               "engineering task (D12-24): fortify its place (hard cover when done), or clear "
               "the linear obstacle engineering_feature",
               "L10, D12-24"),
        string_param("engineering_feature", "",
                     "the id of the linear obstacle or earthworks an engineering = clear unit "
                     "clears",
                     "L10, D12-24"),
        int_param("engineering_turn", 3, 1, 100,
                  "d12_24_engineering = scripted: the game turn the task completes", "D12-24"),
        string_param("parent", "",
                     "a detachment (detached company or skirmishers) of the battalion with this "
                     "id: it rejoins it in contact on a 2D Reform Detachments test, and the "
                     "battalion may detach it again",
                     "§2.1, L83, D12-21"),
        bool_param("joined", false,
                   "a detachment that starts inside its parent battalion (its figures counted "
                   "in the battalion's until detached)",
                   "§2.1, D12-21"),
    };
    return kAttrs;
  }

  const std::vector<UnitTypeInfo>& unit_types() const override {
    static const std::vector<UnitTypeInfo> kTypes = {
        {"infantry",
         Arm::kFoot,
         "line infantry battalion (§2.1)",
         {"line", "two-rank-line", "column", "wide-column", "closed-column", "march-column",
          "square", "skirmish"}},
        {"light-infantry",
         Arm::kFoot,
         "light infantry or rifles, often in skirmish order (§2.1)",
         {"skirmish", "line", "two-rank-line", "column", "march-column", "square"}},
        {"cavalry",
         Arm::kCavalry,
         "heavy or line cavalry (§2.1)",
         {"line", "column", "march-column"}},
        {"light-cavalry",
         Arm::kCavalry,
         "light cavalry (L65, §2.1)",
         {"line", "column", "march-column", "skirmish"}},
        {"foot-artillery",
         Arm::kArtillery,
         "foot battery (§2.1, D12-07)",
         {"unlimbered", "limbered"}},
        {"horse-artillery",
         Arm::kArtillery,
         "horse battery (§2.1, D12-07, D12-16)",
         {"unlimbered", "limbered"}},
    };
    return kTypes;
  }

  const std::vector<Resolution>& resolutions() const override { return elan_drill::resolutions(); }

  // One stand holding the unit's figures, sized by a proposed figure footprint.
  std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const override {
    Stand st;
    st.figures = layout_figures(unit);
    st.rect = formation_footprint(unit.arm, unit.formation, st.figures, centre, facing);
    return {st};
  }

  std::vector<std::string> validate_unit(const Unit& unit, const Params&) const override {
    std::vector<std::string> errors;
    if (unit.start_figures < 1) errors.push_back("a unit needs at least one figure");
    const bool no_gun = attribute_is(unit, "gun", "none", "none");
    if (unit.arm == Arm::kArtillery && no_gun) {
      errors.push_back("artillery needs a gun class (L158-L161)");
    }
    if (unit.arm != Arm::kArtillery && !no_gun) {
      errors.push_back("only artillery has a gun class");
    }
    if (unit.arm == Arm::kCavalry && (attribute_is(unit, "weapon", "musket", "musket") ||
                                      attribute_is(unit, "weapon", "musket", "rifle"))) {
      errors.push_back("cavalry fire pistols or carbines (L141)");
    }
    if (attribute_is(unit, "engineering", "none", "clear") &&
        attribute_is(unit, "engineering_feature", "", "")) {
      errors.push_back("engineering = \"clear\" needs engineering_feature (D12-24)");
    }
    return errors;
  }

  // D12-24: the feature a unit clears is a linear obstacle or earthworks of the table.
  // D12-21: a foot detachment's parent is another foot unit of its side, itself no detachment.
  // D12-02 `scenario`: the unit gives each of its factors.
  std::vector<UnitProblem> check_unit_in_scenario(const Unit& unit,
                                                  const Scenario& scenario) const override {
    std::vector<UnitProblem> out;
    const auto ratings = scenario.options.values().find("d12_02_ratings");
    if (ratings != scenario.options.values().end() &&
        ratings->second == Value(std::string("scenario"))) {
      for (const std::string& key : unrated_factors(unit)) {
        out.push_back({key, fmt::format("d12_02_ratings = \"scenario\": the unit must give its {} "
                                        "factor, a whole number of 1 or more (§2.2, D12-02)",
                                        key)});
      }
    }
    if (!attribute_is(unit, "parent", "", "")) {
      const std::string parent = unit.attribute_string("parent", "");
      const int p = scenario.force.unit_index(parent);
      const Unit* pu = p >= 0 ? &scenario.force.units[static_cast<std::size_t>(p)] : nullptr;
      if (unit.arm != Arm::kFoot || pu == nullptr || pu->id == unit.id || pu->side != unit.side ||
          pu->arm != Arm::kFoot || !attribute_is(*pu, "parent", "", "")) {
        out.push_back({"parent", fmt::format("a foot detachment's parent: '{}' is no other foot "
                                             "unit of its side that is not itself a detachment "
                                             "(D12-21)",
                                             parent)});
        return out;
      }
    }
    if (attribute_is(unit, "engineering_feature", "", "")) return out;
    const std::string id = unit.attribute_string("engineering_feature", "");
    for (const LinearFeature& l : scenario.table.linears()) {
      if (l.id == id &&
          (l.cls == TerrainClass::kLinearObstacle || l.cls == TerrainClass::kEarthworks))
        return out;
    }
    out.push_back(
        {"engineering_feature",
         fmt::format("'{}' is no linear obstacle or earthworks of the table (D12-24)", id)});
    return out;
  }

  bool playable() const override { return true; }

  std::unique_ptr<Battle> start(const Scenario& scenario, std::uint64_t seed,
                                std::uint64_t stream) const override {
    return start_battle(scenario, seed, stream);
  }
};

}  // namespace

std::vector<std::string> unrated_factors(const Unit& unit) {
  std::vector<std::string> out;
  auto need = [&](const char* key) {
    const Value* v = unit.attribute(key);
    if (v == nullptr ||
        !(std::holds_alternative<std::int64_t>(*v) || std::holds_alternative<double>(*v)) ||
        as_number(*v) < 1) {
      out.emplace_back(key);
    }
  };
  need("elan");
  need("drill");
  if (unit.arm == Arm::kArtillery) need("gunnery");
  need("musketry");
  return out;
}

bool attribute_is(const Unit& unit, std::string_view key, std::string_view fallback,
                  std::string_view text) {
  const Value* v = unit.attribute(key);
  if (v == nullptr) return fallback == text;
  if (const auto* s = std::get_if<std::string>(v)) return *s == text;
  return to_string(*v) == text;  // a number or flag, as attribute_string spells it
}

int layout_figures(const Unit& unit) {
  return std::max(1, unit.stands.empty() ? unit.start_figures : unit.figures());
}

Rect formation_footprint(Arm arm, std::string_view formation, int figures, Vec2 centre,
                         double facing) {
  double width = 0;
  double depth = 0;
  if (arm == Arm::kArtillery) {
    width = kGunWidth;
    depth = formation == "limbered" ? kLimberLength : kGunDepth;
  } else {
    const bool horse = arm == Arm::kCavalry;
    const double fw = horse ? kHorseWidth : kFootWidth;
    const double fd = horse ? kHorseDepth : kFootDepth;
    // Each name compared once, the substring search only for a name none matched (issue 9:
    // whether every formation of a 10,000-stand turn's units fits lays it out).
    const bool square = formation == "square";
    const bool skirmish = !square && formation == "skirmish";
    int files = (figures + 1) / 2;  // two ranks (D12-11)
    if (square) {
      files = (figures + 3) / 4;
    } else if (formation == "wide-column") {
      files = 8;
    } else if (!skirmish && formation.find("column") != std::string_view::npos) {
      files = horse ? 2 : 4;
    }
    if (skirmish) {
      width = kSkirmishSpacing * figures;
      depth = fd;
    } else {
      files = std::clamp(files, 1, figures);
      width = fw * files;
      depth = fd * std::ceil(static_cast<double>(figures) / files);
      if (square) depth = width;
    }
  }
  return Rect{centre, facing, width * kMmPerInch, depth * kMmPerInch};
}

const Ruleset& ruleset() {
  static const ElanDrill kRuleset;
  return kRuleset;
}

}  // namespace smoothbore::elan_drill
