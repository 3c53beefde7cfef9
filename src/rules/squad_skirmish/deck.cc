// Cards (§3 L5, SK-01): the squad deck (a card per squad and per officer, shuffled each turn
// with the battle's dice) or the per-side deck (52 cards, red side A, black side B); and the
// end of the turn (SK-17's promotion without an officer).
#include <algorithm>

#include <fmt/format.h>

#include "rules/squad_skirmish/battle_impl.h"

namespace smoothbore::squad_skirmish {

namespace {

template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {  // Fisher-Yates with the battle's dice
  for (std::size_t i = v.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng.roll(static_cast<int>(i)) - 1);
    std::swap(v[i - 1], v[j]);
  }
}

}  // namespace

// SK-01 squad-deck: one card per squad on the table and one per living officer, in unit
// order before the shuffle.
std::vector<std::pair<int, int>> BattleSK::build_deck() const {
  std::vector<std::pair<int, int>> deck;
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const int ui = static_cast<int>(u);
    if (!force_.units[u].on_table() || figure_count(ui) == 0) continue;
    if (!is_officer_unit(ui)) deck.emplace_back(ui, -1);
    for (std::size_t k = 0; k < figures_[u].size(); ++k) {
      if (alive(ui, static_cast<int>(k)) && figures_[u][k].role == Role::kOfficer) {
        deck.emplace_back(ui, static_cast<int>(k));
      }
    }
  }
  return deck;
}

std::string BattleSK::card_name(int unit, int officer) const {
  const std::string side = force_.sides[force_.units[unit].side].name.empty()
                               ? force_.sides[force_.units[unit].side].id
                               : force_.sides[force_.units[unit].side].name;
  if (officer < 0) return fmt::format("{} {}", side, name(unit));
  if (is_officer_unit(unit)) return fmt::format("{} officer {}", side, name(unit));
  return fmt::format("{} officer with {}", side, name(unit));
}

std::vector<std::string> BattleSK::cards_drawn() const {
  std::vector<std::string> out;
  for (const auto& [unit, officer] : cards_) out.push_back(card_name(unit, officer));
  return out;
}

void BattleSK::squad_deck_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  std::vector<std::pair<int, int>> deck = build_deck();
  shuffle(deck, rng_);
  for (const auto& [unit, officer] : deck) {
    const bool gone = !force_.units[unit].on_table() || figure_count(unit) == 0 ||
                      (officer >= 0 && !alive(unit, officer));
    cards_.emplace_back(unit, officer);
    phase_ = "card";
    Event e = make_event(log, EventKind::kInitiative, unit,
                         log.quiet() ? std::string() : "card: " + card_name(unit, officer));
    if (!log.quiet()) {
      e.data = {{"phase", Value(std::string("card"))}, {"deck", Value(std::string("squad-deck"))}};
      if (gone) e.text += officer >= 0 ? " (killed: no activation)" : " (gone: no activation)";
    }
    log.append(std::move(e));
    if (gone) continue;
    if (officer < 0 && squads_[unit].activated) {
      emit(log, EventKind::kStatus, unit,
           [&] { return name(unit) + " already acted with its officer (SK-01)"; });
      continue;
    }
    activate(unit, officer, orders, log);
    after_step("activation");
  }
}

// SK-01 per-side: each draw lets its colour's side activate its first squad that has not
// acted this turn; the deck is reshuffled when it runs out; the turn ends when every squad
// has acted.
void BattleSK::side_deck_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  constexpr int kDeck = 52;
  std::vector<int> deck;
  auto refill = [&] {
    deck.clear();
    for (int c = 0; c < kDeck; ++c) deck.push_back(c);
    shuffle(deck, rng_);
  };
  auto waiting = [&](int side) {
    for (int u : force_.units_of(side)) {
      if (force_.units[u].on_table() && figure_count(u) > 0 && !squads_[u].activated) return u;
    }
    return -1;
  };
  refill();
  std::size_t next = 0;
  while (waiting(0) >= 0 || waiting(1) >= 0) {
    if (next == deck.size()) {
      refill();
      next = 0;
    }
    const int card = deck[next++];
    const int side = card % 4 < 2 ? 0 : 1;  // hearts and diamonds red (side A), else black
    const int unit = waiting(side);
    if (unit < 0) continue;
    cards_.emplace_back(unit, -1);
    phase_ = "card";
    Event e = make_event(log, EventKind::kInitiative, unit, {});
    if (!log.quiet()) {
      e.text = fmt::format("card: {} ({}): {}", card % 4 < 2 ? "red" : "black",
                           force_.sides[side].id, card_name(unit, -1));
      e.data = {{"phase", Value(std::string("card"))}, {"deck", Value(std::string("per-side"))}};
    }
    log.append(std::move(e));
    activate(unit, -1, orders, log);
    after_step("activation");
  }
}

// SK-17: with no officer left on its side, a squad promotes its own leader after 1 full turn
// without one (sk_17_auto_promotion after-1-turn).
void BattleSK::end_of_turn(EventLog& log) {
  phase_ = "end of turn";
  replace_officers(log);
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const int ui = static_cast<int>(u);
    SquadState& s = squads_[u];
    s.faltered_turn = -1;
    touch(ui);  // no longer faltering
    if (!leaderless(ui) || !force_.units[u].on_table() || figure_count(ui) == 0) continue;
    if (option("sk_17_auto_promotion") != "after-1-turn" || s.leaderless_turn >= turn_) continue;
    if (!officers_near(force_.units[u].side, anchor(ui), 1e6).empty()) continue;
    promote(ui, "no officer left: the squad promotes its own leader after 1 full turn (SK-17)",
            log);
  }
}

// SK-18: a dead officer is not replaced (no-replacement), or (leader-promoted) at the end of
// the turn the squad leader of his squad (an officer on his own: of the nearest squad of his
// side with a leader and a ranker to succeed him) becomes an officer, and the squad promotes
// its most central ranker in his place (§5).
void BattleSK::replace_officers(EventLog& log) {
  std::vector<std::pair<int, Vec2>> lost;
  std::swap(lost, officers_lost_);
  if (option("sk_18_officer_killed") != "leader-promoted") return;
  for (const auto& [unit, at] : lost) {
    const int side = force_.units[unit].side;
    auto fits = [&](int u) {
      const int lead = squads_[u].leader;
      const std::vector<int> figs = living(u);
      return lead >= 0 && !is_officer_unit(u) && !cannon(u) && can_act(u) &&
             std::any_of(figs.begin(), figs.end(),
                         [&](int f) { return figures_[u][f].role == Role::kRanker; });
    };
    int best = fits(unit) ? unit : -1;
    for (int u : force_.units_of(side)) {
      if (best == unit || !fits(u)) continue;
      if (best < 0 || distance(anchor(u), at) < distance(anchor(best), at)) best = u;
    }
    if (best < 0) continue;
    const int k = squads_[best].leader;
    figures_[best][k].role = Role::kOfficer;
    touch(best);
    note_officer(best, k);
    squads_[best].leader = -1;
    world_changed();  // ranges may be measured to the squad leader (sk_06_measure)
    Event e = make_event(log, EventKind::kStatus, best, {});
    if (!log.quiet()) {
      e.text = fmt::format(
          "the squad leader of {} is promoted officer in place of the fallen officer (SK-18 "
          "leader-promoted)",
          name(best));
      e.data = {{"officer_promoted", Value(true)}};
    }
    log.append(std::move(e));
    promote(best, "in place of its leader, promoted officer (SK-18)", log);
  }
}

}  // namespace smoothbore::squad_skirmish
