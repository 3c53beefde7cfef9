// The rule set interface (design.md "A rule set is a module"). A rule set publishes its
// options (every numbered ambiguity of its digest, with the default), unit types,
// per-unit attributes, resolutions, and starts battles.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/force/force.h"
#include "rules/battle.h"
#include "rules/param.h"
#include "rules/resolution.h"
#include "rules/scenario.h"

namespace smoothbore {

// A problem with a unit that only the whole scenario shows (e.g. an order naming a terrain
// feature that is not on the table), tied to the attribute whose value is wrong so the
// loader can point at it.
struct UnitProblem {
  std::string attribute;  // the attribute key; empty = the unit as a whole
  std::string message;    // what was found and what was expected
};

struct UnitTypeInfo {
  std::string id;  // "line-infantry"
  Arm arm = Arm::kFoot;
  std::string help;
  std::vector<std::string> formations;  // allowed formation ids; first is the default
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;
  virtual std::string_view id() const = 0;  // "fast-1805"
  virtual std::string_view title() const = 0;
  virtual std::string_view status() const = 0;     // "complete", "partial: ..."
  virtual std::string_view rule_unit() const = 0;  // "in", "yd", "cm"
  // Millimetres of table per rule unit. It may depend on the options: 000's yards follow
  // the scenario's table scale (FD-01: 1" = 10 yd or 1 cm = 5 yd).
  virtual double mm_per_rule_unit(const Params& options) const = 0;
  // The option that also sets the army-break fraction of the end conditions (common.md
  // §15), kept in step with a scenario's [end] army_break; empty if none.
  virtual std::string_view army_break_option() const { return ""; }
  virtual int default_turn_limit() const = 0;
  // The option that sets the default turn limit (000's fd_60_turn_limit), used when a
  // scenario's [end] has no turn_limit; empty if none (then default_turn_limit()).
  virtual std::string_view turn_limit_option() const { return ""; }
  // Whether the rule set has leaders (common.md §5); a scenario's [[leaders]] is an error
  // for one that has none (fast-1805: A2-27).
  virtual bool has_leaders() const = 0;
  // Whether the rule set fights over objective zones (an [[objectives]] `capacity` and
  // `fortified`, 000's FD-49); the keys are an error for one that does not.
  virtual bool has_objective_zones() const { return false; }

  virtual const std::vector<ParamSpec>& options() const = 0;
  // Rule-set keys a scenario unit may carry (besides the core keys), e.g. quality.
  virtual const std::vector<ParamSpec>& unit_attributes() const = 0;
  virtual const std::vector<UnitTypeInfo>& unit_types() const = 0;
  virtual const std::vector<Resolution>& resolutions() const = 0;
  const UnitTypeInfo* unit_type(std::string_view id) const;
  const Resolution* resolution(std::string_view name) const;
  // The parameters a battle builds for its own call of resolution `name`, defaults filled
  // in. An unknown resolution or a bad parameter is a bug in the battle, not bad input, so
  // it fails an SB_CHECK instead of returning an error.
  Params battle_params(const std::string& name, const std::map<std::string, Value>& given) const;

  // Lays out a unit's stands with its centre at `centre` facing `facing`, for its type,
  // formation and figure count (scenario loading, formation changes).
  virtual std::vector<Stand> layout(const Unit& unit, Vec2 centre, double facing) const = 0;
  // Checks a loaded unit against rules the schema cannot express (e.g. "Haitian irregulars
  // may not form square", A2-29). Messages only; the loader adds the location.
  virtual std::vector<std::string> validate_unit(const Unit& unit, const Params& options) const = 0;
  // Checks a unit against the rest of the loaded scenario (terrain, objectives, sides),
  // once everything is read; only units whose attributes were valid are passed. Default:
  // nothing to check.
  virtual std::vector<UnitProblem> check_unit_in_scenario(const Unit& unit,
                                                          const Scenario& scenario) const {
    (void)unit;
    (void)scenario;
    return {};
  }

  // Whether battles can be fought yet (a rule set may ship its resolutions and odds before
  // its battle sequence); start() is only called when true.
  virtual bool playable() const { return true; }

  // A battle at its first turn. `seed` keys every die the battle rolls (stream 0).
  virtual std::unique_ptr<Battle> start(const Scenario& scenario, std::uint64_t seed,
                                        std::uint64_t stream = 0) const = 0;
};

}  // namespace smoothbore
