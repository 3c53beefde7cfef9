// Lookups in the Fire and Discipline melee and morale tables (000.md §5.4, §9, §10): hit
// sets (widened, printed, parsed), the hit set of a melee row and column, a target's rows,
// the morale effect of a face and the attrition of fanatics.
#include "rules/fire_and_discipline/melee_morale_tables.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/check.h"

namespace smoothbore::fire_and_discipline {

MeleeHitSet MeleeHitSet::widened(int by) const { return {std::clamp(faces + by, 1, 10)}; }

std::string MeleeHitSet::text() const {
  std::string out = "0";
  for (int f = 1; f < faces; ++f) out += "-" + std::to_string(f);
  return out;
}

std::optional<MeleeHitSet> parse_melee_hit_set(std::string_view printed) {
  for (int n = 1; n <= 10; ++n) {
    if (MeleeHitSet{n}.text() == printed) return MeleeHitSet{n};
  }
  return std::nullopt;
}

MeleeHitSet cavalry_hit_set(CavalryRow row, CavalryTactic tactic, bool engaged) {
  const CavalryCell& c =
      melee_morale_tables()
          .melee.cavalry[static_cast<std::size_t>(row)][static_cast<std::size_t>(tactic)];
  return engaged ? c.engaged : c.contact;
}

MeleeHitSet infantry_hit_set(InfantryRow row, InfantryWeapon weapon) {
  return melee_morale_tables()
      .melee.infantry[static_cast<std::size_t>(row)][static_cast<std::size_t>(weapon)];
}

CavalryRow cavalry_row(MeleeTarget t) {
  return melee_morale_tables().melee.cavalry_row_of[static_cast<std::size_t>(t)];
}

InfantryRow infantry_row(MeleeTarget t) {
  return melee_morale_tables().melee.infantry_row_of[static_cast<std::size_t>(t)];
}

bool face_in(const std::vector<int>& faces, int face) {
  return std::find(faces.begin(), faces.end(), face) != faces.end();
}

MoraleEffect morale_effect(int face, bool surrounded) {
  SB_CHECK(face >= 1 && face <= 10, "a d10 face is 1..10");
  for (const MoraleEffectBand& b : melee_morale_tables().morale.effects) {
    if (!face_in(b.faces, face)) continue;
    if (b.effect == MoraleEffect::kSurrender && !surrounded) {
      return morale_effect(b.otherwise_face, surrounded);
    }
    return b.effect;
  }
  SB_CHECK(false, "the effects bands cover every face");
  return MoraleEffect::kHalt;
}

int fanatic_attrition(int face) {
  const MoraleTables& t = melee_morale_tables().morale;
  for (const MoraleEffectBand& b : t.effects) {
    if (b.effect == MoraleEffect::kSurrender && face_in(b.faces, face)) face = b.otherwise_face;
  }
  if (face_in(t.attrition_one_faces, face)) return 1;
  if (face_in(t.attrition_two_faces, face)) return 2;
  SB_CHECK(false, "fanaticism covers faces 1-9");
  return 0;
}

}  // namespace smoothbore::fire_and_discipline
