// Sampled line of sight (common.md §3.5).
//
// Sight lines run from 5 points evenly spaced along the observer's front edge (both
// corners, the quarter points and the centre) to 9 points of the target (centre, corners,
// edge midpoints): 45 lines. A line is blocked when terrain blocks it
// (Table::terrain_blocks_sight with `see_into`) or when it passes into a blocker's
// footprint: it crosses one of the blocker's edges or starts or ends inside it. Blockers
// are shrunk by a micron first, so a stand merely touching the line (a neighbour in the
// same line, whose corner the observer's front corner touches) does not block.
//
// Verdict: kClear if no line is blocked, kBlocked if every line is. Otherwise the target
// is partially blocked: "by friend" if some blocked line is blocked by friendly blockers
// alone (neither terrain nor an enemy also blocks it), else "by enemy". A target only
// partly hidden by terrain is therefore reported as kPartiallyBlockedByEnemy, which is
// what 000 needs: only friends in the way forbid a target (§3.5).
#include "core/geometry/sight.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "core/geometry/rect_frame.h"
#include "core/geometry/rect_points.h"

namespace smoothbore {

namespace {

constexpr double kShrink = 1e-3;  // mm

// A blocker's shrunk footprint with its axes, corners and bounds worked out once per
// line_of_sight call (each is tested against 45 lines; sin/cos per test was the cost).
struct Prepared {
  Vec2 centre, fwd, rgt;
  double half_w, half_d;
  std::array<Vec2, 4> corners;
  Box box;
  bool friendly;

