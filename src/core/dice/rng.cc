#include "core/dice/rng.h"

#include <Random123/philox.h>

#include "core/check.h"

namespace smoothbore {

std::uint32_t Rng::next_u32() {
  std::uint64_t block = counter_ / 4;
  if (block != block_index_) {
    r123::Philox4x32 gen;
    r123::Philox4x32::ctr_type ctr = {
        {static_cast<std::uint32_t>(block), static_cast<std::uint32_t>(block >> 32),
         static_cast<std::uint32_t>(stream_), static_cast<std::uint32_t>(stream_ >> 32)}};
    r123::Philox4x32::key_type key = {
        {static_cast<std::uint32_t>(seed_), static_cast<std::uint32_t>(seed_ >> 32)}};
    r123::Philox4x32::ctr_type out = gen(ctr, key);
    for (int i = 0; i < 4; ++i) block_[i] = out.v[i];
    block_index_ = block;
  }
  return block_[counter_++ % 4];
}

int Rng::roll(int sides) {
  SB_CHECK(sides >= 1, "a die needs at least one side");
  const std::uint64_t n = static_cast<std::uint64_t>(sides);
  // Largest multiple of n not above 2^32: values at or past it are rejected.
  const std::uint64_t limit = (std::uint64_t{1} << 32) - ((std::uint64_t{1} << 32) % n);
  while (true) {
    std::uint64_t v = next_u32();
    if (v < limit) return static_cast<int>(v % n) + 1;
  }
}

double Rng::uniform() {
  std::uint64_t hi = next_u32() >> 5;  // 27 bits
  std::uint64_t lo = next_u32() >> 6;  // 26 bits
  return static_cast<double>((hi << 26) | lo) * (1.0 / 9007199254740992.0);
}

Rng Rng::split(std::uint64_t tag) const {
  // Mix stream and tag (splitmix64 finaliser) so that sub-streams do not collide with
  // trial streams.
  std::uint64_t z = stream_ ^ (tag + 0x9E3779B97F4A7C15ull + (stream_ << 6) + (stream_ >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return Rng(seed_, z);
}

}  // namespace smoothbore
