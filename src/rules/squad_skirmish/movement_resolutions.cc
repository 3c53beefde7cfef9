// Movement (§6, L38-L48, SK-11): 2d6 / 3d6 inches, an extra d6 dropping the lowest on a road,
// half in woods or water, 2" per fence or wall; and reload times (§8 L60-L65, L73, SK-07,
// SK-08), which need no dice.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// The movement table's rows a roll reads, with their numbers (and an arm's record label)
// worked out once for every row: every move of a battle rolls on an arm's row and a
// terrain's, and a roll looks nothing up by name but the row's key.
struct ArmDice {
  const Row* row = nullptr;  // movement.arms
  int dice = 0;
  std::string label;  // the record's base reference: "<name> (<ref>)"
};
struct TerrainRate {
  const Row* row = nullptr;  // movement.terrain
  int numerator = 1;
  int denominator = 1;
};
struct RoadDice {
  const Row* row = nullptr;  // movement.road "road"
  int extra_dice = 0;
  int drop_lowest = 0;
};

// The row of `key` among `rows` (a handful), or the table's own lookup (which aborts).
template <typename Typed>
const Typed& typed_row(const std::vector<Typed>& rows, std::string_view table_name,
                       std::string_view key) {
  for (const Typed& t : rows) {
    if (t.row->key == key) return t;
  }
  row(table_name, key);  // aborts: no such row
  return rows.front();
}

const ArmDice& arm_dice(std::string_view key) {
  static const std::vector<ArmDice> kArms = [] {
    std::vector<ArmDice> v;
    for (const Row& r : table("movement.arms").rows) {
      v.push_back({&r, r.number("dice"), r.name + " (" + r.ref + ")"});
    }
    return v;
  }();
  return typed_row(kArms, "movement.arms", key);
}

const TerrainRate& terrain_rate(std::string_view key) {
  static const std::vector<TerrainRate> kTerrain = [] {
    std::vector<TerrainRate> v;
    for (const Row& r : table("movement.terrain").rows) {
      v.push_back({&r, r.number("numerator"), r.number("denominator")});
    }
    return v;
  }();
  return typed_row(kTerrain, "movement.terrain", key);
}

const RoadDice& road_dice() {
  static const RoadDice kRoad = [] {
    const Row& r = row("movement.road", "road");
    return RoadDice{&r, r.number("extra_dice"), r.number("drop_lowest")};
  }();
  return kRoad;
}

// A record's dice text for `n` d6 ("d6 + d6"), as note_face() writes it die by die.
const std::string& d6_text(std::size_t n) {
  static const std::array<std::string, 9> kText = [] {
    std::array<std::string, 9> t;
    for (std::size_t i = 1; i < t.size(); ++i) t[i] = t[i - 1] + (i == 1 ? "" : " + ") + "d6";
    return t;
  }();
  return kText[n];
}

}  // namespace

namespace detail {

std::string format_g(double v) {
  // Whole and half inches below 10^5 in fmt's "{:g}" (six significant digits, no exponent
  // below 10^6): the digits, and ".5"; anything else by fmt itself.
  if (!std::signbit(v) && v < 1e5) {  // not -0.0, whose text is "-0"
    const double twice = v * 2;
    if (twice == std::floor(twice)) {
      const auto whole = static_cast<long long>(std::floor(v));
      return std::to_string(whole) + (twice == static_cast<double>(whole) * 2 ? "" : ".5");
    }
  }
  return fmt::format("{:g}", v);
}

}  // namespace detail

Resolution movement_resolution() {
  Resolution r;
  r.name = "movement";
  r.help = "a squad's move in inches: 2d6 infantry, 3d6 cavalry (roads +1d6 drop lowest)";
  r.ref = "L38-L48, SK-11";
  r.params = {
      choice("arm", keys_of("movement.arms", "infantry"), "infantry (2d6) or cavalry (3d6)", "L40"),
      flag("road", "the whole move is on a road: roll an extra d6 and disregard the lowest",
           "L42, SK-11"),
      choice("terrain", keys_of("movement.terrain", "open"),
             "the move is in open ground, or in woods or water (1/2 movement)", "L44, SK-11"),
      count("obstacles", 0, 0, 4, "fences or walls crossed (2\" of the allowance each)",
            "L46, SK-11"),
  };
  r.outcome_fields = {"inches"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    MoveSituation m;
    m.arm = p.get_string("arm");
    m.road = p.get_bool("road");
    m.terrain = p.get_string("terrain");
    m.obstacles = int_of(p, "obstacles");
    return Outcome{{"inches", Value(move_roll(m, c, explain))}};
  };
  return r;
}