  explicit Prepared(const Blocker& b) : friendly(b.friendly) {
    Rect r = b.rect;
    r.width = std::max(r.width - 2 * kShrink, 0.0);
    r.depth = std::max(r.depth - 2 * kShrink, 0.0);
    centre = r.centre;
    // The shrunk footprint faces as the blocker does: its kept axes are r's, bit for bit.
    fwd = b.frame != nullptr ? b.frame->f : r.forward();
    rgt = b.frame != nullptr ? b.frame->r : r.right();
    half_w = r.width / 2;
    half_d = r.depth / 2;
    const Vec2 f = fwd * half_d, g = rgt * half_w;
    corners = {centre + f - g, centre + f + g, centre - f + g, centre - f - g};
    box = {corners[0], corners[0]};
    for (Vec2 c : corners) {
      box.min = {std::min(box.min.x, c.x), std::min(box.min.y, c.y)};
      box.max = {std::max(box.max.x, c.x), std::max(box.max.y, c.y)};
    }
  }
  bool contains(Vec2 p) const {
    const Vec2 d = p - centre;
    return std::fabs(d.dot(rgt)) <= half_w + 1e-9 && std::fabs(d.dot(fwd)) <= half_d + 1e-9;
  }
};

// The prepared blockers of one sight query, in a per-thread scratch (emptied here): the AI
// asks about every pair of units in reach, and needs no allocation per question.
std::vector<Prepared>& prepared_scratch() {
  thread_local std::vector<Prepared> prepared;
  prepared.clear();
  return prepared;
}

bool crosses_an_edge(const Prepared& b, const Segment& line) {
  for (int i = 0; i < 4; ++i) {
    if (segments_intersect(line, {b.corners[i], b.corners[(i + 1) % 4]})) return true;
  }
  return false;
}

// A sight line with its box and its direction of unit length (none when it has no length).
struct SightLine {
  Segment s;
  Box box;
  Vec2 dir;
  bool has_dir = false;
};

SightLine sight_line(Vec2 from, Vec2 to) {
  SightLine l;
  l.s = {from, to};
  l.box = {{std::min(from.x, to.x), std::min(from.y, to.y)},
           {std::max(from.x, to.x), std::max(from.y, to.y)}};
  const double len = distance(from, to);
  if (len > 0) {
    l.dir = (to - from) * (1.0 / len);
    l.has_dir = true;
  }
  return l;
}

// Whether every corner of `b` lies more than kBesideLine mm on one side of the line
// through `l`: then the line neither starts nor ends inside `b` (its slack is 1e-9 mm) nor
// crosses or touches an edge (segments_intersect sees every corner strictly on one side),
// so crosses_an_edge would say false. Most lines whose box meets a blocker's pass beside it
// (as table.cc's box_clear_of_line for terrain).
constexpr double kBesideLine = 1e-3;  // mm, far above rounding on a table
bool clear_of_line(const Prepared& b, const SightLine& l) {
  return l.has_dir && beside_line(b.corners, l.s.a, l.dir, kBesideLine);
}

// Whether the line passes into `b`: starts or ends inside it, or crosses one of its edges.
// A line clear of `b` (clear_of_line) neither starts nor ends in it, so that test comes
// first: most lines whose box meets a blocker's pass beside it.
bool line_enters(const Prepared& b, const SightLine& l) {
  if (!l.box.intersects(b.box)) return false;
  if (clear_of_line(b, l)) return false;
  if (b.contains(l.s.a) || b.contains(l.s.b)) return true;
  return crosses_an_edge(b, l.s);
}

// The ends of the 45 sight lines (5 along the observer's front edge, the target's nine
// points), the box every line lies in, the terrain near it and each end's level. Levels
// matter only to hills (Table::terrain_blocks_sight): with no hill near, they are left 0
// and not looked up (each is a point-in-polygon test of every area there).
struct SightEnds {
  std::array<Vec2, 5> from{};
  std::array<Vec2, 9> to{};
  Box all{};
  // In a per-thread scratch (no vectors per query): valid until the next sight_ends, and
  // no caller asks for a second one while it uses the first.
  const Table::SightCandidates& terrain;
  std::array<int, 5> from_level{};
  std::array<int, 9> to_level{};
};

// The lines' ends and their box alone (no terrain looked up).
struct LineEnds {
  std::array<Vec2, 5> from{};
  std::array<Vec2, 9> to{};
  Box all{};
};

LineEnds line_ends(const RectFrame& observer, const RectFrame& target) {
  LineEnds e;
  // As observer.rect.front_edge() and nine_points(target.rect), whose corners are a frame's.
  const Segment front{observer.corners[0], observer.corners[1]};
  e.to = nine_points(target);
  for (int i = 0; i <= 4; ++i)
    e.from[static_cast<std::size_t>(i)] = front.a + (front.b - front.a) * (i / 4.0);
  e.all = Box{e.from[0], e.from[0]};
  auto cover = [&e](Vec2 p) {
    e.all.min = {std::min(e.all.min.x, p.x), std::min(e.all.min.y, p.y)};
    e.all.max = {std::max(e.all.max.x, p.x), std::max(e.all.max.y, p.y)};
  };
  for (const Vec2 p : e.from) cover(p);
  for (const Vec2 p : e.to) cover(p);
  return e;
}

SightEnds sight_ends(const Table& table, const LineEnds& ends) {
  thread_local Table::SightCandidates near;
  SightEnds e{.from = ends.from, .to = ends.to, .all = ends.all, .terrain = near};
  table.sight_candidates(e.all, &near);
  if (near.hills) {
    for (std::size_t i = 0; i < e.from.size(); ++i) e.from_level[i] = table.elevation_at(e.from[i]);
    for (std::size_t j = 0; j < e.to.size(); ++j) e.to_level[j] = table.elevation_at(e.to[j]);
  }
  return e;
}

SightEnds sight_ends(const Table& table, const RectFrame& observer, const RectFrame& target) {
  return sight_ends(table, line_ends(observer, target));
}

// Whether line_enters(b, line) is surely true for each of the 45 lines between `e`: one edge
// of `b` that every line crosses properly, both ends of the line more than kSure mm on either
// side of the edge's line and both ends of the edge more than kSure mm on either side of the
// sight line. Then the line's box meets b's (they share the crossing point), b's corners are
// not all on one side of the line (clear_of_line is false), and segments_intersect finds the
// crossing on its first test (its four orientations keep their signs: kSure is far above
// rounding), so line_enters says true. A sufficient test only: false says nothing.
//
// Eight lines decide for the 45. A point's side of the edge's line is affine in the point, so
// the lines' ends lie clearly on either side when the front edge's ends and the target's
// corners do (the other ends lie between them). A corner's orientation against the line from
// f to t, (t - f) x (c - f), is affine in f for a fixed t and in t for a fixed f, so over the
// front edge and the target's footprint it is least at an end of the edge and a corner of
// the target: the eight lines between them bound it for every line, against the longest
// line's length (no line is longer than its box's diagonal). They are tried in an order that
// makes a blocker beside the line of sight fail on the first line or two.
constexpr double kSure = 1e-3;  // mm, as kBesideLine
constexpr std::array<std::pair<std::size_t, std::size_t>, 8> kExtremeLines{
    {{0, 1}, {4, 3}, {0, 3}, {4, 1}, {0, 2}, {4, 4}, {0, 4}, {4, 2}}};

bool enters_every_line(const Prepared& b, const LineEnds& e) {
  auto orient = [](Vec2 a, Vec2 c, Vec2 p) { return (c - a).cross(p - a); };
  const Vec2 span = e.all.max - e.all.min;
  const double limit = kSure * kSure * span.dot(span);  // (kSure x the longest line)^2
  unsigned edges = 0xF;  // bit k: edge k (corners k, k + 1), crossed by every line so far
  for (const auto& [i, j] : kExtremeLines) {
    const Vec2 f = e.from[i], t = e.to[j];
    std::array<double, 4> o{};
    for (std::size_t k = 0; k < 4; ++k) o[k] = orient(f, t, b.corners[k]);
    unsigned crossing = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      const double d3 = o[k], d4 = o[(k + 1) % 4];
      if (d3 * d4 < 0 && d3 * d3 > limit && d4 * d4 > limit) crossing |= 1u << k;
    }
    edges &= crossing;
    if (edges == 0) return false;
  }
  // Orientation against the edge is its length times the distance from its line.
  for (std::size_t k = 0; k < 4; ++k) {
    if ((edges >> k & 1u) == 0) continue;
    const Vec2 a = b.corners[k], c = b.corners[(k + 1) % 4];
    const double margin = kSure * (k % 2 == 0 ? 2 * b.half_w : 2 * b.half_d);
    const double side = orient(a, c, e.from[0]) > 0 ? 1.0 : -1.0;
    auto clearly = [&](Vec2 p, double s) { return s * orient(a, c, p) > margin; };
    if (clearly(e.from[0], side) && clearly(e.from[4], side) && clearly(e.to[1], -side) &&
        clearly(e.to[2], -side) && clearly(e.to[3], -side) && clearly(e.to[4], -side)) {
      return true;
    }
  }
  return false;
}

// Whether line_enters(b, line) is surely false for each of the 45 lines between `e`: b's
// corners lie more than 2 kSure mm on one and the same side of every line, so clear_of_line
// finds them beside it (its margin is kSure). As in enters_every_line, a corner's orientation
// against the line is affine in each end, so the eight lines from the front edge's ends to
// the target's corners bound it for all 45, against the longest line's length.
bool beside_every_line(const Prepared& b, const LineEnds& e) {
  auto orient = [](Vec2 a, Vec2 c, Vec2 p) { return (c - a).cross(p - a); };
  const Vec2 span = e.all.max - e.all.min;
  const double margin = 2 * kSure * std::sqrt(span.dot(span));
  const double side = orient(e.from[0], e.to[1], b.corners[0]) > 0 ? 1.0 : -1.0;
  for (const auto& [i, j] : kExtremeLines) {
    const Vec2 f = e.from[i], t = e.to[j];
    for (const Vec2 c : b.corners) {
      if (!(side * orient(f, t, c) > margin)) return false;
    }
  }
  return true;
}

}  // namespace

