// Internals shared by the fire resolution files (not part of the public API).
#pragma once

#include <vector>

#include "core/dice/case_table.h"
#include "core/dice/face_count.h"
#include "rules/fire_and_discipline/fire_resolutions.h"

namespace smoothbore::fire_and_discipline::detail {

// The same outcomes as resolve_musketry / resolve_skirmish_fire, for enumeration: picked
// from their exact case counts (Chance::pick_table, the fractions every face of the real
// dice gives, in one chance node) up to kMaxEnumeratedPaths real-dice paths, above that
// from the closed forms with floating weights (Chance::pick).
int musketry_enumerated(const MusketrySituation& s, Chance& dice, RollRecord* record);
// How musketry_enumerated picks a possible volley's hits (`d.possible`): from the closed
// form's weights above kMaxEnumeratedPaths real-dice paths, else from the exact binomial
// cases. Built once per enumeration by the named resolution's prepare step.
class MusketryPick {
 public:
  explicit MusketryPick(const MusketryDice& d);
  int operator()(Chance& dice) const { return closed_ ? dice.pick(weights_) : exact_(dice); }
  bool closed() const { return closed_; }
  int hit_faces() const { return hit_faces_; }

 private:
  bool closed_ = false;
  int hit_faces_ = 0;            // the d10 faces that hit
  std::vector<double> weights_;  // closed: hit_count_weights(dice, hit_faces)
  FaceCountPick exact_;          // exact: the binomial cases
};
SkirmishFireResult skirmish_enumerated(const MusketrySituation& s, Chance& dice,
                                       std::vector<RollRecord>* records);
// skirmish_fire_distribution(), computed once per thread and (dice, hit_faces).
const std::vector<double>& skirmish_fire_weights(int dice, int hit_faces);
// The skirmish fire outcomes that can happen as exact cases (fire_exact.cc), and their
// indices casualties × 4 + effect.
struct SkirmishTable {
  CaseTablePtr table;
  std::vector<int> index;  // table row → casualties × 4 + effect
};
const SkirmishTable& skirmish_case_table(int dice, int hit_faces);

}  // namespace smoothbore::fire_and_discipline::detail
