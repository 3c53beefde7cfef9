// group-orders' ScannedBoxes (scanned_boxes.h): a few units' filed boxes answered by a scan,
// as a battle of few units answers proximity. Against core's SpatialIndex, filed and
// re-filed the same way, on random boxes of two or three sides (ids filed out of order, some
// never): every query answers the index's ids, in its order, and query_others the same
// without the asking side; boxes that touch exactly on an edge meet, a hair apart do not.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/rect_make.h"
#include "core/table/spatial_index.h"
#include "rules/group_orders/scanned_boxes.h"

namespace smoothbore::group_orders {
namespace {

using testing_geometry::rect_of_box;

// A box in a 3 m square of coordinates on a 1 mm grid (so that edges often coincide).
Box random_box(std::mt19937& g) {
  std::uniform_int_distribution<int> at(0, 3000), size(0, 400);
  const Vec2 min{static_cast<double>(at(g)), static_cast<double>(at(g))};
  return {min, min + Vec2{static_cast<double>(size(g)), static_cast<double>(size(g))}};
}

TEST(GroupOrdersScannedBoxes, AnswersAsTheSpatialIndex) {
  std::mt19937 g(1805);
  std::uniform_int_distribution<int> id(0, 39), sides(2, 3), roll(0, 3);
  int answers = 0, met = 0;
  for (int round = 0; round < 40; ++round) {
    const int n_sides = sides(g);
    std::uniform_int_distribution<int> side(0, n_sides - 1);
    ScannedBoxes scanned;
    SpatialIndex index(150.0);
    std::vector<SpatialIndex> side_index(static_cast<std::size_t>(n_sides), SpatialIndex(500.0));
    std::vector<int> side_of(40, -1);
    std::vector<Box> box_of(40);
    std::size_t filed = 0;
    for (int k = 0; k < 400; ++k) {
      if (roll(g) == 0) {  // file (or re-file, perhaps on another side) a box
        const int i = id(g);
        const Box b = random_box(g);
        const int s = side_of[static_cast<std::size_t>(i)] >= 0 && roll(g) != 0
                          ? side_of[static_cast<std::size_t>(i)]
                          : side(g);
        const int old = side_of[static_cast<std::size_t>(i)];
        if (old < 0) ++filed;
        if (old >= 0 && old != s) side_index[static_cast<std::size_t>(old)].remove(i);
        side_of[static_cast<std::size_t>(i)] = s;
        box_of[static_cast<std::size_t>(i)] = b;
        scanned.file(i, s, b);
        index.insert(i, rect_of_box(b), b);
        side_index[static_cast<std::size_t>(s)].insert(i, rect_of_box(b), b);
        continue;
      }
      const Box q = random_box(g);
      std::vector<int> got, want;
      scanned.query(q, got);
      index.query(q, want);
      EXPECT_EQ(got, want);
      met += static_cast<int>(got.size());
      for (int s = 0; s < n_sides; ++s) {
        want.clear();
        std::vector<int> part;
        for (int o = 0; o < n_sides; ++o) {
          if (o == s) continue;
          side_index[static_cast<std::size_t>(o)].query(q, part);
          want.insert(want.end(), part.begin(), part.end());
        }
        std::sort(want.begin(), want.end());
        scanned.query_others(q, s, got);
        EXPECT_EQ(got, want) << "side " << s;
        std::vector<int> others;
        scanned.each_other(s, [&](int i, const Box& b) {
          others.push_back(i);
          const Box& filed_box = box_of[static_cast<std::size_t>(i)];  // the last filed
          EXPECT_TRUE(b.min == filed_box.min && b.max == filed_box.max) << i;
        });
        std::sort(others.begin(), others.end());
        std::vector<int> all_others;
        for (int i = 0; i < 40; ++i) {
          const int si = side_of[static_cast<std::size_t>(i)];
          if (si >= 0 && si != s) all_others.push_back(i);
        }
        EXPECT_EQ(others, all_others) << "side " << s;
      }
      EXPECT_EQ(scanned.size(), filed);
      ++answers;
    }
  }
  EXPECT_GT(answers, 10000);
  EXPECT_GT(met, 2000);  // the queries did meet boxes
}

TEST(GroupOrdersScannedBoxes, TouchingBoxesMeetAndApartOnesDoNot) {
  ScannedBoxes scanned;
  scanned.file(0, 0, {{0, 0}, {10, 10}});
  scanned.file(1, 1, {{20, 0}, {30, 10}});
  std::vector<int> out;
  scanned.query({{10, 10}, {20, 20}}, out);  // touches 0 at a corner, 1 on its left edge
  EXPECT_EQ(out, (std::vector<int>{0, 1}));
  scanned.query({{10.000001, -5}, {19.999999, 5}}, out);  // between them
  EXPECT_TRUE(out.empty());
  scanned.query_others({{-5, -5}, {40, 5}}, 1, out);
  EXPECT_EQ(out, (std::vector<int>{0}));
  scanned.file(0, 1, {{50, 50}, {60, 60}});  // re-filed: elsewhere, on the other side
  scanned.query({{-5, -5}, {40, 5}}, out);
  EXPECT_EQ(out, (std::vector<int>{1}));
  EXPECT_EQ(scanned.size(), 2u);
}

}  // namespace
}  // namespace smoothbore::group_orders
