#include "rules/elan_drill/pool.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "core/dice/fraction.h"

namespace smoothbore::elan_drill {

namespace {

void note_dice(RollRecord* r, int dice, double target) {
  if (r == nullptr || dice <= 0) return;
  r->dice += (r->dice.empty() ? "" : " + ") + fmt::format("{}d12", dice);
  r->target = target;
}

// face_count_cases() per (dice, sides, faces), kept per thread: enumeration re-runs a
// resolution once per path, and recomputing the binomial cases (powers of big integers)
// each time was most of the cost of `odds close-action figures=40`. Bounded: cleared past
// kMaxCachedPools keys (pools in a battle come in a few dozen sizes).
const std::vector<BigInt>& cached_cases(int dice, int sides, int faces) {
  constexpr std::size_t kMaxCachedPools = 4096;
  thread_local std::map<std::tuple<int, int, int>, std::vector<BigInt>> cache;
  const auto key = std::make_tuple(dice, sides, faces);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() >= kMaxCachedPools) cache.clear();
  return cache.emplace(key, face_count_cases(dice, sides, faces)).first->second;
}

// How many of `dice` dice with `sides` faces show one of `faces` of them: certain counts
// need no chance node (a zero-probability branch would list an impossible outcome).
int count_faces(int dice, int sides, int faces, Chance& chance) {
  if (dice <= 0 || faces <= 0) return 0;
  if (faces >= sides) return dice;
  return chance.pick_cases(cached_cases(dice, sides, faces));
}

}  // namespace

int success_faces(int factor) { return std::clamp(factor, 0, kSides); }

PoolResult roll_pool(int dice, int factor, Chance& chance, RollRecord* record) {
  PoolResult out;
  out.dice = std::max(dice, 0);
  note_dice(record, out.dice, factor);
  if (chance.enumerating()) {
    out.successes = count_faces(out.dice, kSides, success_faces(factor), chance);
  } else {
    for (int i = 0; i < out.dice; ++i) {
      const int face = chance.roll(kSides);
      if (record != nullptr) record->faces.push_back(face);
      if (face <= factor) ++out.successes;
    }
  }
  out.failures = out.dice - out.successes;
  return out;
}

SaveResult roll_saves(int hits, int factor, bool natural_12_special, Chance& chance,
                      RollRecord* record) {
  SaveResult out;
  if (hits <= 0) return out;
  note_dice(record, hits, factor);
  if (chance.enumerating()) {
    if (natural_12_special) {
      // Natural 12s first (1 face in 12), then the other dice are uniform on 1..11.
      out.special = count_faces(hits, kSides, 1, chance);
      const int rest = hits - out.special;
      const int failing = kSides - 1 - std::clamp(factor, 0, kSides - 1);
      out.casualties = out.special + count_faces(rest, kSides - 1, failing, chance);
    } else {
      out.casualties = count_faces(hits, kSides, kSides - success_faces(factor), chance);
    }
    return out;
  }
  for (int i = 0; i < hits; ++i) {
    const int face = chance.roll(kSides);
    if (record != nullptr) record->faces.push_back(face);
    if (natural_12_special && face == kSides) {
      ++out.special;
      ++out.casualties;
    } else if (face > factor) {
      ++out.casualties;
    }
  }
  return out;
}

}  // namespace smoothbore::elan_drill