namespace detail {

double move_roll(const MoveSituation& m, Chance& c, std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) {
    const ArmDice& arm = arm_dice(m.arm);
    const bool on_road = m.road;
    const RoadDice& road = road_dice();
    const int dice = arm.dice + (on_road ? road.extra_dice : 0);
    // The record's wording by concatenation (the text fmt's "{} ({})" gives): every move of a
    // battle writes one.
    start_record(rec, "movement", 0, rec != nullptr ? arm.label : std::string());
    std::array<int, 8> faces{};
    const auto n = static_cast<std::size_t>(dice);
    SB_CHECK(n <= faces.size(), "too many movement dice");
    for (std::size_t i = 0; i < n; ++i) faces[i] = c.roll(kD6);
    if (rec != nullptr) {  // note_face() for each, at once
      rec->dice = d6_text(n);
      rec->faces.assign(faces.begin(), faces.begin() + static_cast<std::ptrdiff_t>(n));
    }
    std::size_t first = 0;  // the faces kept: [first, n)
    if (on_road) {
      std::sort(faces.begin(), faces.begin() + static_cast<std::ptrdiff_t>(n));
      first = static_cast<std::size_t>(road.drop_lowest);
    }
    int allowance = 0;
    for (std::size_t i = first; i < n; ++i) allowance += faces[i];
    if (rec != nullptr) rec->base = allowance;
    const int obstacles = m.obstacles;
    if (obstacles > 0) {
      static const Row& fence = row("movement.obstacles", "fence");
      static const int fence_cost = fence.number("cost");
      const int cost = fence_cost * obstacles;
      allowance -= cost;
      if (rec != nullptr) {
        rec->modifiers.push_back(
            {fmt::format("Fences / walls ×{}", obstacles), static_cast<double>(-cost), fence.ref});
      }
    }
    double inches = std::max(0, allowance);
    // A road move is wholly on the road (SK-11), so the terrain it crosses does not slow it.
    const TerrainRate& terrain = terrain_rate(on_road ? "open" : m.terrain);
    inches = inches * terrain.numerator / terrain.denominator;
    if (rec != nullptr) {
      // `<inches>" (<n>d6[ drop lowest (<ref>)]; <terrain> <ref>)`, in one string.
      const Row& t = *terrain.row;
      std::string text = format_g(inches);
      text.reserve(text.size() + 40 + road.row->ref.size() + t.name.size() + t.ref.size());
      text += "\" (";
      text += std::to_string(dice);
      text += "d6";
      if (on_road) {
        text += " drop lowest (";
        text += road.row->ref;
        text += ')';
      }
      text += "; ";
      text += t.name;
      text += ' ';
      text += t.ref;
      text += ')';
      rec->target = inches;
      rec->result = std::move(text);
    }
    return inches;
  });
}

}  // namespace detail

namespace detail {

std::vector<std::pair<double, double>> open_move_distribution(std::string_view arm) {
  const int dice = row("movement.arms", arm).number("dice");
  const Row& open = row("movement.terrain", "open");
  // Ways to roll each sum of `dice` d6 (index: the sum).
  std::vector<std::int64_t> ways = {1};
  std::int64_t paths = 1;
  for (int i = 0; i < dice; ++i) {
    std::vector<std::int64_t> next(ways.size() + kD6, 0);
    for (std::size_t s = 0; s < ways.size(); ++s) {
      for (int f = 1; f <= kD6; ++f) next[s + static_cast<std::size_t>(f)] += ways[s];
    }
    ways = std::move(next);
    paths *= kD6;
  }
  std::vector<std::pair<double, double>> out;
  for (std::size_t s = 0; s < ways.size(); ++s) {
    if (ways[s] == 0) continue;
    // As the resolution reads the allowance (no fences, open ground).
    double inches = std::max(0, static_cast<int>(s));
    inches = inches * open.number("numerator") / open.number("denominator");
    out.emplace_back(inches, static_cast<double>(ways[s]) / static_cast<double>(paths));
  }
  return out;
}

}  // namespace detail

Resolution reload_resolution() {
  Resolution r;
  r.name = "reload";
  r.help = "Load actions (activations) before a fired weapon may fire again";
  r.ref = "L60-L65, L73, SK-07, SK-08";
  r.params = {
      choice("weapon", keys_of("fire.weapons", "musket"), "the weapon that fired", "L61-L65"),
      flag("tap-loading", "a rifle reloaded in 1 turn by tap loading (then fires as a musket)",
           "L73, SK-07"),
      count("loaders", 1, 1, 8,
            "figures taking the Load action together (a cannon's crew, each counting 1)", "SK-08"),
  };
  r.outcome_fields = {"activations"};
  r.resolve = [](const Params& p, Chance&, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      const Row& weapon = row("fire.weapons", p.get_string("weapon"));
      const bool tap = p.get_bool("tap-loading") && weapon.numbers.count("tap_reload") > 0;
      const int load_actions = tap ? weapon.number("tap_reload") : weapon.number("reload");
      // Only a cannon's crew share the loading (SK-08); a small arm is loaded by its firer.
      const int loaders = weapon.key == "cannon" ? int_of(p, "loaders") : 1;
      const int activations = (load_actions + loaders - 1) / loaders;
      start_record(rec, "reload", load_actions,
                   fmt::format("{} reload time ({})", weapon.name, weapon.ref));
      if (rec != nullptr) {
        rec->target = activations;
        rec->result = fmt::format("{} Load action{} by {} figure{}: {} activation{}{}",
                                  load_actions, load_actions == 1 ? "" : "s", loaders,
                                  loaders == 1 ? "" : "s", activations, activations == 1 ? "" : "s",
                                  tap ? "; tap loaded, fires as a musket (L73)" : "");
      }
      return Outcome{{"activations", int_value(activations)}};
    });
  };
  return r;
}

}  // namespace smoothbore::squad_skirmish
