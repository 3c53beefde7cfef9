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

#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

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

Victim victim_of(int face) {
  for (const Row& r : table("fire.victims").rows) {
    if (face >= r.number("min") && face <= r.number("max")) {
      if (r.key == "squad-leader") return Victim::kLeader;
      if (r.key == "officer") return Victim::kOfficer;
      return Victim::kRanker;
    }
  }
  return Victim::kRanker;
}

// One shot from its to-kill face and (used only after a natural 10) its victim face.
Shot classify(const ShotRules& rules, const ShotState& state, int face, int victim_face) {
  Shot s;
  const int score = face + rules.modifier;
  s.natural = rules.natural_face ? face == kD10 : score >= kD10;
  const bool kill = score >= rules.kill_score || (s.natural && rules.natural_kills);
  if (!kill) return s;
  s.victim = Victim::kRanker;
  if (s.natural) {
    const Victim v = victim_of(victim_face);
    const bool present = (v == Victim::kLeader && state.leader) ||
                         (v == Victim::kOfficer && state.officer) || v == Victim::kRanker;
    if (present) {
      s.victim = v;
    } else if (!rules.missing_ranker) {
      s.victim = Victim::kNone;
    }
  }
  s.again = rules.chain && s.victim != Victim::kNone && score > rules.chain_over;
  return s;
}

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

// Shot classes for enumeration: victim × again.
int class_of(const Shot& s) { return static_cast<int>(s.victim) * 2 + (s.again ? 1 : 0); }
constexpr int kClasses = 8;

Shot shot_of_class(int k) {
  Shot s;
  s.victim = static_cast<Victim>(k / 2);
  s.again = k % 2 == 1;
  return s;
}

Shot roll_shot(const ShotRules& rules, const ShotState& state, Chance& c, RollRecord* rec,
               std::string& story) {
  if (c.enumerating()) {
    std::array<BigInt, kClasses> cases{};
    for (int f = 1; f <= kD10; ++f) {
      for (int v = 1; v <= kD10; ++v)
        cases[static_cast<std::size_t>(class_of(classify(rules, state, f, v)))] += 1;
    }
    std::vector<BigInt> nonzero;
    std::vector<int> index;
    for (int k = 0; k < kClasses; ++k) {
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
  story += fmt::format("{}d10 {} {:+} = {}: {}", story.empty() ? "" : "; ", face, rules.modifier,
                       score, s.victim == Victim::kNone ? "miss" : "kill");
  if (natural) {
    story += fmt::format(" (natural 10, victim d10 {}: {})", victim_face, victim_name(s.victim));
  }
  if (s.again) story += ", over 10: roll again";
  return s;
}

}  // namespace

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
    return with_record(explain, [&](RollRecord* rec) {
      const Row& kill = row("fire.kill", "kill");
      const Row& weapon = row("fire.weapons", p.get_string("weapon"));
      const bool tap = weapon.key == "rifle" && p.get_bool("tap-loaded");
      // L73: a tap-loaded rifle fires as a musket (its ranges, no Rifle +1).
      const Row& ranges = tap ? row("fire.weapons", "musket") : weapon;
      const bool cannon = weapon.key == "cannon";
      const bool canister = cannon && p.get_bool("canister");
      const double range = p.get_number("range");
      start_record(rec, "fire", kill.number("score"), fmt::format("{} ({})", kill.name, kill.ref));
      auto mod = [](std::string_view key) -> const Row& { return row("fire.modifiers", key); };
      Modifiers m;
      ShotRules rules;
      rules.kill_score = kill.number("score");
      rules.chain_over = row("fire.canister", "reroll").number("over");
      const bool close = range <= ranges.number("close");
      if (range > ranges.number("effective")) {
        if (rec != nullptr) {
          rec->result = fmt::format("no fire: {:g}\" is beyond the {}'s effective range {}\" ({})",
                                    range, ranges.key, ranges.number("effective"), ranges.ref);
        }
        return Outcome{{"kills", int_value(0)}, {"victim", text_value("none")}};
      }
      if (close && canister) {
        m.add(mod("close-canister"));
        rules.chain = p.get_string("canister-chain") == "modified-over-10";
      } else if (close && !(cannon && p.get_string("ball-close") == "none")) {
        m.add(mod("close-range"));
      }
      if ((weapon.key == "rifle" && !tap) || weapon.key == "blunderbuss") {
        m.add(mod("rifle-blunderbuss"));
      }
      const std::string& quality = p.get_string("quality");
      if (quality != "regular") m.add(mod("firer-" + quality));
      if (p.get_bool("mounted")) m.add(mod("firer-mounted"));
      if (p.get_bool("wounded")) m.add("wounded squad leader (Heroes)", -1, "L99, §10");
      const std::string& cover = p.get_string("target-cover");
      if (cover != "none") m.add(mod(cover + "-cover"));
      if (p.get_bool("target-formed")) m.add(mod("target-formed"));
      if (p.get_bool("volley")) m.add(mod("volley"));
      m.record(rec);
      rules.modifier = m.total();
      rules.natural_face = p.get_string("natural-10") == "face";
      rules.natural_kills = p.get_bool("natural-10-kills");
      rules.missing_ranker = p.get_string("missing-victim") == "ranker";
      ShotState state{p.get_bool("squad-leader"), p.get_bool("officer")};
      const int size = int_of(p, "target-size");
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
        rec->result = fmt::format("{} kill{} ({}; {} range, {})", kills, kills == 1 ? "" : "s",
                                  story, close ? "close" : "effective", ranges.ref);
      }
      return Outcome{{"kills", int_value(kills)}, {"victim", text_value(victim)}};
    });
  };
  return r;
}

}  // namespace smoothbore::squad_skirmish
