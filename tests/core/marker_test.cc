// Status markers with expiry (common.md §7).
#include <gtest/gtest.h>

#include "core/force/marker.h"

namespace smoothbore {
namespace {

TEST(MarkerTest, SetReplaceClear) {
  std::vector<Marker> m;
  EXPECT_FALSE(has_marker(m, "shaken"));
  set_marker(m, {"shaken", 1, -1, 2});
  set_marker(m, {"disordered", 1, 3, 2});
  EXPECT_TRUE(has_marker(m, "shaken"));
  // Same type again: replaced in place, not duplicated.
  set_marker(m, {"shaken", 2, 5, 4});
  ASSERT_EQ(m.size(), 2u);
  const Marker* s = find_marker(m, "shaken");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->count, 2);
  EXPECT_EQ(s->expires_after_turn, 5);
  EXPECT_EQ(s->placed_turn, 4);
  EXPECT_EQ(m[0].type, "shaken");  // kept its place
  clear_marker(m, "shaken");
  EXPECT_FALSE(has_marker(m, "shaken"));
  EXPECT_EQ(find_marker(m, "shaken"), nullptr);
  clear_marker(m, "absent");  // harmless
  EXPECT_EQ(m.size(), 1u);
}

TEST(MarkerTest, Expire) {
  std::vector<Marker> m;
  set_marker(m, {"disordered", 1, 2, 1});  // goes when turn > 2
  set_marker(m, {"fired", 1, 3, 1});       // goes when turn > 3
  set_marker(m, {"routed", 1, -1, 1});     // stays until cleared
  set_marker(m, {"shaken", 1, 2, 1});
  EXPECT_TRUE(expire_markers(m, 2).empty());  // 2 is not past 2
  EXPECT_EQ(expire_markers(m, 3), (std::vector<std::string>{"disordered", "shaken"}));
  EXPECT_EQ(expire_markers(m, 4), (std::vector<std::string>{"fired"}));
  EXPECT_TRUE(expire_markers(m, 100).empty());
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].type, "routed");
}

}  // namespace
}  // namespace smoothbore
