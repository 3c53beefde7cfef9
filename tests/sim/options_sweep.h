// The options sweep of a rule set (design.md: "every ambiguity from the digests is a named
// option with the documented default"; an option the battle never reads silently gives the
// default). Every alternative comes from the option schema itself, so an option added later
// is swept without editing the test: a flag is flipped, every other value of a choice is
// tried, and a number takes the value the test lists for it (a new numeric option without
// one fails). Battles with an alternative keep every invariant after every step; the test
// then asks which alternatives changed none of a fixed set of seeded battles.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/events/jsonl.h"
#include "rules/registry.h"
#include "sim/match.h"

namespace smoothbore::options_sweep {

// Log hashes of `scenarios` played by doctrine and by random commanders, seeds 1..`seeds`,
// with the invariants checked after every step.
inline std::vector<std::uint64_t> play(const std::vector<Scenario>& scenarios,
                                       const std::string& label, int seeds) {
  std::vector<std::uint64_t> hashes;
  const std::vector<std::vector<std::string>> pairings = {{"doctrine", "doctrine"},
                                                          {"random", "random"}};
  for (const Scenario& sc : scenarios) {
    const Ruleset* rs = find_ruleset(sc.ruleset);
    for (const auto& p : pairings) {
      for (int seed = 1; seed <= seeds; ++seed) {
        MatchConfig cfg;
        cfg.seed = static_cast<std::uint64_t>(seed);
        cfg.commanders = p;
        Match m(sc, *rs, cfg);
        m.set_step_hook([&](std::string_view step) {
          for (const std::string& v : m.battle().invariant_violations()) {
            ADD_FAILURE() << label << ": " << sc.name << " seed " << seed << " after " << step
                          << ": " << v;
          }
        });
        m.run();
        hashes.push_back(log_hash(m.log()));
      }
    }
  }
  return hashes;
}

// Plays `sc` with `commanders` on both sides and seed `seed`, with the invariants checked
// after every step (a failure names `label`); returns how many events' texts contain
// `counted`, to show the case under test happened.
inline int play_checked(const Scenario& sc, std::uint64_t seed, const std::string& commanders,
                        const std::string& label, std::string_view counted) {
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = {commanders, commanders};
  Match m(sc, *find_ruleset(sc.ruleset), cfg);
  m.set_step_hook([&](std::string_view step) {
    for (const std::string& v : m.battle().invariant_violations()) {
      ADD_FAILURE() << label << ": " << sc.name << " seed " << seed << " " << commanders
                    << " after " << step << ": " << v;
    }
  });
  m.run();
  int n = 0;
  for (const Event& e : m.log().events()) {
    if (e.text.find(counted) != std::string::npos) ++n;
  }
  return n;
}

struct Alternative {
  std::string option;
  Value value;
  std::string label() const { return option + "=" + to_string(value); }
};

// Every alternative of `spec`: the other flag, every other choice, or the listed number.
inline std::vector<Alternative> alternatives_of(const ParamSpec& spec,
                                                const std::map<std::string, Value>& numeric) {
  std::vector<Alternative> out;
  switch (spec.type) {
    case ParamType::kBool:
      out.push_back({spec.name, !std::get<bool>(spec.default_value)});
      break;
    case ParamType::kChoice:
      for (const std::string& c : spec.choices) {
        if (c != std::get<std::string>(spec.default_value)) out.push_back({spec.name, c});
      }
      break;
    default:
      if (auto it = numeric.find(spec.name); it != numeric.end()) {
        out.push_back({spec.name, it->second});
      } else {
        ADD_FAILURE() << spec.name << ": add its main alternative to the numeric list";
      }
  }
  return out;
}

// Sets `a` on every scenario, and the scenario reader's copy of it in [end] when the rule set
// names it as the army-break fraction or the turn limit.
inline void apply(const Ruleset& rs, const Alternative& a, std::vector<Scenario>& scenarios) {
  for (Scenario& sc : scenarios) {
    sc.options.set(a.option, a.value);
    if (a.option == rs.army_break_option()) sc.end.army_break = as_number(a.value);
    if (a.option == rs.turn_limit_option()) {
      sc.end.turn_limit = static_cast<int>(as_number(a.value));
    }
  }
}

// The labels ("option=value") of the alternatives of `rs`'s options that changed none of
// the battles of `base`.
inline std::vector<std::string> unchanged_alternatives(const Ruleset& rs,
                                                       const std::vector<Scenario>& base,
                                                       const std::map<std::string, Value>& numeric,
                                                       int seeds) {
  const std::vector<std::uint64_t> defaults = play(base, "defaults", seeds);
  std::vector<std::string> unchanged;
  for (const ParamSpec& spec : rs.options()) {
    for (const Alternative& a : alternatives_of(spec, numeric)) {
      std::vector<Scenario> alt = base;
      apply(rs, a, alt);
      if (play(alt, a.label(), seeds) == defaults) unchanged.push_back(a.label());
    }
  }
  return unchanged;
}

// Whether the quoted name of `option` appears in a source file of the rule set's folder
// `dir` (src/rules/DIR) other than options.cc and options.h: the battle, a resolution or the
// rule set looks it up. An alternative that changes no seeded battle must at least pass this.
inline bool looked_up_in_sources(const std::string& dir, const std::string& option) {
  const std::string quoted = "\"" + option + "\"";
  const std::filesystem::path root =
      std::filesystem::path(SMOOTHBORE_SOURCE_DIR) / "src/rules" / dir;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    const std::string file = entry.path().filename().string();
    if (file == "options.cc" || file == "options.h") continue;
    if (entry.path().extension() != ".cc" && entry.path().extension() != ".h") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find(quoted) != std::string::npos) return true;
  }
  return false;
}

// The whole check of a rule set `id` whose sources are src/rules/`dir`: every alternative
// changes one of the battles of `base` (`seeds` seeds) unless its option is in `rare`, and
// every option is looked up by name unless it is in `not_read` (which must then change no
// battle either: one that does belongs out of the list).
inline void expect_every_option_read(const std::string& id, const std::string& dir,
                                     const std::vector<Scenario>& base,
                                     const std::map<std::string, Value>& numeric, int seeds,
                                     const std::set<std::string>& not_read,
                                     const std::set<std::string>& rare) {
  const Ruleset* rs = find_ruleset(id);
  ASSERT_NE(rs, nullptr);
  std::set<std::string> still_unread;
  for (const std::string& label : unchanged_alternatives(*rs, base, numeric, seeds)) {
    const std::string option = label.substr(0, label.find('='));
    if (not_read.count(option)) {
      still_unread.insert(option);
      continue;
    }
    EXPECT_TRUE(rare.count(option)) << label << " changed no battle";
  }
  for (const ParamSpec& spec : rs->options()) {
    EXPECT_EQ(looked_up_in_sources(dir, spec.name), !not_read.count(spec.name)) << spec.name;
  }
  for (const std::string& option : not_read) {
    EXPECT_TRUE(still_unread.count(option)) << option << " is read now: drop it from the list";
  }
}

}  // namespace smoothbore::options_sweep
