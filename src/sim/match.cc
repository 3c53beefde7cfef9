#include "sim/match.h"

#include <fmt/format.h>

#include "core/check.h"
#include "sim/commander.h"

namespace smoothbore {

Match::Match(const Scenario& scenario, const Ruleset& ruleset, MatchConfig config)
    : scenario_(scenario), config_(std::move(config)), log_(config_.quiet) {
  SB_CHECK(ruleset.id() == scenario.ruleset, "match started with another rule set");
  SB_CHECK(ruleset.playable(), "match started with a rule set that cannot fight battles yet");
  turn_limit_ = config_.turn_limit > 0        ? config_.turn_limit
                : scenario.end.turn_limit > 0 ? scenario.end.turn_limit
                                              : ruleset.default_turn_limit();
  battle_ = ruleset.start(scenario, config_.seed, config_.stream);
  // Commanders draw from their own sub-streams of the trial's stream (Rng::split), so
  // the battle's dice are the same whoever commands.
  Rng base(config_.seed, config_.stream);
  for (std::size_t side = 0; side < scenario.force.sides.size(); ++side) {
    std::string kind =
        side < config_.commanders.size() ? config_.commanders[side] : std::string(kDoctrine);
    auto c = make_commander(kind, base.split(1000 + side));
    SB_CHECK(c != nullptr, "unknown commander kind " + kind);
    commanders_.push_back(std::move(c));
  }
  Event e;
  e.kind = EventKind::kBattleStart;
  e.turn = 0;
  if (log_.quiet()) {
    log_.append(std::move(e));
    return;
  }
  e.text = fmt::format("{} ({}), seed {}, {} turns at most", scenario.name, scenario.ruleset,
                       config_.seed, turn_limit_);
  e.data = {{"scenario", scenario.name},
            {"ruleset", scenario.ruleset},
            {"seed", static_cast<std::int64_t>(config_.seed)},
            {"stream", static_cast<std::int64_t>(config_.stream)},
            {"turn_limit", std::int64_t{turn_limit_}}};
  log_.append(std::move(e));
}

Match::~Match() = default;

void Match::play_turn() {
  if (finished()) return;
  std::vector<OrderSource*> orders;
  for (auto& c : commanders_) orders.push_back(c.get());
  battle_->play_turn(orders, log_);
  check_end();
}

const MatchResult& Match::run() {
  while (!finished()) play_turn();
  return *result_;
}

std::vector<int> Match::generic_points(const std::vector<double>& losses) const {
  const Force& force = battle_->force();
  const int sides = static_cast<int>(force.sides.size());
  std::vector<int> points(static_cast<std::size_t>(sides), 0);
  for (int s = 0; s < sides; ++s) {
    for (int o = 0; o < sides; ++o) {
      if (o != s) points[s] += static_cast<int>(losses[o] * 100.0 + 1e-9);
    }
  }
  const std::vector<int> holders = generic_objective_holders(scenario_, force, battle_.get());
  for (std::size_t o = 0; o < holders.size(); ++o) {
    if (holders[o] >= 0) points[holders[o]] += scenario_.objectives[o].points;
  }
  return points;
}

void Match::check_end() {
  const Force& force = battle_->force();
  const int sides = static_cast<int>(force.sides.size());
  MatchResult r;
  r.turns = battle_->turn();
  for (int s = 0; s < sides; ++s) {
    r.broken.push_back(battle_->broken_fraction(s));
    r.losses.push_back(battle_->loss_fraction(s));
  }
  // Victory points: the rule set's own when it has them (Battle::victory_points), else
  // the generic points of common.md §15 (A2-26): 1 per 1% of the enemy's strength lost,
  // plus objectives held (a formed unit of the side within the radius and no enemy within).
  std::vector<std::string> accounts;
  if (std::optional<Battle::VictoryPoints> vp = battle_->victory_points()) {
    r.points = vp->points;
    r.points.resize(static_cast<std::size_t>(sides), 0);
    accounts = vp->accounts;
  } else {
    r.points = generic_points(r.losses);
  }
  accounts.resize(static_cast<std::size_t>(sides));

  const double threshold = scenario_.end.army_break;
  std::vector<int> broken_sides;
  for (int s = 0; s < sides; ++s) {
    if (r.broken[s] >= threshold) broken_sides.push_back(s);
  }
  bool done = false;
  if (!broken_sides.empty()) {
    done = true;
    r.reason = "army-break";
    if (static_cast<int>(broken_sides.size()) == sides) {
      r.winner = -1;
    } else if (sides == 2) {
      r.winner = 1 - broken_sides.front();
    } else {
      r.winner = -1;
    }
  } else if (r.turns >= turn_limit_) {
    done = true;
    r.reason = "turn-limit";
    if (scenario_.end.victory_points && sides == 2 && r.points[0] != r.points[1]) {
      r.winner = r.points[0] > r.points[1] ? 0 : 1;
      r.reason = "victory-points";
    }
  }
  if (!done) return;
  std::string score;
  for (int s = 0; s < sides; ++s) {
    score += fmt::format("{}{} {:.0f}% broken, {:.0f}% lost, {} VP{}", s ? "; " : "",
                         force.sides[s].name, r.broken[s] * 100, r.losses[s] * 100, r.points[s],
                         accounts[s].empty() ? "" : " (" + accounts[s] + ")");
  }
  std::string who = r.winner >= 0 ? force.sides[r.winner].name + " win" : "Drawn battle";
  std::string why = r.reason == "army-break"       ? "the enemy army broke"
                    : r.reason == "victory-points" ? "on victory points at the turn limit"
                                                   : "turn limit reached";
  r.summary = fmt::format("{} after {} turns ({}). {}.", who, r.turns, why, score);
  Event e;
  e.kind = EventKind::kBattleEnd;
  e.turn = r.turns;
  e.text = r.summary;
  e.data = {
      {"winner", r.winner >= 0 ? Value(force.sides[r.winner].id) : Value(std::string("draw"))},
      {"reason", r.reason},
      {"turns", std::int64_t{r.turns}}};
  for (int s = 0; s < sides; ++s) {
    e.data.push_back({force.sides[s].id + "_broken", r.broken[s]});
    e.data.push_back({force.sides[s].id + "_losses", r.losses[s]});
    e.data.push_back({force.sides[s].id + "_points", std::int64_t{r.points[s]}});
  }
  log_.append(std::move(e));
  result_ = std::move(r);
}

}  // namespace smoothbore