const char* sight_name(Sight s) {
  switch (s) {
    case Sight::kClear:
      return "clear";
    case Sight::kPartiallyBlockedByFriend:
      return "partially blocked by friend";
    case Sight::kPartiallyBlockedByEnemy:
      return "partially blocked by enemy";
    case Sight::kBlocked:
      return "blocked";
  }
  return "unknown";
}

Sight line_of_sight(const Table& table, const Rect& observer, const Rect& target,
                    const std::vector<Blocker>& blockers, double see_into) {
  return line_of_sight(table, observer, target, blockers,
                       [see_into](const AreaFeature&) { return see_into; });
}

Sight line_of_sight(const Table& table, const Rect& observer, const Rect& target,
                    const std::vector<Blocker>& blockers, const SeeIntoFn& see_into) {
  std::vector<Prepared>& prepared = prepared_scratch();
  for (const Blocker& b : blockers) prepared.emplace_back(b);
  // Every line lies in the box of its ends: the terrain near them is found once, and each
  // end's level once, not per line.
  const SightEnds ends = sight_ends(table, RectFrame(observer), RectFrame(target));
  const auto& [from, to, all, terrain, from_level, to_level] = ends;
  int blocked = 0;
  int total = 0;
  bool friend_only = false;
  for (std::size_t i = 0; i < from.size(); ++i) {
    for (std::size_t j = 0; j < to.size(); ++j) {
      ++total;
      const SightLine line = sight_line(from[i], to[j]);
      bool by_friend = false;
      bool by_enemy = false;
      for (const Prepared& b : prepared) {
        if ((b.friendly ? by_friend : by_enemy) || !line_enters(b, line)) continue;
        (b.friendly ? by_friend : by_enemy) = true;
      }
      // Terrain matters only to a line no enemy blocks: for the count when nothing else
      // blocks it, for "by friends alone" when friends do (see_into is a pure function).
      auto by_terrain = [&] {
        return table.terrain_blocks_sight(from[i], to[j], from_level[i], to_level[j], terrain,
                                          see_into);
      };
      if (by_enemy) {
        ++blocked;
      } else if (by_friend) {
        ++blocked;
        if (!friend_only && !by_terrain()) friend_only = true;
      } else if (by_terrain()) {
        ++blocked;
      }
    }
  }
  if (blocked == 0) return Sight::kClear;
  if (blocked == total) return Sight::kBlocked;
  return friend_only ? Sight::kPartiallyBlockedByFriend : Sight::kPartiallyBlockedByEnemy;
}

