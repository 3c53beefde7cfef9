// `smoothbore bench --micro`: Google Benchmark micro-benchmarks of the hot pieces (issue 9):
// geometry queries, line of sight and terrain on a generated table, the spatial index,
// each rule set's main resolution (sampled and enumerated), one AI decision, whole battles.
#ifdef SMOOTHBORE_HAVE_BENCHMARK
#include "apps/bench/micro.h"

#include <benchmark/benchmark.h>

#include <memory>

#include <fmt/format.h>

#include "core/dice/fraction.h"
#include "core/dice/rng.h"
#include "core/embedded.h"
#include "core/geometry/shapes.h"
#include "core/table/spatial_index.h"
#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/commander.h"
#include "sim/match.h"

namespace smoothbore::bench {

namespace {

using Shared = std::shared_ptr<const Scenario>;

Shared generated(const Ruleset& ruleset, int stands) {
  auto text = generate_scenario(ruleset, {stands, 1});
  if (!text) return nullptr;
  auto scenario = load_scenario_text(*text, "generated.toml");
  return scenario ? std::make_shared<const Scenario>(std::move(*scenario)) : nullptr;
}

std::vector<Rect> footprints(const Scenario& s) {
  std::vector<Rect> rects;
  for (const Unit& u : s.force.units)
    for (const Stand& st : u.stands) rects.push_back(st.rect);
  return rects;
}

// Distance, overlap, zone and corridor queries between every stand of a generated
// 1,000-stand-a-side fast-1805 table and a rotating partner.
void register_geometry(const Shared& s) {
  auto rects = std::make_shared<std::vector<Rect>>(footprints(*s));
  const std::size_t n = rects->size();
  auto pair_bench = [rects, n](auto f) {
    return [rects, n, f](benchmark::State& state) {
      std::size_t i = 0;
      for (auto _ : state) {
        const Rect& a = (*rects)[i % n];
        const Rect& b = (*rects)[(i * 7919 + 13) % n];
        benchmark::DoNotOptimize(f(a, b));
        ++i;
      }
    };
  };
  benchmark::RegisterBenchmark(
      "geometry/distance(rect,rect)",
      pair_bench([](const Rect& a, const Rect& b) { return distance(a, b); }));
  benchmark::RegisterBenchmark(
      "geometry/overlaps", pair_bench([](const Rect& a, const Rect& b) { return overlaps(a, b); }));
  benchmark::RegisterBenchmark("geometry/zone_of", pair_bench([](const Rect& a, const Rect& b) {
                                 return zone_of(a, b.centre);
                               }));
  benchmark::RegisterBenchmark(
      "geometry/corridor_distance",
      pair_bench([](const Rect& a, const Rect& b) { return corridor_distance(a, b, 600.0); }));
  benchmark::RegisterBenchmark(
      "table/terrain_blocks_sight", [s, rects, n](benchmark::State& state) {
        std::size_t i = 0;
        for (auto _ : state) {
          const Rect& a = (*rects)[i % n];
          const Rect& b = (*rects)[(i * 7919 + 13) % n];
          benchmark::DoNotOptimize(s->table.terrain_blocks_sight(a.centre, b.centre));
          ++i;
        }
      });
  benchmark::RegisterBenchmark("table/terrain_at", [s](benchmark::State& state) {
    Rng rng(3, 0);
    for (auto _ : state) {
      const Vec2 p{rng.uniform() * s->table.width(), rng.uniform() * s->table.height()};
      benchmark::DoNotOptimize(s->table.terrain_at(p));
    }
  });
  auto index = std::make_shared<SpatialIndex>();
  for (std::size_t i = 0; i < n; ++i) index->insert(static_cast<int>(i), (*rects)[i]);
  benchmark::RegisterBenchmark(
      "spatial_index/within(300mm)", [index, rects, n](benchmark::State& state) {
        std::size_t i = 0;
        for (auto _ : state) benchmark::DoNotOptimize(index->within((*rects)[i++ % n], 300.0));
      });
  benchmark::RegisterBenchmark("spatial_index/insert(move)",
                               [index, rects, n](benchmark::State& state) {
                                 std::size_t i = 0;
                                 for (auto _ : state) {
                                   index->insert(static_cast<int>(i % n), (*rects)[(i * 31) % n]);
                                   ++i;
                                 }
                                 for (std::size_t k = 0; k < n; ++k)
                                   index->insert(static_cast<int>(k), (*rects)[k]);
                               });
}

// Each rule set's main resolution, sampled once and enumerated.
void register_resolutions() {
  static const std::pair<std::string_view, std::pair<std::string_view, std::vector<std::string>>>
      kMain[] = {{"elan-drill", {"small-arms", {"figures=20"}}},
                 {"fast-1805", {"fire", {"shooters=24"}}},
                 {"fire-and-discipline", {"musketry", {"stands=4"}}},
                 {"group-orders", {"shooting", {"stands=4"}}},
                 {"squad-skirmish", {"fire", {}}}};
  for (const auto& [id, main] : kMain) {
    const Ruleset* ruleset = find_ruleset(id);
    const Resolution* r = ruleset != nullptr ? ruleset->resolution(main.first) : nullptr;
    if (r == nullptr) continue;
    auto params = parse_assignments(r->params, main.second);
    if (!params) continue;
    const std::string name = fmt::format("{}/{} {}", id, main.first, fmt::join(main.second, " "));
    benchmark::RegisterBenchmark(("sample/" + name).c_str(),
                                 [r, p = *params](benchmark::State& state) {
                                   Rng rng(7, 0);
                                   for (auto _ : state)
                                     benchmark::DoNotOptimize(sample(*r, p, rng));
                                 });
    benchmark::RegisterBenchmark(("exact_distribution/" + name).c_str(),
                                 [r, p = *params](benchmark::State& state) {
                                   for (auto _ : state)
                                     benchmark::DoNotOptimize(exact_distribution(*r, p));
                                 });
  }
}

// The floor under exact odds (issue 9's 100 µs target): one exact product and sum of the
// probabilities a 40-figure elan-drill close action works with (binomial terms over 12^40),
// which each of its 12,341 joint outcomes needs at least once.
void register_fractions() {
  auto terms = std::make_shared<std::vector<Fraction>>();
  const std::vector<BigInt> cases = face_count_cases(40, 12, 5);
  BigInt total;
  mpz_ui_pow_ui(total.get_mpz_t(), 12, 40);
  for (int k = 0; k <= 40; ++k) {
    terms->push_back(make_fraction(cases[static_cast<std::size_t>(k)], total));
  }
  benchmark::RegisterBenchmark("Fraction/multiply-add(binomial terms over 12^40)",
                               [terms](benchmark::State& state) {
                                 Fraction sum;
                                 std::size_t i = 0;
                                 const std::size_t n = terms->size();
                                 for (auto _ : state) {
                                   sum += (*terms)[i % n] * (*terms)[(i * 7 + 3) % n];
                                   ++i;
                                 }
                                 benchmark::DoNotOptimize(sum);
                                 state.SetItemsProcessed(state.iterations());
                               });
}

// One doctrine decision for the first unit of each rule set's generated battle.
void register_decisions() {
  for (const Ruleset* ruleset : all_rulesets()) {
    if (!ruleset->playable() || !can_generate(*ruleset)) continue;
    Shared s = generated(*ruleset, 100);
    if (!s) continue;
    std::shared_ptr<Battle> battle = ruleset->start(*s, 1);
    auto legal = std::make_shared<std::vector<Action>>(battle->legal_actions(0));
    if (legal->empty()) continue;
    benchmark::RegisterBenchmark(
        fmt::format("doctrine_choose/{}/generated-100", ruleset->id()).c_str(),
        [s, battle, legal](benchmark::State& state) {
          auto commander = make_commander(kDoctrine, Rng(1, 1000));
          for (auto _ : state) benchmark::DoNotOptimize(commander->choose(*battle, 0, *legal));
        })
        ->Unit(benchmark::kMicrosecond);
  }
}

// Whole battles, doctrine against doctrine, a new seed each iteration (the original bench).
void register_battles() {
  for (const char* name : {"fast-1805/default.toml", "fast-1805/battle.toml"}) {
    auto text = embedded::find(embedded::scenario_files(), name);
    if (!text) continue;
    auto scenario = load_scenario_text(*text, name);
    const Ruleset* ruleset = scenario ? find_ruleset(scenario->ruleset) : nullptr;
    if (ruleset == nullptr) continue;
    auto shared = std::make_shared<Scenario>(std::move(*scenario));
    benchmark::RegisterBenchmark(fmt::format("Match::run/{}", name).c_str(),
                                 [shared, ruleset](benchmark::State& state) {
                                   std::uint64_t seed = 1;
                                   for (auto _ : state) {
                                     MatchConfig config;
                                     config.seed = seed++;
                                     Match match(*shared, *ruleset, config);
                                     benchmark::DoNotOptimize(match.run().turns);
                                   }
                                 })
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

void register_micro_benchmarks() {
  benchmark::RegisterBenchmark("Rng::roll(100)", [](benchmark::State& state) {
    Rng rng(7, 0);
    for (auto _ : state) benchmark::DoNotOptimize(rng.roll(100));
    state.SetItemsProcessed(state.iterations());
  });
  register_resolutions();
  register_fractions();
  if (const Ruleset* fast = find_ruleset("fast-1805")) {
    if (Shared s = generated(*fast, 1000)) register_geometry(s);
  }
  register_decisions();
  register_battles();
}

}  // namespace smoothbore::bench
#endif
