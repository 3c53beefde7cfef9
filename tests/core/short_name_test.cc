// ShortName: the inline name an Action carries (formation, rate, shot).
#include "core/text/short_name.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <type_traits>

namespace smoothbore {
namespace {

TEST(ShortName, IsTriviallyCopyableAndSmall) {
  static_assert(std::is_trivially_copyable_v<ShortName>);
  static_assert(sizeof(ShortName) == ShortName::kCapacity + 1);
  EXPECT_TRUE(ShortName().empty());
  EXPECT_EQ(ShortName().size(), 0u);
  EXPECT_EQ(ShortName().view(), "");
}

TEST(ShortName, AssignsFromEveryKindOfText) {
  ShortName n;
  n = "line";
  EXPECT_EQ(n, "line");
  n = std::string("closed-column");
  EXPECT_EQ(n, "closed-column");
  n = std::string_view("square");
  EXPECT_EQ(n.size(), 6u);
  EXPECT_FALSE(n.empty());
  n.clear();
  EXPECT_TRUE(n.empty());
  EXPECT_EQ(ShortName("road"), ShortName(std::string("road")));
}

TEST(ShortName, ReadsAsAString) {
  const ShortName n("limber-and-evade");
  const std::string s = n;
  const std::string_view v = n;
  EXPECT_EQ(s, "limber-and-evade");
  EXPECT_EQ(v, "limber-and-evade");
  EXPECT_EQ(n.str(), s);
  EXPECT_EQ(fmt::format("[{}]", n), "[limber-and-evade]");
  EXPECT_EQ(fmt::format("[{:>6}]", ShortName("row")), "[   row]");
  std::string copy;
  copy = n;
  EXPECT_EQ(copy, s);
}

TEST(ShortName, ComparesLikeItsText) {
  const ShortName line("line");
  const std::string column = "column";
  EXPECT_TRUE(line == "line");
  EXPECT_TRUE("line" == line);
  EXPECT_TRUE(line != column);
  EXPECT_TRUE(column != line);
  EXPECT_FALSE(line == "lin");
  EXPECT_FALSE(line == "lines");
  EXPECT_FALSE(ShortName() == ShortName("a"));
  EXPECT_TRUE(ShortName() == "");
  EXPECT_LT(ShortName("column"), ShortName("line"));
  EXPECT_LT(ShortName("line"), ShortName("lines"));
  EXPECT_GT(line, std::string_view("column"));
  // A shorter name written over a longer one leaves no trace of it.
  ShortName n("closed-column");
  n = "line";
  EXPECT_EQ(n, line);
}

TEST(ShortName, HoldsExactlyItsCapacity) {
  const std::string full(ShortName::kCapacity, 'x');
  ShortName n;
  n = full;
  EXPECT_EQ(n.size(), ShortName::kCapacity);
  EXPECT_EQ(n, full);
  EXPECT_NE(n, full.substr(1));
}

TEST(ShortNameDeathTest, TooLongANameStopsWithTheName) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::string longer(ShortName::kCapacity + 1, 'y');
  EXPECT_DEATH(ShortName{longer}, "\"y+\" has 24 characters; a ShortName holds at most 23");
  ShortName n;
  EXPECT_DEATH(n = "a-formation-name-far-too-long", "a-formation-name-far-too-long");
}

}  // namespace
}  // namespace smoothbore
