#include "rules/fire_and_discipline/fire_and_discipline.h"

#include "rules/fire_and_discipline/fd_battle.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/options.h"
#include "rules/fire_and_discipline/orders.h"

namespace smoothbore::fire_and_discipline {

namespace {

ParamSpec choice(std::string name, std::vector<std::string> choices, std::string def,
                 std::string help, std::string ref) {
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

ParamSpec integer(std::string name, int def, double min, double max, std::string help,
                  std::string ref) {
  return int_param(std::move(name), def, min, max, std::move(help), std::move(ref));
}

ParamSpec flag(std::string name, std::string help, std::string ref) {
  return bool_param(std::move(name), false, std::move(help), std::move(ref));
}

int attribute_int(const Unit& u, std::string_view key) {
  const Value* v = u.attribute(key);
  return v != nullptr ? static_cast<int>(as_number(*v, 0)) : 0;
}

bool attribute_bool(const Unit& u, std::string_view key) {
  const Value* v = u.attribute(key);
  return v != nullptr && as_number(*v, 0) != 0;
}

// One stand to place: size in yards, castings and figures it carries.
struct Piece {
  double width;
  double depth;
  int castings;
  int figures;
};

bool is_half(const Stand& s) {
  return s.rect.width < 0.5 * (kStandWidthYd + kHalfStandWidthYd) * kLayoutMmPerYard;
}

// The unit's stands in order (gun before limber), before placing them.
std::vector<Piece> pieces(const Unit& u) {
  std::vector<Piece> out;
  const bool dismounted = u.type == "dragoons" && u.formation == "open-order";
  if (u.arm == Arm::kArtillery) {
    int crew = u.stands.empty() ? u.start_figures : u.figures();
    out.push_back({kStandWidthYd, kStandDepthYd, crew, crew});
    if (u.formation == "limbered") out.push_back({kLimberWidthYd, kLimberDepthYd, 0, 0});
    return out;
  }
  if (u.arm == Arm::kWagon) {
    int n = u.stands.empty() ? u.start_figures : u.figures();
    for (int i = 0; i < std::max(n, 1); ++i) out.push_back({kLimberWidthYd, kLimberDepthYd, 0, 1});
    return out;
  }
  auto sized = [&](bool half, int castings) {
    return half || dismounted ? Piece{kHalfStandWidthYd, kHalfStandDepthYd, castings, 1}
                              : Piece{kStandWidthYd, kStandDepthYd, castings, 1};
  };
  if (!u.stands.empty()) {  // a re-layout keeps each stand's kind and castings
    for (const Stand& s : u.stands) {
      if (!s.removed) out.push_back(sized(is_half(s) && u.arm == Arm::kFoot, s.castings));
    }
    return out;
  }
  int castings = attribute_int(u, "castings");
  if (castings == 0) castings = u.arm == Arm::kFoot ? kDefaultFootCastings : kDefaultHorseCastings;
  int half =
      u.arm == Arm::kFoot ? std::clamp(attribute_int(u, "half-stands"), 0, u.start_figures) : 0;
  int half_castings = std::max(1, attribute_int(u, "half-stand-castings"));
  for (int i = 0; i < u.start_figures - half; ++i) out.push_back(sized(false, castings));
  for (int i = 0; i < half; ++i) out.push_back(sized(true, half_castings));
  return out;
}

std::vector<Stand> place(const std::vector<Piece>& ps, bool side_by_side, double gap,
                         bool reverse_column, Vec2 centre, double facing) {
  std::vector<Stand> out(ps.size());
  const Vec2 right = bearing_vector(facing + 90.0);
  const Vec2 forward = bearing_vector(facing);
  auto put = [&](std::size_t i, double x, double y) {
    out[i].rect = Rect{centre + right * (x * kLayoutMmPerYard) + forward * (y * kLayoutMmPerYard),
                       facing, ps[i].width * kLayoutMmPerYard, ps[i].depth * kLayoutMmPerYard};
    out[i].castings = ps[i].castings;
    out[i].figures = ps[i].figures;
  };
  if (side_by_side) {  // left to right, front edges aligned
    double total = 0;
    double depth = 0;
    for (const Piece& p : ps) {
      total += p.width;
      depth = std::max(depth, p.depth);
    }
    total += gap * static_cast<double>(ps.size() > 0 ? ps.size() - 1 : 0);
    double x = -total / 2;
    for (std::size_t i = 0; i < ps.size(); ++i) {
      put(i, x + ps[i].width / 2, depth / 2 - ps[i].depth / 2);
      x += ps[i].width + gap;
    }
    return out;
  }
  double total = 0;  // one behind the other, centred on the unit's axis
  for (const Piece& p : ps) total += p.depth;
  double y = total / 2;
  for (std::size_t k = 0; k < ps.size(); ++k) {
    std::size_t i = reverse_column ? ps.size() - 1 - k : k;
    put(i, 0, y - ps[i].depth / 2);
    y -= ps[i].depth;
  }
  return out;
}

class FireAndDiscipline final : public Ruleset {
 public:
  std::string_view id() const override { return kId; }
  std::string_view title() const override {
    return "Fire and Discipline, \"Dawn of Modern Warfare\" (Discipline version)";
  }
  std::string_view status() const override { return "playable"; }
  std::string_view rule_unit() const override { return "yd"; }
  // FD-01: 1" = 10 yd (2.54 mm per yd) or 1 cm = 5 yd (2 mm per yd).
  double mm_per_rule_unit(const Params& options) const override {
    auto it = options.values().find("fd_01_table_scale");
    if (it == options.values().end()) return kMmPerYardInch;
    return mm_per_yard(to_string(it->second));
  }
  std::string_view army_break_option() const override { return "fd_60_army_break"; }
  int default_turn_limit() const override { return 30; }  // FD-60
  std::string_view turn_limit_option() const override { return "fd_60_turn_limit"; }
  bool has_leaders() const override { return true; }          // §2.1-§2.3
  bool has_objective_zones() const override { return true; }  // FD-49

  const std::vector<ParamSpec>& options() const override { return option_specs(); }

  const std::vector<ParamSpec>& unit_attributes() const override {
    static const std::vector<ParamSpec> kAttrs = {
        integer("morale-rating", 2, 0, 4,
                "Morale Rating = MMG: 0 raw militia, 1 veteran militia, 2 trained volunteers / "
                "new regulars / Indians, 3 veteran regulars, 4 elite regulars",
                "§5.1, FD-30"),
        integer("castings", 0, 0, 20,
                "castings per basic stand; 0 = the arm's default (foot 6, horse 3)", "§1.23"),
        integer("half-stands", 0, 0, 20,
                "how many of an infantry unit's stands (figures) are light-infantry half-stands",
                "§1.21, §3.12"),
        integer("half-stand-castings", 2, 1, 3, "castings per half-stand", "§1.23b"),
        choice("firearm", {"bow", "matchlock", "firelock", "flintlock", "rifle", "none"},
               "flintlock",
               "musketry class (rifle is listed only to be refused: not allowed, §7.14)",
               "§7.1, §7.5"),
        choice("fire-tactic", {"volley", "platoon"}, "volley",
               "national characteristic: volley (phase III) or platoon fire (phases III-IV)",
               "§7.12"),
        flag("mixed-armed", "mixed armed, e.g. bows and swords: −2 musketry dice", "§7.4"),
        choice("melee-weapon", {"bayonet", "pike", "mixed"}, "bayonet",
               "infantry melee weapon: bayonet, pike, or mixed (swords, axes; not bayonet "
               "trained)",
               "§8.42, §8.5"),
        choice("cavalry-tactic", {"steel", "fire", "mix"}, "steel",
               "national characteristic of cavalry and dragoons: STEEL, FIRE or MIX", "§8.13"),
        flag("light-cavalry", "light horse: the Open/Lgt Cav row as a melee target", "§8.5"),
        flag("indians", "Native American (\"Indian\") troops: fanaticism (§5.64)", "§5.1, §5.64"),
        integer("pdr", 0, 0, 48,
                "gun weight in pounds (artillery only): light 1-5, field 6-9, position 10-12, "
                "siege 13+",
                "§6.14, R-000-6"),
        integer("guns", 0, 0, 2, "guns in a section (artillery only); 0 = 2, the default", "§6.11"),
        flag("howitzer", "the section's guns are howitzers or mortars (artillery only)",
             "§6.14, §6.21"),
        choice(std::string(kOrderKey),
               {std::string(kNoOrder), "general-advance", "assault", "hold", "withdrawal"},
               std::string(kNoOrder),
               "the regiment's order at the start; none = no order given: it starts on Hold "
               "and its brigade commander orders it",
               "§2.41, FD-52"),
        string_param(std::string(kOrderFeatureKey), "",
                     "the objective or terrain feature id the order names: required by "
                     "assault, optional for hold and withdrawal",
                     "§2.41b-d"),
    };
    return kAttrs;
  }

  const std::vector<UnitTypeInfo>& unit_types() const override {
    static const std::vector<UnitTypeInfo> kTypes = {
        {"infantry",
         Arm::kFoot,
         "a regiment or battalion: figures = company stands (2-10), side by side in line or "
         "back to front in column; open order for half-stands only (§3.2, §3.12)",
         {"line", "column", "open-order"}},
        {"cavalry",
         Arm::kCavalry,
         "troops merged into a squadron or regiment: figures = troop stands (§3.3)",
         {"line", "column"}},
        {"dragoons",
         Arm::kCavalry,
         "dragoons: mounted in line or column, or dismounted (open-order, half-stands) "
         "(§3.12, §4.3, §7.13)",
         {"line", "column", "open-order"}},
        {"artillery",
         Arm::kArtillery,
         "a gun section of 1-2 guns: figures = crew castings (2 per gun); limbered (gun "
         "behind its limber) or unlimbered for good (§3.4, §6.1)",
         {"limbered", "unlimbered"}},
        {"wagon",
         Arm::kWagon,
         "wagons: figures = wagon stands, a basic stand turned 90° each (§1.23e)",
         {"limbered"}},
    };
    return kTypes;
  }

  const std::vector<Resolution>& resolutions() const override {
    static const std::vector<Resolution> kAll = [] {
      std::vector<Resolution> all = fire_resolutions();
      const std::vector<Resolution>& mm = melee_morale_resolutions();
      all.insert(all.end(), mm.begin(), mm.end());
      return all;
    }();
    return kAll;
  }

  // Stands at the default scale (kLayoutMmPerYard); see fire_and_discipline.h and README.
  std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const override {
    std::vector<Piece> ps = pieces(unit);
    if (unit.arm == Arm::kArtillery || unit.arm == Arm::kWagon) {
      // A limbered gun's team leads: limber in front, gun behind (§3.42).
      return place(ps, false, 0, true, centre, facing);
    }
    if (unit.formation == "column") return place(ps, false, 0, false, centre, facing);
    double gap = unit.formation == "open-order" ? kOpenOrderGapYd : 0;
    return place(ps, true, gap, false, centre, facing);
  }

  std::vector<std::string> validate_unit(const Unit& unit,
                                         const Params& /*options*/) const override {
    std::vector<std::string> errors;
    const bool foot = unit.arm == Arm::kFoot;
    const bool horse = unit.arm == Arm::kCavalry;
    const bool guns = unit.arm == Arm::kArtillery;
    const int castings = attribute_int(unit, "castings");
    const int half = attribute_int(unit, "half-stands");
    const std::string firearm = unit.attribute_string("firearm", "flintlock");
    const std::string weapon = unit.attribute_string("melee-weapon", "bayonet");

    if (firearm == "rifle") {
      errors.push_back("firearm: rifles are not allowed in this period (§7.14)");
    }
    if (firearm == "bow" && unit.attribute_string("fire-tactic", "volley") == "platoon") {
      errors.push_back("fire-tactic: platoon fire is a musket drill; bows fire volleys (§7.12)");
    }
    if (!foot && weapon != "bayonet") {
      errors.push_back(fmt::format(
          "melee-weapon: {} is an infantry weapon; {} fight by cavalry-tactic or as crews "
          "(§8.13, §8.43)",
          weapon, unit.type));
    }
    if (!horse && unit.attribute_string("cavalry-tactic", "steel") != "steel") {
      errors.push_back("cavalry-tactic applies to cavalry and dragoons only (§8.13)");
    }
    if (!horse && attribute_bool(unit, "light-cavalry")) {
      errors.push_back("light-cavalry applies to cavalry and dragoons only (§8.5)");
    }
    if (!guns) {
      if (attribute_int(unit, "pdr") != 0) {
        errors.push_back(
            fmt::format("pdr applies to artillery sections only, not {} (§6.14)", unit.type));
      }
      if (attribute_int(unit, "guns") != 0) {
        errors.push_back("guns applies to artillery sections only (§6.11)");
      }
      if (attribute_bool(unit, "howitzer")) {
        errors.push_back("howitzer applies to artillery sections only (§6.14)");
      }
    }
    if (foot) {
      if (unit.start_figures > 10) {
        errors.push_back(
            fmt::format("a regiment has 2-10 company stands (§2.1); found {} (figures = stands)",
                        unit.start_figures));
      }
      if (castings != 0 && (castings < 3 || castings > 10)) {
        errors.push_back(fmt::format(
            "castings: a basic foot stand holds 3-8 castings, 10 with crowding; 1-2 use "
            "half-stands (§1.23a); found {}",
            castings));
      }
      if (half > unit.start_figures) {
        errors.push_back(fmt::format("half-stands: {} is more than the unit's {} stands (figures)",
                                     half, unit.start_figures));
      } else if (unit.formation == "open-order" && half < unit.start_figures) {
        errors.push_back(
            "open-order is for half-stands only: set half-stands = figures, or form line or "
            "column (§3.12)");
      }
    } else {
      if (half != 0) {
        errors.push_back(
            "half-stands: only infantry units have half-stands here (dismounted dragoons are "
            "laid out on half-stands by their open-order formation, §3.12)");
      }
    }
    if (horse && castings != 0 && (castings < 2 || castings > 3)) {
      errors.push_back(fmt::format(
          "castings: a basic cavalry stand holds 2-3 cavalrymen; a single casting goes on a "
          "half-stand (§1.23c); found {}",
          castings));
    }
    if ((guns || unit.arm == Arm::kWagon) && castings != 0) {
      errors.push_back(
          "castings: a gun section's castings are its crew, given by figures (§1.23d); "
          "wagons carry none");
    }
    if (guns) {
      int n = attribute_int(unit, "guns");
      if (n == 0) n = kDefaultGuns;
      if (unit.start_figures > kCrewPerGun * n) {
        errors.push_back(fmt::format(
            "a section of {} gun(s) has at most {} crew castings (2 per gun, §1.23d, §6.12); "
            "found figures = {}",
            n, kCrewPerGun * n, unit.start_figures));
      }
      if (attribute_int(unit, "pdr") == 0 && !attribute_bool(unit, "howitzer")) {
        errors.push_back(
            "an artillery section needs pdr (its gun weight, 1-48) or howitzer = true (§6.14)");
      }
    }
    return errors;
  }

  std::vector<UnitProblem> check_unit_in_scenario(const Unit& unit,
                                                  const Scenario& scenario) const override {
    return check_scenario_order(unit, scenario);
  }

  std::unique_ptr<Battle> start(const Scenario& scenario, std::uint64_t seed,
                                std::uint64_t stream) const override {
    return start_battle(scenario, seed, stream);
  }
};

}  // namespace

const Ruleset& ruleset() {
  static const FireAndDiscipline kRuleset;
  return kRuleset;
}

}  // namespace smoothbore::fire_and_discipline