bool enters_every_sight_line(const RectFrame& observer, const RectFrame& target,
                             const Blocker& blocker) {
  return enters_every_line(Prepared(blocker), line_ends(observer, target));
}

bool beside_every_sight_line(const RectFrame& observer, const RectFrame& target,
                             const Blocker& blocker) {
  return beside_every_line(Prepared(blocker), line_ends(observer, target));
}

bool terrain_hides(const Table& table, const Rect& observer, const Rect& target,
                   const SeeIntoFn& see_into) {
  const SightEnds ends = sight_ends(table, RectFrame(observer), RectFrame(target));
  const auto& [from, to, all, terrain, from_level, to_level] = ends;
  for (std::size_t i = 0; i < from.size(); ++i) {
    for (std::size_t j = 0; j < to.size(); ++j) {
      if (!table.terrain_blocks_sight(from[i], to[j], from_level[i], to_level[j], terrain,
                                      see_into)) {
        return false;
      }
    }
  }
  return !from.empty() && !to.empty();  // no line at all: kClear
}

bool any_sight_line_clear(const Rect& observer, const Rect& target,
                          const std::vector<Blocker>& blockers) {
  const Segment front = observer.front_edge();
  const std::array<Vec2, 9> to = nine_points(target);
  std::vector<Prepared>& prepared = prepared_scratch();
  for (const Blocker& b : blockers) prepared.emplace_back(b);
  for (int i = 0; i <= 4; ++i) {
    const Vec2 from = front.a + (front.b - front.a) * (i / 4.0);
    for (Vec2 p : to) {
      const SightLine line = sight_line(from, p);
      if (std::none_of(prepared.begin(), prepared.end(),
                       [&](const Prepared& b) { return line_enters(b, line); })) {
        return true;
      }
    }
  }
  return false;
}

bool seen_past_friends(const Table& table, const Rect& observer, const Rect& target,
                       const std::vector<Blocker>& blockers, double see_into) {
  return seen_past_friends(table, RectFrame(observer), RectFrame(target), blockers, see_into);
}

