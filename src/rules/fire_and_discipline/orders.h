// The orders of Fire and Discipline as data (§2.41, FD-52): the starting order a scenario
// gives a regiment (unit attributes `order` and `order-feature`), the terrain features and
// objectives an order may name, and the scenario checks of both. What an order permits
// and how orders travel is command.h.
//
// Scenario format (docs/scenarios.md): `order = "general-advance" | "assault" | "hold" |
// "withdrawal"` (default "none": no order given, the unit starts on Hold and the brigade
// commander orders it, FD-52), `order-feature = "<id>"` naming an objective or a terrain
// feature (area or linear) by id. Assault must name a feature (§2.41b: "a specific terrain
// feature as stated in the order"); Hold may (§2.41c: "your current position or a specific
// terrain feature"); Withdrawal may, and it must then lie closer to the side's home edge
// than the unit (§2.41d); General Advance names none (§2.41a: "the enemy to your front").
//
// Engine readings: a feature's distance is 0 inside an objective's radius or an area, and
// the distance to a linear feature's centre line otherwise; the point a unit makes for is
// an objective's centre, the nearest point of an area's outline (units ordered to one
// village come at it along its whole front instead of converging on one point), or the
// nearest point of a linear feature's centre line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/force/force.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

namespace smoothbore::fire_and_discipline {

inline constexpr std::string_view kOrderKey = "order";
inline constexpr std::string_view kOrderFeatureKey = "order-feature";
inline constexpr std::string_view kNoOrder = "none";

// "general-advance" → kGeneralAdvance, ...; nullopt for anything else ("none" included).
std::optional<OrderKind> parse_order_kind(std::string_view name);
// Plain words for the narrative: "General Advance", "Assault", "Hold", "Withdrawal".
std::string_view order_title(OrderKind k);
// "Hold (Oberglau)", "General Advance": the order and the feature's narrative name.
std::string describe_order(const Scenario& s, const Order& o);

// The starting order the scenario gives `unit`, nullopt when it gives none.
std::optional<Order> scenario_order(const Unit& unit);

// Ids an order may name: objectives, then area and linear terrain features, in file order.
std::vector<std::string> feature_ids(const Scenario& s);
bool feature_known(const Scenario& s, const std::string& id);
// An objective's name, else the id.
std::string feature_name(const Scenario& s, const std::string& id);
// Distance (mm) from `p` to the feature; nullopt when `id` is empty or unknown.
std::optional<double> feature_distance(const Scenario& s, const std::string& id, Vec2 p);
// The point (mm) a unit ordered to the feature makes for, from `from`.
std::optional<Vec2> feature_goal(const Scenario& s, const std::string& id, Vec2 from);
// Distance (mm) from `p` to the table edge `e`.
double edge_distance(const Table& t, Edge e, Vec2 p);

// §2.41 checks of a unit's order attributes against the scenario: an unknown feature, an
// Assault without one, a feature on an order that names none, a Withdrawal feature no
// nearer the home edge than the unit.
std::vector<UnitProblem> check_scenario_order(const Unit& unit, const Scenario& s);

}  // namespace smoothbore::fire_and_discipline
