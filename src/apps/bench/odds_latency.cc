// Exact-odds latency (issue 9): the time of `exact_distribution` for the largest dice pool
// each rule set's resolutions can produce (the parameters' maxima), and the raw cost of
// one RNG draw, the floor every other figure is read against.
#include <fmt/format.h>

#include "apps/bench/bench.h"
#include "core/dice/rng.h"
#include "rules/resolution.h"

namespace smoothbore::bench {

namespace {

struct OddsCase {
  std::string_view ruleset;
  std::string_view resolution;
  std::vector<std::string> params;
};

// The largest pools: the parameters' maxima where they add dice; fast-1805 rolls one d100
// whatever the unit's size (M-1), so its cases take a 36-figure battalion at close range
// (1,000 shooters would make the kills certain: a single outcome). group-orders shoots one
// D6 whatever the stands (L104-L105), and 12 stands make the result certain; 4 leave 3.
const std::vector<OddsCase>& odds_cases() {
  static const std::vector<OddsCase> cases = {
      {"elan-drill", "small-arms", {"figures=60"}},
      {"elan-drill", "close-action", {"figures=40"}},
      {"elan-drill", "save", {"hits=60"}},
      {"fast-1805", "fire", {"shooters=36", "range=1", "first-fire=true"}},
      {"fast-1805", "melee", {"figures=36", "first-charge=true"}},
      {"fire-and-discipline", "musketry", {"stands=100"}},
      {"fire-and-discipline", "melee", {"stands=100"}},
      {"group-orders", "shooting", {"stands=4"}},
      {"group-orders", "melee", {"stands-in-contact=8"}},
      {"squad-skirmish", "fire", {"canister=true", "volley=true"}},
      {"squad-skirmish", "melee", {}},
  };
  return cases;
}

}  // namespace

nlohmann::json measure_odds(const Ruleset& ruleset, const BenchConfig& config) {
  nlohmann::json out = nlohmann::json::array();
  for (const OddsCase& c : odds_cases()) {
    if (c.ruleset != ruleset.id()) continue;
    nlohmann::json entry{{"resolution", c.resolution},
                         {"params", fmt::format("{}", fmt::join(c.params, " "))}};
    const Resolution* r = ruleset.resolution(c.resolution);
    auto params = r != nullptr
                      ? parse_assignments(r->params, c.params)
                      : tl::expected<Params, std::string>(tl::unexpect, "no such resolution");
    if (!params) {
      entry["note"] = params.error();
      out.push_back(std::move(entry));
      continue;
    }
    int repeats = 0;
    std::size_t outcomes = 0;
    const double start = cpu_seconds();
    double elapsed = 0;
    do {
      outcomes = exact_distribution(*r, *params).size();
      ++repeats;
      elapsed = cpu_seconds() - start;
    } while (elapsed < config.odds_seconds);
    entry["us"] = elapsed * 1e6 / repeats;
    entry["repeats"] = repeats;
    entry["outcomes"] = outcomes;
    out.push_back(std::move(entry));
  }
  return out;
}

double measure_rng_ns(const BenchConfig& config) {
  Rng rng(7, 0);
  const long n = config.quick ? 2'000'000 : 50'000'000;
  std::uint32_t sink = 0;
  const double start = cpu_seconds();
  for (long i = 0; i < n; ++i) sink ^= rng.next_u32();
  const double seconds = cpu_seconds() - start;
  if (sink == 0x12345678u) return -1;  // keeps the loop from being optimised away
  return seconds * 1e9 / static_cast<double>(n);
}

}  // namespace smoothbore::bench
