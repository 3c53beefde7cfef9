#include "rules/fire_and_discipline/local_memo.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>
#include <optional>

#include "core/geometry/same_bits.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/movement_detail.h"
#include "rules/fire_and_discipline/stand_grid.h"

namespace smoothbore::fire_and_discipline {

namespace {

void put(std::vector<std::uint64_t>& out, double x) {
  out.push_back(std::bit_cast<std::uint64_t>(x));
}
void put(std::vector<std::uint64_t>& out, const Rect& r) {
  const std::size_t n = out.size();
  out.resize(n + 5);
  std::uint64_t* at = out.data() + n;
  at[0] = std::bit_cast<std::uint64_t>(r.centre.x);
  at[1] = std::bit_cast<std::uint64_t>(r.centre.y);
  at[2] = std::bit_cast<std::uint64_t>(r.facing);
  at[3] = std::bit_cast<std::uint64_t>(r.width);
  at[4] = std::bit_cast<std::uint64_t>(r.depth);
}

}  // namespace

double local_beyond(const FdState& s, int unit, LocalKind kind) {
  if (kind == LocalKind::kProbe) {
    return 2 * half_diagonal(s.stands_on_table.footprint(s.force, unit)) + s.mm(kProbeYd);
  }
  return s.mm(rate_yd(s, unit, Rate::kTactical).value_or(0.0));
}

double local_reach(const FdState& s, int unit, LocalKind kind) {
  const Unit& u = s.force.units[static_cast<std::size_t>(unit)];
  const Vec2 c = s.stands_on_table.footprint(s.force, unit).centre;
  // ρ0 bounded from above without the corners' sines: no corner of a stand lies farther
  // from c than its centre and half its diagonal (a larger reach only lists more stands).
  double rho0 = 0;
  for (const Stand& stand : u.stands) {
    if (stand.removed) continue;
    rho0 = std::max(rho0, (stand.rect.centre - c).length() + half_diagonal(stand.rect));
  }
  return (rho0 + local_beyond(s, unit, kind) + s.mm(kStopShortYd)) * (1 + 1e-9) + 1.0;
}

bool local_own(const FdState& s, int unit, std::vector<std::uint64_t>& own) {
  own.clear();
  const Unit& u = s.force.units[static_cast<std::size_t>(unit)];
  if (movement_detail::limbered_guns(u)) return false;
  const UnitState& st = s.units[static_cast<std::size_t>(unit)];
  const std::optional<double> field = rate_yd(s, unit, Rate::kField);
  const std::optional<double> tactical = rate_yd(s, unit, Rate::kTactical);
  own.push_back(static_cast<std::uint64_t>(u.on_table()) |
                static_cast<std::uint64_t>(st.halted(s.turn)) << 1 |
                static_cast<std::uint64_t>(movement_detail::disordered(s, unit)) << 2 |
                static_cast<std::uint64_t>(st.guns_abandoned) << 3 |
                static_cast<std::uint64_t>(field.has_value()) << 4 |
                static_cast<std::uint64_t>(tactical.has_value()) << 5);
  own.push_back(static_cast<std::uint64_t>(static_cast<std::int64_t>(st.rating)));
  put(own, field.value_or(0.0));
  put(own, tactical.value_or(0.0));
  put(own, s.stands_on_table.footprint(s.force, unit));
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (u.stands[i].removed) continue;
    own.push_back(i);
    put(own, u.stands[i].rect);
  }
  return true;
}

void local_near(const FdState& s, int unit, LocalKind kind, std::vector<std::uint64_t>& near) {
  near.clear();
  const Vec2 c = s.stands_on_table.footprint(s.force, unit).centre;
  const double reach = local_reach(s, unit, kind);
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, unit);
  const double box = (reach + snap->max_radius) * (1 + 1e-9) + 1e-3;
  snap->grid.visit(c - Vec2{box, box}, c + Vec2{box, box}, [&](int k) {
    const StandEntry& o = snap->stands[static_cast<std::size_t>(k)];
    if (o.unit < 0 || o.unit == unit) return;
    const Vec2 d = o.rect.centre - c;
    const double within = reach + o.radius;
    if (d.dot(d) > within * within) return;
    near.push_back(static_cast<std::uint64_t>(o.unit) << 32 | static_cast<std::uint32_t>(o.stand));
    put(near, o.rect);
  });
}

bool local_holds(const FdState& s, int unit, LocalKind kind, LocalMemo& memo, bool* drop) {
  thread_local std::vector<std::uint64_t> own, near;
  *drop = false;
  if (movement_detail::limbered_guns(s.force.units[static_cast<std::size_t>(unit)])) return false;
  // A unit whose footprint moved is neither read nor listed (most units, while they
  // advance): only the footprint is noted, and nothing is kept that turn.
  const Rect fp = s.stands_on_table.footprint(s.force, unit);
  if (!memo.footprint_set || !same_bits(memo.footprint, fp)) {
    memo.footprint = fp;
    memo.footprint_set = true;
    memo.listed = false;
    *drop = true;
    return false;
  }
  local_own(s, unit, own);
  local_near(s, unit, kind, near);
  const std::string& formation = s.force.units[static_cast<std::size_t>(unit)].formation;
  if (!memo.listed || memo.own != own || memo.formation != formation || memo.near != near) {
    memo.own = own;  // copies: the buffers keep their room for the next unit
    memo.near = near;
    memo.formation = formation;
    memo.listed = true;
    *drop = true;
  }
  return true;
}

}  // namespace smoothbore::fire_and_discipline
