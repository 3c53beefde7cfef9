// What every fire resolution shares (§7.1 General modifiers L197-L205, range bands):
// internal to src/rules/elan_drill.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/elan_drill/resolution_util.h"
#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill::detail {

// moving (L200), dms (L201), reaction (L204), friends-in-contact (L205).
void add_general_fire_params(std::vector<ParamSpec>& ps);
FireModifiers fire_modifiers(const Params& p);
void add_fire_modifier_params(const FireModifiers& m, std::map<std::string, Value>& out);
void apply_general_fire_modifiers(const FireModifiers& m, Factor& f);
const Row& general_modifier(std::string_view key);

// The columns of a fire.weapons row that a small-arms shot reads (L127-L141), and whether
// a fire.fire_types row fires half its figures: read once for the rows of the sheet's
// tables (issue 9: every shot the doctrine weighs read them by name); any other row is
// read by name as before.
struct WeaponColumns {
  int close = 0, long_range = 0;
  bool platoon_only = false, mounted = false, carbine = false;
  bool operator==(const WeaponColumns&) const = default;
};
WeaponColumns weapon_columns(const Row& weapon);
WeaponColumns weapon_columns_now(const Row& weapon);  // read by name (tests)
bool fires_half(const Row& fire_type);

// Range bands (common.md §3.4: upper limits inclusive, never rounded).
enum class Band { kClose, kLong, kOut };
Band band_of(double range, double close, double long_range);
std::string_view band_name(Band b);

// Canister (fire_resolutions.cc, L151-L161, L213-L215): the gun's row, the to-hit factor and
// the band; the roll.
struct CanisterShot {
  const Row* gun = nullptr;
  Factor factor;
  Band band = Band::kClose;
};
CanisterShot canister_shot(const ShotSituation& s, bool named);
FireOutcome roll_canister(const ShotSituation& s, Chance& c, std::vector<RollRecord>* explain);

}  // namespace smoothbore::elan_drill::detail
