// One firing figure's shot (§8, L56-L81) as the `fire` resolution reads it from its parameters:
// the modifiers, the rules that classify a d10, and the target's state. The resolution rolls
// it (fire_resolutions.cc); the doctrine asks its mean kills (actions.cc), which depend on this
// and nothing else, so they are computed once per distinct shot and exactly as the enumeration
// of the resolution gives them. Internal to src/rules/squad_skirmish.
#pragma once

#include <cstdint>
#include <string_view>

#include "rules/param.h"
#include "rules/squad_skirmish/resolution_util.h"

namespace smoothbore::squad_skirmish::detail {

enum class Victim { kNone, kRanker, kLeader, kOfficer };

struct ShotRules {
  int modifier = 0;
  int kill_score = 8;          // L58
  bool natural_face = true;    // SK-03: a natural 10 is the die face (else a modified 10+)
  bool natural_kills = true;   // SK-04
  bool missing_ranker = true;  // SK-05: an absent leader/officer victim becomes a ranker
  bool chain = false;          // L75, SK-08: canister at close range rolls again over 10
  int chain_over = 10;
};

struct ShotState {
  bool leader = true;   // the target squad has a living squad leader
  bool officer = true;  // an officer is attached to or within 6" of it (SK-05)
};

struct Shot {
  Victim victim = Victim::kNone;  // kNone: no kill
  bool natural = false;
  bool again = false;  // roll again (canister chain)
};

// One shot from its to-kill face and (used only after a natural 10) its victim face.
Shot classify(const ShotRules& rules, const ShotState& state, int face, int victim_face);

// Shot classes for enumeration: victim × again.
inline int class_of(const Shot& s) { return static_cast<int>(s.victim) * 2 + (s.again ? 1 : 0); }
inline constexpr int kShotClasses = 8;
inline Shot shot_of_class(int k) {
  Shot s;
  s.victim = static_cast<Victim>(k / 2);
  s.again = k % 2 == 1;
  return s;
}

// The `fire` parameters, typed: what the battle knows of one figure's shot without building
// them by name (the doctrine weighs tens of shots per decision), and what the resolution reads.
struct FireSituation {
  std::string_view weapon = "musket";  // a fire.weapons key
  double range = 10;                   // inches to the nearest visible target figure
  std::string_view quality = "regular";
  bool mounted = false;
  bool wounded = false;
  std::string_view cover = "none";  // none | soft | hard
  bool target_formed = false;
  bool volley = false;
  bool canister = false;
  bool tap = false;
  int target_size = 10;
  bool leader = true;          // squad-leader
  bool officer = true;         // officer
  bool natural_face = true;    // natural-10 = face
  bool natural_kills = true;   // natural-10-kills
  bool missing_ranker = true;  // missing-victim = ranker
  bool chain = true;           // canister-chain = modified-over-10
  bool ball_close = true;      // ball-close = plus-1
};
// Views into `p`'s texts: `p` must outlive it.
FireSituation fire_situation(const Params& p);

// What the `fire` parameters make of one figure's fire.
struct FireShot {
  const Row* ranges = nullptr;  // fire.weapons row whose ranges apply (a tap-loaded rifle: musket)
  bool beyond = false;          // past the effective range: no fire
  bool close = false;           // within close range
  Modifiers modifiers;          // every modifier, in the order the record lists them (if listed)
  ShotRules rules;
  ShotState state;
  int size = 10;  // target-size: the canister chain stops at this many kills
};
// `listed`: the modifiers named in `modifiers` for a record; else only their total, in
// rules.modifier either way.
FireShot fire_shot(const FireSituation& f, bool listed = true);

// The `fire` resolution on a typed situation (fire_resolutions.cc): the resolution reads its
// parameters into one (fire_situation) and calls this; the battle builds one directly
// (BattleSK::fire_situation) rather than naming eighteen parameters for every shot.
Outcome fire_outcome(const FireSituation& f, Chance& c, std::vector<RollRecord>* explain);

// Mean of the `fire` resolution's "kills" over its exact distribution, bit for bit what
// outcome_mean() gives (each outcome's exact fraction to the nearest double, summed in the
// outcomes' order), from a walk over the shot's kill states instead of every dice path; kept
// per thread by the shot's rules, state and (for a chain) size.
double fire_mean_kills(const FireShot& shot);
// The walk on exact fractions over the kill states (the reference of fire_mean_kills' walk,
// which counts cases in 128-bit integers, and what a canister chain of 20 uses).
double fraction_walk_mean_kills(const FireShot& shot);
// fire_mean_kills(fire_shot(f)), kept per thread by every field of `f` the shot reads (its
// range only as within the close range and beyond the effective one), so the doctrine's tens
// of shots per decision neither look up nor name their modifiers.
double situation_mean_kills(const FireSituation& f);
// The same by outcome_mean() on the resolution (the tests' reference).
double fire_mean_kills_enumerated(const Params& p);

}  // namespace smoothbore::squad_skirmish::detail
