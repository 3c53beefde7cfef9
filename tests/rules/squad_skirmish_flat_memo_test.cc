// The flat memo behind the sight memos (issue 9) answers as a std::map kept alongside it
// through puts, replacements, growth and whole clears.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>

#include "core/dice/rng.h"
#include "rules/squad_skirmish/flat_memo.h"

namespace smoothbore::squad_skirmish {
namespace {

struct Hash {
  std::size_t operator()(std::uint64_t k) const { return mix64(k); }
};
// Every key in one slot's probe chain: the memo must still tell them apart.
struct Collide {
  std::size_t operator()(std::uint64_t) const { return 7; }
};

template <typename H>
void check_against_map(int rounds) {
  FlatMemo<std::uint64_t, int, H> memo;
  std::map<std::uint64_t, int> want;
  Rng rng(42, 0);
  for (int i = 0; i < rounds; ++i) {
    const auto key = static_cast<std::uint64_t>(rng.roll(301));
    const int op = rng.roll(100) - 1;
    if (op < 2) {
      memo.clear();
      want.clear();
    } else if (op < 50) {
      memo.put(key, i);
      want[key] = i;
    } else {
      const int* got = memo.find(key);
      auto it = want.find(key);
      ASSERT_EQ(got != nullptr, it != want.end()) << key;
      if (got != nullptr) {
        EXPECT_EQ(*got, it->second) << key;
      }
    }
    ASSERT_EQ(memo.size(), want.size());
  }
}

TEST(SquadSkirmishFlatMemo, AnswersAsAMap) { check_against_map<Hash>(20000); }

TEST(SquadSkirmishFlatMemo, AnswersAsAMapWhenEveryKeyCollides) { check_against_map<Collide>(3000); }

}  // namespace
}  // namespace smoothbore::squad_skirmish
