#include "rules/group_orders/group_orders.h"

#include <algorithm>
#include <string>

#include "core/check.h"
#include "core/geometry/vec2.h"
#include "rules/group_orders/battle.h"
#include "rules/group_orders/formation_id.h"
#include "rules/group_orders/options.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {

namespace {

// §1 (proposed): 1 rule unit = 1 cm; DBx-style bases 4 cm wide (15mm), 2 cm deep (massed
// foot), 3 cm (horse, lights), 4 cm (artillery).
constexpr double kMmPerCm = 10.0;
constexpr double kFrontageMm = 40.0;
constexpr double kFootDepthMm = 20.0;
constexpr double kHorseDepthMm = 30.0;
constexpr double kGunDepthMm = 40.0;

Arm arm_of(const Row& type) {
  const std::string arm = type.text("arm");
  if (arm == "cavalry") return Arm::kCavalry;
  if (arm == "artillery") return Arm::kArtillery;
  return Arm::kFoot;
}

std::vector<std::string> formations_of(const Row& type) {
  const std::string arm = type.text("arm");
  if (arm == "artillery") return {"deployed", "limbered"};
  if (arm == "foot" && type.text("class") == "massed") {
    return {"line", "column", "column-deep", "square"};  // H4-18
  }
  return {"line", "column", "column-deep"};
}

std::vector<std::string> weapon_choices() {
  std::vector<std::string> out = keys_of("shooting.ranges");
  out.insert(out.begin(), "as-type");
  out.push_back("none");
  return out;
}

}  // namespace

int laid_stands(const Unit& unit) {
  return std::max(1, unit.stands.empty() ? unit.start_figures : unit.figures());
}

Rect laid_rect(const Unit& unit, Vec2 centre, double facing, bool light) {
  const int stands = laid_stands(unit);
  double depth = kFootDepthMm;
  if (unit.arm == Arm::kArtillery) {
    depth = kGunDepthMm;
  } else if (unit.arm == Arm::kCavalry || light) {
    depth = kHorseDepthMm;
  }
  const FormationId formation = formation_id(unit.formation);
  if (formation == FormationId::kSquare) {
    return Rect{centre, facing, 2 * kFrontageMm, 2 * kFrontageMm};
  }
  int files = stands;
  if (formation == FormationId::kColumn) files = std::min(stands, 2);
  if (formation == FormationId::kColumnDeep || formation == FormationId::kLimbered) files = 1;
  const int ranks = (stands + files - 1) / files;
  return Rect{centre, facing, kFrontageMm * files, depth * ranks};
}

namespace {

class GroupOrders final : public Ruleset {
 public:
  std::string_view id() const override { return kId; }
  std::string_view title() const override {
    return "Group orders: Advance/Reserve/Stand/Retreat/Rout, Massed and Light, D6 "
           "(unidentified)";
  }
  std::string_view status() const override { return kStatus; }
  std::string_view rule_unit() const override { return "cm"; }  // distances in cms (L6)
  double mm_per_rule_unit(const Params&) const override { return kMmPerCm; }
  std::string_view army_break_option() const override { return "h4_23_break_fraction"; }
  int default_turn_limit() const override { return 12; }  // H4-23 (proposed)
  std::string_view turn_limit_option() const override { return "h4_23_turn_limit"; }
  bool has_leaders() const override { return true; }  // Generals and a C-in-C (L174, H4-17)

  const std::vector<ParamSpec>& options() const override { return option_specs(); }

  const std::vector<ParamSpec>& unit_attributes() const override {
    static const std::vector<ParamSpec> kAttrs = {
        option_choice("class", {"as-type", "massed", "light"}, "L30-L85",
                      "Massed or Light (as-type: the unit-type table's class)"),
        option_choice("drill", {"normal", "well", "badly"}, "L13-L19, L88-L91, H4-19",
                      "drill class (Militia are their own class by type)"),
        option_choice("morale", {"normal", "high", "poor"}, "L146, L156, L175, L182",
                      "morale: high +1, poor -1 in melee and morale"),
        option_flag("poor-shots", false, "L94", "Poor shots (-1 shooting)"),
        option_choice("weapon", weapon_choices(), "L86, §4.2",
                      "the weapon (as-type: the type's own; bow or spear for colonial troops)"),
        option_choice("orders", {"reserve", "advance", "stand", "retreat"}, "L1-L29, §9",
                      "the Group's orders at the start (read from the Group's first unit)"),
    };
    return kAttrs;
  }

  const std::vector<UnitTypeInfo>& unit_types() const override {
    static const std::vector<UnitTypeInfo> kTypes = [] {
      std::vector<UnitTypeInfo> out;
      for (const Row& r : table("units.types").rows) {
        out.push_back({r.key, arm_of(r),
                       r.name + " (" + r.text("class") + ", " +
                           std::to_string(r.number("movement")) + " cm, melee factor " +
                           std::to_string(r.number("melee")) + ", " + r.ref + ")",
                       formations_of(r)});
      }
      return out;
    }();
    return kTypes;
  }

  const std::vector<Resolution>& resolutions() const override {
    return group_orders::resolutions();
  }

  // One rectangle holding the unit's stands (laid_rect), a stand each figure.
  std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const override {
    const Row* type = table("units.types").find(unit.type);
    Stand st;
    st.rect = laid_rect(unit, centre, facing, type != nullptr && type->text("class") == "light");
    st.figures = laid_stands(unit);
    return {st};
  }

  std::vector<std::string> validate_unit(const Unit& unit, const Params&) const override {
    std::vector<std::string> errors;
    if (unit.start_figures < 1) errors.push_back("a unit needs at least one stand");
    const Row* type = table("units.types").find(unit.type);
    if (type == nullptr) return errors;
    const std::string weapon = unit.attribute_string("weapon", "as-type");
    const Row* gun_type = table("units.types").find(weapon);  // the guns are named by type
    const bool gun = gun_type != nullptr && gun_type->text("arm") == "artillery";
    if (unit.arm == Arm::kArtillery && weapon != "as-type" && weapon != type->text("weapon")) {
      errors.push_back("artillery shoots with its own type's guns (§4.2)");
    }
    if (unit.arm != Arm::kArtillery && gun) errors.push_back("only artillery shoots guns (§4.2)");
    const std::string cls = unit.attribute_string("class", "as-type");
    const bool massed = cls == "as-type" ? type->text("class") == "massed" : cls == "massed";
    if (unit.formation == "square" && (!massed || unit.arm != Arm::kFoot)) {
      errors.push_back("only Massed infantry forms square (L148, H4-18)");
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

const Ruleset& ruleset() {
  static const GroupOrders kRuleset;
  return kRuleset;
}

}  // namespace smoothbore::group_orders