bool seen_past_friends(const Table& table, const RectFrame& observer, const RectFrame& target,
                       const std::vector<Blocker>& blockers, double see_into) {
  return seen_past_friends(table, observer, target, blockers, see_into, nullptr);
}

bool seen_past_friends(const Table& table, const RectFrame& observer, const RectFrame& target,
                       const std::vector<Blocker>& blockers, double see_into,
                       SightTerrainMemo* memo) {
  const LineEnds line_ends_only = line_ends(observer, target);
  // Every line lies in `all`: a blocker whose box misses it enters no line (line_enters
  // would reject it on the boxes alone). Friends and enemies are kept apart (each in the
  // order given): whether a line is blocked by friends, by enemies or both does not depend
  // on the order its blockers are tried in.
  std::vector<Prepared>& prepared = prepared_scratch();
  std::size_t first_enemy = 0;
  for (const bool friendly : {true, false}) {
    for (const Blocker& b : blockers) {
      if (b.friendly != friendly) continue;
      Prepared p(b);
      if (p.box.intersects(line_ends_only.all)) prepared.push_back(p);
    }
    if (friendly) first_enemy = prepared.size();
  }
  std::span<const Prepared> friends(prepared.data(), first_enemy);
  const std::span<const Prepared> enemies(prepared.data() + first_enemy,
                                          prepared.size() - first_enemy);
  // A line an enemy enters is neither clear nor blocked by friends alone: an enemy across
  // every line (a target behind the enemy's first line) hides the target whatever else
  // stands or grows there, and the loop below would find each line blocked by it and ask
  // no terrain (the memo is left as it would leave it). Issue 9: of fast-1805's sight
  // questions a sixth traced all 45 lines to find none clear.
  for (const Prepared& b : enemies) {
    if (enters_every_line(b, line_ends_only)) return false;
  }
  const SightEnds ends = sight_ends(table, line_ends_only);
  const auto& [from, to, all, terrain, from_level, to_level] = ends;
  auto enters_any = [](std::span<const Prepared> bs, const SightLine& line) {
    for (const Prepared& b : bs) {
      if (line_enters(b, line)) return true;
    }
    return false;
  };
  const SeeIntoFn into = [see_into](const AreaFeature&) { return see_into; };
  bool clear = false;
  for (std::size_t i = 0; i < from.size(); ++i) {
    for (std::size_t j = 0; j < to.size(); ++j) {
      // With no blocker near, a line is not worked out (its length is a square root).
      const SightLine line = prepared.empty() ? SightLine{} : sight_line(from[i], to[j]);
      // A line an enemy blocks can be neither clear nor blocked by friends alone; once a
      // clear line is found only the lines friends block still matter, so friends are
      // tried first then (and enemies first before).
      bool by_friend = false;
      if (clear) {
        if (!enters_any(friends, line) || enters_any(enemies, line)) continue;
        by_friend = true;
      } else {
        if (enters_any(enemies, line)) continue;
        by_friend = enters_any(friends, line);
      }
      const std::uint64_t bit = std::uint64_t{1} << (i * to.size() + j);
      bool by_terrain = false;
      if (memo != nullptr && (memo->known & bit) != 0) {
        by_terrain = (memo->blocked & bit) != 0;
      } else {
        by_terrain =
            table.terrain_blocks_sight(from[i], to[j], from_level[i], to_level[j], terrain, into);
        if (memo != nullptr) {
          memo->known |= bit;
          if (by_terrain) memo->blocked |= bit;
        }
      }
      if (by_friend) {
        if (!by_terrain) return false;
      } else if (!by_terrain) {
        clear = true;
        // From here on only the lines friends block matter, and a friend beside every line
        // blocks none: those left out (the order of the friends changes no answer), a
        // question with no friend left stops here instead of weighing every line.
        const auto near_end = std::partition(
            prepared.begin(), prepared.begin() + static_cast<long>(first_enemy),
            [&](const Prepared& b) { return !beside_every_line(b, line_ends_only); });
        friends = {prepared.data(), static_cast<std::size_t>(near_end - prepared.begin())};
        if (friends.empty()) return true;
      }
    }
  }
  return clear;
}

}  // namespace smoothbore
