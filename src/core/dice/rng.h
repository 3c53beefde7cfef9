// Counter-based random numbers (Philox4x32-10, Random123). A generator is keyed by
// (seed, stream): trial i of a Monte Carlo run uses stream i and gets the same numbers on
// any thread or process (design.md "Determinism"). Draws never depend on the platform's
// std:: distributions, whose algorithms are unspecified.
#pragma once

#include <cstdint>

namespace smoothbore {

class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t stream) : seed_(seed), stream_(stream) {}

  std::uint64_t seed() const { return seed_; }
  std::uint64_t stream() const { return stream_; }
  std::uint64_t draws() const { return counter_; }  // 32-bit words consumed so far

  std::uint32_t next_u32();
  // Uniform integer in [1, sides], unbiased (rejection sampling).
  int roll(int sides);
  // Uniform double in [0, 1) with 53 random bits.
  double uniform();
  // A fresh generator for a sub-purpose, keyed by this one's seed and a derived stream.
  Rng split(std::uint64_t tag) const;

 private:
  std::uint64_t seed_;
  std::uint64_t stream_;
  std::uint64_t counter_ = 0;  // index of the next 32-bit word
  std::uint32_t block_[4] = {0, 0, 0, 0};
  std::uint64_t block_index_ = ~std::uint64_t{0};
};

}  // namespace smoothbore
