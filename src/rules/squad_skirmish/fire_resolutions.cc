// Firing (§8, L56-L81, SK-03 … SK-08, SK-23, SK-24): one d10 for a firing figure, modified
// 8 or better kills a figure of the target squad; a natural 10 always kills (SK-04) and rolls
// again for the victim (1-5 ranker, 6-8 squad leader, 9-0 officer); a cannon firing canister
// at close range gets +4 and rolls again for every modified score over 10 (L75, SK-08).
//
// Sampling rolls the real dice and records every face. Enumeration classifies each shot by
// the same function over its 10 × 10 (to-kill face, victim face) cases and branches once per
// class (Chance::pick_cases), so a canister chain of up to 20 kills stays exact and small.
#include <array>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/squad_skirmish/fire_shot.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

std::string_view victim_name(Victim v) {
  switch (v) {
    case Victim::kRanker:
      return "ranker";
    case Victim::kLeader:
      return "squad-leader";
    case Victim::kOfficer:
      return "officer";
    case Victim::kNone:
      break;
  }
  return "none";
}

Shot roll_shot(const ShotRules& rules, const ShotState& state, Chance& c, RollRecord* rec,
               std::string& story) {
  if (c.enumerating()) {
    std::array<BigInt, kShotClasses> cases{};
    for (int f = 1; f <= kD10; ++f) {
      for (int v = 1; v <= kD10; ++v)
        cases[static_cast<std::size_t>(class_of(classify(rules, state, f, v)))] += 1;
    }
    std::vector<BigInt> nonzero;
    std::vector<int> index;
    for (int k = 0; k < kShotClasses; ++k) {
      if (cases[static_cast<std::size_t>(k)] > 0) {
        nonzero.push_back(cases[static_cast<std::size_t>(k)]);
        index.push_back(k);
      }
    }
    const int pick = nonzero.size() == 1 ? 0 : c.pick_cases(nonzero);
    return shot_of_class(index[static_cast<std::size_t>(pick)]);
  }
  const int face = c.roll(kD10);
  note_face(rec, "d10", face);
  int victim_face = 0;
  const int score = face + rules.modifier;
  const bool natural = rules.natural_face ? face == kD10 : score >= kD10;
  if (natural) {
    victim_face = c.roll(kD10);
    note_face(rec, "d10", victim_face);
  }
  const Shot s = classify(rules, state, face, victim_face);
  if (rec == nullptr) return s;  // the story is the record's
  story += fmt::format("{}d10 {} {:+} = {}: {}", story.empty() ? "" : "; ", face, rules.modifier,
                       score, s.victim == Victim::kNone ? "miss" : "kill");
  if (natural) {
    story += fmt::format(" (natural 10, victim d10 {}: {})", victim_face, victim_name(s.victim));
  }
  if (s.again) story += ", over 10: roll again";
  return s;
}

}  // namespace

namespace detail {

Outcome fire_outcome(const FireSituation& f, Chance& c, std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) {
    const Row& kill = row("fire.kill", "kill");
    FireShot shot = fire_shot(f, rec != nullptr);
    const Row& ranges = *shot.ranges;
    const bool close = shot.close;
    const double range = f.range;
    start_record(rec, "fire", kill.number("score"),
                 rec != nullptr ? fmt::format("{} ({})", kill.name, kill.ref) : std::string());
    if (shot.beyond) {
      if (rec != nullptr) {
        rec->result = fmt::format("no fire: {:g}\" is beyond the {}'s effective range {}\" ({})",
                                  range, ranges.key, ranges.number("effective"), ranges.ref);
      }
      return Outcome{{"kills", int_value(0)}, {"victim", text_value("none")}};
    }
    shot.modifiers.record(rec);
    const ShotRules& rules = shot.rules;
    ShotState state = shot.state;
    const int size = shot.size;
    int kills = 0;
    bool leader_killed = false;
    bool officer_killed = false;
    std::string story;
    while (true) {
      const Shot s = roll_shot(rules, state, c, rec, story);
      if (s.victim != Victim::kNone) ++kills;
      if (s.victim == Victim::kLeader) {
        leader_killed = true;
        state.leader = false;
      }
      if (s.victim == Victim::kOfficer) {
        officer_killed = true;
        state.officer = false;
      }
      if (!s.again || kills >= size) break;
    }
    // The highest-ranking figure killed (L81).
    std::string victim = kills == 0 ? "none" : "ranker";
    if (leader_killed && officer_killed) {
      victim = "squad-leader+officer";
    } else if (leader_killed) {
      victim = "squad-leader";
    } else if (officer_killed) {
      victim = "officer";
    }
    if (rec != nullptr) {
      rec->target = rules.kill_score;
      rec->result = fmt::format("{} kill{} ({}; {} range, {})", kills, kills == 1 ? "" : "s", story,
                                close ? "close" : "effective", ranges.ref);
    }
    return Outcome{{"kills", int_value(kills)}, {"victim", text_value(victim)}};
  });
}

}  // namespace detail

Resolution fire_resolution() {
  Resolution r;
  r.name = "fire";
  r.help = "one figure fires at a squad: d10 + modifiers, 8+ kills; natural 10 picks the victim";
  r.ref = "L56-L81, SK-03, SK-04, SK-05, SK-06, SK-08, SK-23, SK-24";
  r.params = {
      choice("weapon", keys_of("fire.weapons", "musket"), "the firer's weapon", "L60-L65"),
      inches("range", 10, 120, "range in inches to the nearest visible target figure",
             "L60-L65, SK-06"),
      choice("quality", {"regular", "green", "veteran"},
             "the firer: green (-1), regular or veteran (+1)", "L69-L70"),
      flag("mounted", "the firer is mounted (-1)", "L71, SK-20"),
      flag("wounded", "the firer is a wounded squad leader (Heroes: -1 to all his rolls)",
           "L99, §10"),
      choice("target-cover", {"none", "soft", "hard"},
             "the target squad's cover: none, soft (-1) or hard (-2)", "L67-L68, SK-19"),
      flag("target-formed", "the target squad is formed (+1)", "L69, SK-09"),
      flag("volley", "volley fire: 10+ figures of formed squad(s) at one target (+1)",
           "L70, L77, SK-23"),
      flag("canister",
           "a cannon firing canister/grapeshot (+4 at close range, roll again "
           "over 10)",
           "L67, L75, SK-08, SK-24"),
      flag("tap-loaded", "a rifle reloaded by tap loading: fires as a musket", "L73, SK-07"),
      count("target-size", 10, 1, 20, "figures in the target squad (the canister chain's limit)",
            "SK-08"),
      bool_param("squad-leader", true, "the target squad has a living squad leader", "SK-05"),
      bool_param("officer", true, "an officer is attached to or within 6\" of the target squad",
                 "SK-05"),
      choice("natural-10", {"face", "modified"},
             "the victim roll follows a natural 10 (die face) or a modified 10+", "SK-03"),
      bool_param("natural-10-kills", true, "a natural 10 always kills", "SK-04"),
      choice("missing-victim", {"ranker", "no-kill"},
             "a victim roll naming an absent leader/officer kills a ranker, or nobody", "SK-05"),
      choice("canister-chain", {"modified-over-10", "none"},
             "canister at close range rolls again for any modified score over 10, or never",
             "L75, SK-08"),
      choice("ball-close", {"plus-1", "none"},
             "a cannon firing ball at close range gets +1, or nothing", "SK-24"),
  };
  r.outcome_fields = {"kills", "victim"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return fire_outcome(fire_situation(p), c, explain);
  };
  return r;
}

}  // namespace smoothbore::squad_skirmish
