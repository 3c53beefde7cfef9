// Kill zones (000.md §7.2, §8.3-§8.4): which enemy stands a unit may fire on, which of its
// stands count dice, and the first stand a gun section's zone meets. Geometry comes from
// core/geometry (corridor, corridor_distance, overlaps, line_of_sight) and the table
// (elevation_at, terrain); distances returned are in yards (FD-01), measured per FD-36.
#pragma once

#include <optional>
#include <vector>

#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

struct StandRef {
  int unit = -1;
  int stand = -1;
  friend bool operator==(const StandRef&, const StandRef&) = default;
};

// FD-36: the distance (mm) along the corridor of `front` to the nearest point of
// `target` inside it, or -1 when no area of the target lies in the corridor out to
// `range_mm` (a stand only touching its side is outside; one whose nearest point is
// exactly at the end is inside).
double kill_zone_distance(const Rect& front, const Rect& target, double range_mm);
// The same, bit for bit, with the frames of the zone (`corridor(front, range_mm + 1)`) and
// of the target worked out once by the caller (no sines per stand of a path).
double kill_zone_distance(const Rect& front, const RectFrame& zone, const RectFrame& target,
                          double range_mm);

// The features a target may stand in and still be fired on (fd_woods_see_into_yd): the
// §6.9 "Heavy Woods" and "Lgt Woods or Rough" classes.
bool woods_or_rough(TerrainClass c);

// Whether a unit's stands are open-order skirmishers (infantry half-stands in open order,
// dismounted dragoons): they fire through 360° (§7.25) and only skirmish fire (FD-04).
bool is_skirmisher(const FdState& s, int unit);

// The unit-wide kill zone of a formed unit (§7.2, §7.22): the corridor from the outer ends
// of its front-rank end stands' front edges, straight ahead for `range_yd`; it cannot be
// angled. The front rank is the stands whose front edges lie furthest forward (in column,
// the leading stand). An empty Rect (width 0) when the unit has no stand left.
Rect unit_kill_zone(const FdState& s, int unit, double range_yd);

// The stands of `unit` that count a die against `target` (FD-35). Formed units: the
// front-rank stands whose own forward view (their corridor out to the target's range) is
// not blocked by a friendly stand of another unit, provided the target is inside the
// unit-wide zone (else none); column: only the leading stand, or every stand under
// fd_35 column_dice = "all". Skirmishers: every stand with a line of fire to the target
// not crossed by friends (360°; range is not checked here). Minimum-one-die is the
// caller's (§7.3).
std::vector<StandRef> firing_stands(const FdState& s, int unit, const StandRef& target);

struct MusketTarget {
  StandRef target;
  double range_yd = 0;    // FD-36
  int dice_stands = 0;    // firing_stands() (skirmishers: those within range)
  bool skirmish = false;  // skirmish fire only (FD-04)
};

// Every enemy stand `unit` may fire on out to `max_range_yd` (FD-37: the firer chooses),
// nearest first. Formed units: stands inside the unit-wide zone, range along the corridor
// from the front edge to the target's nearest point inside it (FD-36); a target is
// excluded when a friendly stand lies partly or wholly between the firer's front and it
// inside the zone and overlaps it across the zone (§7.23) — enemy stands and terrain
// only partly in the way do not exclude (§7.24), terrain hiding it entirely does (a stand
// in a wood is seen, and sees out, through fd_woods_see_into_yd of it).
// Skirmishers: 360° (§7.25), range edge to edge from the nearest stand. Never: removed
// stands, stands of surrendered or off-table units, stands in contact with friendly
// stands (FD-63). None when the firer is artillery, a wagon, mounted cavalry or dragoons
// (§7.1), or engaged in melee (FD-63, unless fd_63_engaged_may_fire).
// With `first_only`, at most the first target found (not the nearest): whether there is one.
std::vector<MusketTarget> musketry_targets(const FdState& s, int unit, double max_range_yd,
                                           bool first_only = false);

// (Named GunTarget, not ArtilleryTarget: fire_tables.h has `enum class ArtilleryTarget`.)
struct GunTarget {
  StandRef target;
  double range_yd = 0;  // FD-36, along the gun stand's own-width corridor
};

// The gun section's maximum range in yards (fire_tables gun_max_range of its pdr row;
// howitzers use fd_howitzer_pdr, R-000-6), 400 at most for unlimbered guns on a slope facing
// downhill (6.73).
double gun_range_yd(const FdState& s, int unit);

// The first stand the unlimbered section's own-width corridor meets out to its maximum
// range (§6.3, FD-37), or nullopt when the first thing met is a friendly stand, a blocking
// feature (building, hill, woods, rough) or nothing. The wood or rough a target stands in
// does not block it when the corridor runs at most fd_woods_see_into_yd through it before
// the target (§6.9 "Target is in Lgt Woods or Rough"; features between still block).
// Elevation (§6.7, elevation.h): stands lower than the guns are ignored as blockers when
// the target is lower too (6.71); a feature blocks only if it is not below both the guns
// and the target (6.75), and a hill only stands higher than both; guns on a slope facing
// uphill target only the slope and higher ground within 60 yd of its edge (6.72), facing
// downhill they reach 400 yd (6.73, gun_range_yd); guns and targets on a hilltop fire at /
// are fired on from lower ground only within 60 yd of its edge (6.74). Features the gun
// stands in do not block it.
std::optional<GunTarget> artillery_target(const FdState& s, int unit);

// Optional §6.35 Extended Kill Zone: every stand in the path, friend or foe, nearest
// first, out to maximum range or the first blocking feature (features still block).
std::vector<GunTarget> extended_kill_zone_targets(const FdState& s, int unit);

// FD-15 shell (howitzers, §6.21 L354): every enemy stand in the section's corridor that
// terrain and objective zones do not hide (as artillery_target, elevation included); stands
// in the path, friend or foe, do not block high-angle fire and the "first target only" rule
// (§6.34) does not apply. Nearest first; an objective zone's occupants by the stand nearest
// the guns (FD-49), each once.
std::vector<GunTarget> shell_targets(const FdState& s, int unit);

// The stands one shot of the section is rolled against: its first target (artillery_target,
// FD-37), or with fd_opt_extended_kill_zone (§6.35) every stand of extended_kill_zone_targets
// provided one of them is an enemy stand (the gunners fire at the enemy; friends in the path
// are rolled for too). Nearest first; empty when the section has nothing to fire at.
std::vector<GunTarget> gun_shot_targets(const FdState& s, int unit);

}  // namespace smoothbore::fire_and_discipline
