#include "rules/elan_drill/pool.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/dice/face_count.h"

namespace smoothbore::elan_drill {

namespace {

void note_dice(RollRecord* r, int dice, double target) {
  if (r == nullptr || dice <= 0) return;
  // Appended in place (issue 9: two new strings a recorded pool).
  if (!r->dice.empty()) r->dice += " + ";
  const fmt::format_int n(dice);
  r->dice.append(n.data(), n.size());
  r->dice += "d12";
  r->target = target;
}

}  // namespace

int success_faces(int factor) { return std::clamp(factor, 0, kSides); }

PoolResult roll_pool(int dice, int factor, Chance& chance, RollRecord* record, bool roll_over) {
  PoolResult out;
  out.dice = std::max(dice, 0);
  note_dice(record, out.dice, factor);
  if (chance.enumerating()) {
    out.successes = pick_face_count(chance, out.dice, kSides, success_faces(factor));
  } else {
    for (int i = 0; i < out.dice; ++i) {
      const int face = chance.roll(kSides);
      if (record != nullptr) record->faces.push_back(face);
      if (roll_over ? face >= kSides + 1 - factor : face <= factor) ++out.successes;
      if (face == kSides) ++out.natural_12s;
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
      out.special = pick_face_count(chance, hits, kSides, 1);
      const int rest = hits - out.special;
      const int failing = kSides - 1 - std::clamp(factor, 0, kSides - 1);
      out.casualties = out.special + pick_face_count(chance, rest, kSides - 1, failing);
    } else {
      out.casualties = pick_face_count(chance, hits, kSides, kSides - success_faces(factor));
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
