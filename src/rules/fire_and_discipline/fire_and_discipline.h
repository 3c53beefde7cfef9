// Fire and Discipline, "Dawn of Modern Warfare" supplement, the "Discipline" version
// (author and publisher not stated; shared/seeds/000_*.txt; digest shared/rules/000.md,
// cited by the rule's own section, "§6.9", by seed line, "L452", and by the digest's ids,
// "R-000-1", "FD-10").
//
// Summary of the rules. Horse-and-musket battles of about 1680-1745 (matchlock, firelock,
// flintlock, bows and pikes; no squares, no rifles). One casting is 10 men, a turn two
// minutes, distances are in yards (1" = 10 yd or 1 cm = 5 yd). A stand is a company, a
// cavalry troop or a gun section; a regiment is 2-10 stands in line or column under a
// regimental commander, and brigade commanders send orders by messenger. Each turn runs
// seven phases: administration (orders, commander-loss tests), artillery fire (a % chance
// per section by calibre and range, d100), volley musketry, platoon musketry (one d10
// per firing stand, hitting on the faces of the weapon/range table; skirmish fire rolls
// three d10 for 9s instead), declaration of charges, movement (charges first, Final
// Protective Fire), and melees (d10s per contacting stand on the weapon or cavalry-tactic
// table; the side taking more hits loses and tests morale). A unit has stands × morale
// rating shatter boxes; every hit removes a casting and marks a box, and a unit with every
// box marked is shattered. Morale: castings + rating + modifiers, d10 above it fails, and
// a second d10 halts, routs 100 yd, routs with a box, or surrenders. The text has no end
// conditions; FD-60 adds a turn limit, an army break and victory points.
//
// The Ruleset below holds the schema (options, unit types and attributes, stand layout,
// unit checks), the resolutions and odds, and start(), which returns the battle of
// fd_battle.h (the seven phases over FdState). The module map is the rule set's README.
#pragma once

#include "rules/ruleset.h"

namespace smoothbore::fire_and_discipline {

inline constexpr std::string_view kId = "fire-and-discipline";

// Stand sizes in yards at the default scale (§1.21, 15mm and 6mm basing: a basic stand
// 1½" × 1¼", a light-infantry half-stand ¾" × 1", a limber 1¼" × 1½"). The stands are
// physical bases, so their millimetres do not change with fd_01_table_scale.
inline constexpr double kStandWidthYd = 15.0;
inline constexpr double kStandDepthYd = 12.5;
inline constexpr double kHalfStandWidthYd = 7.5;
inline constexpr double kHalfStandDepthYd = 10.0;
inline constexpr double kLimberWidthYd = 12.5;  // a basic stand turned 90° (§1.23e)
inline constexpr double kLimberDepthYd = 15.0;
// Gap between open-order stands (not in the text: one basic frontage, well inside the
// 50 yd leash of §3.12).
inline constexpr double kOpenOrderGapYd = 15.0;
// Millimetres per yard used by layout() (which has no options): the default 1" = 10 yd.
inline constexpr double kLayoutMmPerYard = 2.54;

// Castings per basic stand when the `castings` attribute is 0 (§1.23a: 3-8 foot; §1.23c:
// 2-3 horse). A company of ~60 men is 6 castings; a troop of ~30 horse 3.
inline constexpr int kDefaultFootCastings = 6;
inline constexpr int kDefaultHorseCastings = 3;
// Crew castings per gun (§1.23d, §6.12) and guns in a section by default (§6.11).
inline constexpr int kCrewPerGun = 2;
inline constexpr int kDefaultGuns = 2;

const Ruleset& ruleset();

}  // namespace smoothbore::fire_and_discipline
