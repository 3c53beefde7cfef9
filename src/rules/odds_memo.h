// Exact odds the doctrine weighs, kept per thread (issue 9). A rule set's tables are fixed
// once embedded, so the exact distribution of a resolution is a function of its given
// parameters alone; a battle asks the same few hundred questions again and again (every
// unit, every step, every battle of a Monte Carlo run), and enumerating the dice each time
// was a third of a group-orders battle. The key names the question exactly: the resolution,
// what is derived from it, and every parameter with its type and its value (a double by its
// shortest round-trip form), so two questions share an answer only when they are the same.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/value.h"

namespace smoothbore {

// "NAME|WHAT|param=<type><value>;..." for the parameters as given (before defaults are
// filled, which depend on nothing else).
std::string odds_key(std::string_view name, std::string_view what,
                     const std::map<std::string, Value>& given);

// The answer kept under `key`, computed by `compute()` the first time this thread asks.
// Bounded: the thread's answers of type T are dropped past kMaxOdds.
inline constexpr std::size_t kMaxOdds = 200000;
template <typename T, typename Compute>
T memo_odds(const std::string& key, Compute compute) {
  thread_local std::unordered_map<std::string, T> kept;
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  if (kept.size() >= kMaxOdds) kept.clear();
  T v = compute();
  kept.emplace(key, v);
  return v;
}

}  // namespace smoothbore
