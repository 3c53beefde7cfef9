#include "rules/fire_and_discipline/orders.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace smoothbore::fire_and_discipline {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

const Objective* objective(const Scenario& s, std::string_view id) {
  for (const Objective& o : s.objectives) {
    if (o.id == id) return &o;
  }
  return nullptr;
}

const AreaFeature* area(const Scenario& s, std::string_view id) {
  for (const AreaFeature& f : s.table.areas()) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

const LinearFeature* linear(const Scenario& s, std::string_view id) {
  for (const LinearFeature& f : s.table.linears()) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

// The nearest point of the polyline `path` to `p`.
Vec2 nearest_on_path(const std::vector<Vec2>& path, Vec2 p) {
  Vec2 best = path.empty() ? p : path.front();
  double best_d = kInf;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const Vec2 a = path[i];
    const Vec2 ab = path[i + 1] - a;
    const double len2 = ab.dot(ab);
    const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    const Vec2 q = a + ab * t;
    const double d = distance(p, q);
    if (d < best_d) {
      best_d = d;
      best = q;
    }
  }
  return best;
}

std::string attribute_text(const Unit& u, std::string_view key) {
  const Value* v = u.attribute(key);
  return v != nullptr && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : "";
}

}  // namespace

std::optional<OrderKind> parse_order_kind(std::string_view name) {
  for (OrderKind k : {OrderKind::kGeneralAdvance, OrderKind::kAssault, OrderKind::kHold,
                      OrderKind::kWithdrawal}) {
    if (order_kind_name(k) == name) return k;
  }
  return std::nullopt;
}

std::string_view order_title(OrderKind k) {
  switch (k) {
    case OrderKind::kGeneralAdvance:
      return "General Advance";
    case OrderKind::kAssault:
      return "Assault";
    case OrderKind::kHold:
      return "Hold";
    case OrderKind::kWithdrawal:
      return "Withdrawal";
  }
  return "Hold";
}

std::string describe_order(const Scenario& s, const Order& o) {
  std::string out(order_title(o.kind));
  if (!o.feature.empty()) out += " (" + feature_name(s, o.feature) + ")";
  return out;
}

std::optional<Order> scenario_order(const Unit& unit) {
  const std::optional<OrderKind> kind = parse_order_kind(attribute_text(unit, kOrderKey));
  if (!kind) return std::nullopt;
  return Order{*kind, attribute_text(unit, kOrderFeatureKey)};
}

std::vector<std::string> feature_ids(const Scenario& s) {
  std::vector<std::string> out;
  for (const Objective& o : s.objectives) out.push_back(o.id);
  for (const AreaFeature& f : s.table.areas()) out.push_back(f.id);
  for (const LinearFeature& f : s.table.linears()) out.push_back(f.id);
  return out;
}

bool feature_known(const Scenario& s, const std::string& id) {
  return objective(s, id) != nullptr || area(s, id) != nullptr || linear(s, id) != nullptr;
}

std::string feature_name(const Scenario& s, const std::string& id) {
  const Objective* o = objective(s, id);
  return o != nullptr && !o->name.empty() ? o->name : id;
}

std::optional<double> feature_distance(const Scenario& s, const std::string& id, Vec2 p) {
  if (id.empty()) return std::nullopt;
  if (const Objective* o = objective(s, id)) {
    return std::max(0.0, distance(o->position, p) - o->radius);
  }
  if (const AreaFeature* f = area(s, id)) {
    if (f->shape.contains(p)) return 0.0;
    double best = kInf;
    const auto& pts = f->shape.points;
    for (std::size_t i = 0; i < pts.size(); ++i) {
      best = std::min(best, point_segment_distance(p, {pts[i], pts[(i + 1) % pts.size()]}));
    }
    return best;
  }
  if (const LinearFeature* f = linear(s, id)) {
    return distance(p, nearest_on_path(f->path, p));
  }
  return std::nullopt;
}

std::optional<Vec2> feature_goal(const Scenario& s, const std::string& id, Vec2 from) {
  if (id.empty()) return std::nullopt;
  if (const Objective* o = objective(s, id)) return o->position;
  if (const AreaFeature* f = area(s, id)) {
    if (f->shape.contains(from)) return from;
    std::vector<Vec2> ring = f->shape.points;
    if (!ring.empty()) ring.push_back(ring.front());
    return nearest_on_path(ring, from);
  }
  if (const LinearFeature* f = linear(s, id)) return nearest_on_path(f->path, from);
  return std::nullopt;
}

double edge_distance(const Table& t, Edge e, Vec2 p) {
  switch (e) {
    case Edge::kSouth:
      return p.y;
    case Edge::kNorth:
      return t.height() - p.y;
    case Edge::kWest:
      return p.x;
    case Edge::kEast:
      return t.width() - p.x;
  }
  return p.y;
}

std::vector<UnitProblem> check_scenario_order(const Unit& unit, const Scenario& s) {
  std::vector<UnitProblem> out;
  const std::string kind_text = attribute_text(unit, kOrderKey);
  const std::string feature = attribute_text(unit, kOrderFeatureKey);
  const std::optional<OrderKind> kind = parse_order_kind(kind_text);
  const std::string key(kOrderKey);
  const std::string feature_key(kOrderFeatureKey);
  if (!feature.empty()) {
    if (!feature_known(s, feature)) {
      const std::vector<std::string> ids = feature_ids(s);
      std::string known;
      for (std::size_t i = 0; i < ids.size(); ++i) known += (i ? "|" : "") + ids[i];
      out.push_back(
          {feature_key, fmt::format("{}: expected the id of an objective or terrain feature ({}), "
                                    "found '{}'",
                                    kOrderFeatureKey,
                                    known.empty() ? "the scenario has none" : known, feature)});
      return out;
    }
    if (!kind || *kind == OrderKind::kGeneralAdvance) {
      out.push_back(
          {feature_key, fmt::format("{}: only an assault, hold or withdrawal order names a feature "
                                    "(§2.41); found order = '{}'",
                                    kOrderFeatureKey, kind_text)});
      return out;
    }
  }
  if (kind == OrderKind::kAssault && feature.empty()) {
    out.push_back({key, fmt::format("{}: an assault names the feature to charge and secure "
                                    "(§2.41b); expected {} too",
                                    kOrderKey, kOrderFeatureKey)});
  }
  if (kind == OrderKind::kWithdrawal && !feature.empty() && unit.side >= 0 &&
      static_cast<std::size_t>(unit.side) < s.force.sides.size()) {
    const Edge home = s.force.sides[static_cast<std::size_t>(unit.side)].home_edge;
    const Vec2 here = unit.footprint().centre;
    const std::optional<Vec2> goal = feature_goal(s, feature, here);
    if (goal && edge_distance(s.table, home, *goal) >= edge_distance(s.table, home, here)) {
      out.push_back(
          {feature_key, fmt::format("{}: a withdrawal goes to a feature closer to the side's home "
                                    "edge ({}) than the unit is (§2.41d); '{}' is not",
                                    kOrderFeatureKey, edge_name(home), feature)});
    }
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
