// The table: its size, terrain and elevation, and the terrain queries the rule sets ask
// (what is under a point, what a path crosses, what blocks a line of sight).
#pragma once

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/geometry/shapes.h"
#include "core/table/terrain.h"
#include "core/table/terrain_grid.h"

namespace smoothbore {

// What lies under one point of the table.
struct TerrainAt {
  std::vector<TerrainClass> classes;  // every feature covering the point (area or linear)
  int elevation = 0;
  bool has(TerrainClass c) const;
  bool open() const { return classes.empty(); }
};

inline constexpr double kImpassable = std::numeric_limits<double>::infinity();

// Cost per mm of moving through ground described by `at`; kImpassable forbids it.
using CostFn = std::function<double(const TerrainAt& at)>;

// How far (mm) an observer or target standing inside area feature `f` sees and is seen
// through it (Table::terrain_blocks_sight), per feature: a rule set may let stands be seen
// deeper into woods than into buildings.
using SeeIntoFn = std::function<double(const AreaFeature& f)>;

class Table {
 public:
  Table() = default;
  Table(double width, double height)
      : width_(width), height_(height), area_grid_(width, height), linear_grid_(width, height) {}

  static constexpr std::size_t kLinearRun = 8;  // segments a box of cut_params' (below)

  double width() const { return width_; }    // mm, x from 0 to width
  double height() const { return height_; }  // mm, y from 0 to height
  bool contains(const Rect& r) const;        // every corner on the table
  bool contains(Vec2 p) const;

  void add(AreaFeature f);
  void add(LinearFeature f);
  const std::vector<AreaFeature>& areas() const { return areas_; }
  const std::vector<LinearFeature>& linears() const { return linears_; }
  // Indices (into areas() / linears(), ascending) of the features whose bounding boxes
  // meet `box`: the candidates for any query confined to it.
  std::vector<int> areas_near(const Box& box) const;
  std::vector<int> linears_near(const Box& box) const;

  TerrainAt terrain_at(Vec2 p) const;
  int elevation_at(Vec2 p) const;  // highest elevation of the areas containing p; else 0
  // Whether every point of `r` is on ground with class `c` (tested at centre, corners
  // and edge midpoints) / whether any of those points is.
  bool all_in(const Rect& r, TerrainClass c) const;
  bool any_in(const Rect& r, TerrainClass c) const;

  // Cost of moving straight from a to b: the segment is cut where it enters or leaves a
  // feature, and each piece costs its length × cost(terrain at its midpoint)
  // (common.md §4.2, A2-23). kImpassable if any piece is impassable.
  double path_cost(Vec2 a, Vec2 b, const CostFn& cost) const;
  // The farthest distance (mm) along a→b reachable for at most `budget` cost, stopping at
  // the first impassable piece.
  double reachable(Vec2 a, Vec2 b, double budget, const CostFn& cost) const;
  // Whether the straight move a→b crosses a linear feature of class `c` (meets its
  // centre line; walking along its bank inside the band is not crossing).
  bool crosses(Vec2 a, Vec2 b, TerrainClass c) const;
  // Where a→b first meets the centre line of a linear feature of class `c`: the least
  // parameter in [0, 1] along it (where it crosses, or where it first touches or runs
  // along), or infinity if it meets none (crosses() is false).
  double first_crossing(Vec2 a, Vec2 b, TerrainClass c) const;

  // Whether terrain blocks sight from a to b: a sight-blocking area or linear feature
  // crossed strictly between the two points (an observer or target inside a wood sees and
  // is seen up to `see_into` mm of wood), or a hill higher than both ends in between.
  // Rules: a sight-blocking area blocks when more than 0.5 mm of the line lies inside it,
  // after discounting up to `see_into` mm at each end that stands inside that same area.
  // A kHill area of level e blocks (whatever its blocks_sight) when e is above
  // elevation_at of both ends and more than 0.5 mm of the line runs over it; so a hill
  // hides low ground from low ground, but an observer on its top (level e) sees low
  // ground beyond it. A sight-blocking linear feature blocks when the line crosses it more
  // than 0.5 mm from either end (troops lining a hedge see over it).
  bool terrain_blocks_sight(Vec2 a, Vec2 b, double see_into = 0) const;
  // The same with the see-into distance chosen per sight-blocking area feature.
  bool terrain_blocks_sight(Vec2 a, Vec2 b, const SeeIntoFn& see_into) const;

  // For many sight lines inside one box (line_of_sight traces 45 between two footprints):
  // the features that can block sight whose boxes meet `box`, found once, so that each
  // line tests only those instead of searching the grid again.
  struct SightCandidates {
    std::vector<int> areas;    // hills and sight-blocking areas, ascending
    std::vector<int> linears;  // sight-blocking linear features, ascending
    bool hills = false;        // whether `areas` holds a hill (the only reader of levels)
  };
  SightCandidates sight_candidates(const Box& box) const;
  // The same into `out` (emptied first), for callers that keep one (no vectors per query).
  void sight_candidates(const Box& box, SightCandidates* out) const;
  // As terrain_blocks_sight(a, b, see_into) (the same answer) for a segment inside the box
  // `near` was found for, with the ends' elevation_at given as `ea` and `eb` (read only
  // when `near.hills`: callers may pass 0 otherwise).
  bool terrain_blocks_sight(Vec2 a, Vec2 b, int ea, int eb, const SightCandidates& near,
                            const SeeIntoFn& see_into) const;

 private:
  // Parameters in [0, 1] where a→b enters or leaves a feature, with 0 and 1, sorted, for
  // path_cost and reachable (a per-thread scratch, valid until the next call).
  const std::vector<double>& cut_params(Vec2 a, Vec2 b) const;

  double width_ = 0;
  double height_ = 0;
  std::vector<AreaFeature> areas_;
  std::vector<LinearFeature> linears_;
  // Each linear feature's segments' boxes, kLinearRun segments to a box (cut_params skips
  // a run whose box misses the path's).
  std::vector<std::vector<Box>> linear_runs_;
  // Where the features are, so that a query tests only the features near it.
  TerrainGrid area_grid_;
  TerrainGrid linear_grid_;
};

}  // namespace smoothbore
