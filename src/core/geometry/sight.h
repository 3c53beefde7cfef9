// Line of sight between footprints against terrain and other stands (common.md §3.5).
#pragma once

#include <cstdint>
#include <vector>

#include "core/geometry/shapes.h"
#include "core/table/table.h"

namespace smoothbore {

enum class Sight {
  kClear,
  kPartiallyBlockedByFriend,  // some sight lines pass only through the observer's friends
  kPartiallyBlockedByEnemy,   // some sight lines blocked, by the target's side only
  kBlocked,                   // no sight line is clear
};
const char* sight_name(Sight s);

struct RectFrame;

struct Blocker {
  Rect rect;
  bool friendly = false;  // a friend of the observer
  // rect's frame, when the caller keeps one (its axes then need no sine and cosine);
  // must outlive the sight query.
  const RectFrame* frame = nullptr;
};

// Samples sight lines from points along the observer's front edge to points of the
// target (corners, edge midpoints and centre). A line is blocked by terrain
// (Table::terrain_blocks_sight with `see_into`) or by crossing a blocker's footprint.
// The observer and target themselves must not be in `blockers`.
// 5 points along the front edge × 9 target points = 45 lines; a blocker must be entered,
// not merely touched. kClear: no line blocked; kBlocked: all blocked; otherwise
// kPartiallyBlockedByFriend if some blocked line is blocked by friends alone (no terrain,
// no enemy on it), else kPartiallyBlockedByEnemy (also when only terrain hides part).
Sight line_of_sight(const Table& table, const Rect& observer, const Rect& target,
                    const std::vector<Blocker>& blockers, double see_into = 0);
// The same with the see-into distance chosen per area feature (Table::SeeIntoFn).
Sight line_of_sight(const Table& table, const Rect& observer, const Rect& target,
                    const std::vector<Blocker>& blockers, const SeeIntoFn& see_into);

// Whether line_of_sight(table, observer, target, {}, see_into) is kBlocked: terrain blocks
// every one of its lines. It stops at the first line terrain leaves clear; for callers that
// need only "hidden by terrain or not" (fire-and-discipline's musketry targets).
bool terrain_hides(const Table& table, const Rect& observer, const Rect& target,
                   const SeeIntoFn& see_into);

// Whether line_of_sight() over a bare table (no terrain) would not say kBlocked: some of its
// 45 lines enters no blocker. It stops at the first clear line, where line_of_sight() tries
// every line to grade a partial view; for callers that need only "seen or not" past figures.
bool any_sight_line_clear(const Rect& observer, const Rect& target,
                          const std::vector<Blocker>& blockers);

// Whether line_of_sight(table, observer, target, blockers, see_into) is kClear or
// kPartiallyBlockedByEnemy (the same answer): some line is clear and none is blocked by
// friends alone. It skips the blockers that no line can enter, and stops at the first
// line blocked by friends alone, or at the first clear line when no friend is near; for
// callers that need only "seen past friends or not" (the AI asks it of every pair).
bool seen_past_friends(const Table& table, const Rect& observer, const Rect& target,
                       const std::vector<Blocker>& blockers, double see_into = 0);
// The same for footprints whose frames the caller keeps (no sine and cosine per question).
bool seen_past_friends(const Table& table, const RectFrame& observer, const RectFrame& target,
                       const std::vector<Blocker>& blockers, double see_into = 0);

// Whether `blocker` surely enters each of the 45 sight lines between the two footprints (as
// line_of_sight tests a line: the blocker shrunk by a micron, an edge crossed or an end
// inside). A sufficient test, deciding only with a thousandth of a millimetre to spare:
// false says nothing. seen_past_friends asks it of each enemy before tracing any line: an
// enemy across every line hides the target, whatever else stands or grows between.
bool enters_every_sight_line(const RectFrame& observer, const RectFrame& target,
                             const Blocker& blocker);

// Whether `blocker` surely enters none of the 45 sight lines between the two footprints (its
// corners all lie beside each line, two thousandths of a millimetre or more off). A
// sufficient test: false says nothing. seen_past_friends leaves such friends out once it has
// found a clear line (from then on only the lines friends block matter).
bool beside_every_sight_line(const RectFrame& observer, const RectFrame& target,
                             const Blocker& blocker);

// Whether terrain blocks each of the 45 sight lines between two footprints, as far as asked:
// bit 9 i + j stands for the line from the observer's front-edge point i to the target's
// point j (known: worked out; blocked: terrain blocks it). Terrain's verdict on a line is a
// pure function of the two footprints, the table and the see-into distance, so a caller may
// keep one memo for a pair while neither footprint changes (bit for bit) and hand it to each
// question about them: the stands between may move, the terrain is not traced again.
struct SightTerrainMemo {
  std::uint64_t known = 0;
  std::uint64_t blocked = 0;
};
// seen_past_friends() reading and filling `memo` (kept for these two footprints, this
// table and this see_into only); the same answer.
bool seen_past_friends(const Table& table, const RectFrame& observer, const RectFrame& target,
                       const std::vector<Blocker>& blockers, double see_into,
                       SightTerrainMemo* memo);

}  // namespace smoothbore
