// Morale (§4, L13-L32), charge tests (§7, L50-L54, SK-12) and melee (§9, L83-L95, SK-13):
// one d10 each, every face and modifier recorded with its line.
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// The morale parameters of one squad, names prefixed (`attacker-`, `defender-` or none).
void add_morale_params(std::vector<ParamSpec>& ps, const std::string& prefix,
                       const std::string& who) {
  ps.push_back(choice(prefix + "quality", keys_of("morale.base", "regular"),
                      who + ": green (8), regular (9) or veteran (10) base morale", "L21-L24"));
  ps.push_back(
      count(prefix + "figures-lost", 0, 0, 12, who + ": figures lost (-1 each)", "L22, SK-02"));
  ps.push_back(flag(prefix + "leader-killed", who + ": squad leader killed (-1)", "L23"));
  ps.push_back(flag(prefix + "formed", who + ": formed (+1)", "L24, SK-09"));
  ps.push_back(flag(prefix + "officer-rallying", who + ": an officer rallying (+2)", "L25, SK-16"));
  ps.push_back(flag(prefix + "wounded-leader",
                    who + ": the squad leader is wounded (Heroes: -1 to his rolls)", "L99, §10"));
}

// The morale parameters' names under one prefix, built once: the charge's exact odds read
// them on every one of its hundred dice paths.
struct MoraleNames {
  explicit MoraleNames(const std::string& prefix)
      : quality(prefix + "quality"),
        figures_lost(prefix + "figures-lost"),
        leader_killed(prefix + "leader-killed"),
        formed(prefix + "formed"),
        officer_rallying(prefix + "officer-rallying"),
        wounded_leader(prefix + "wounded-leader") {}
  std::string quality, figures_lost, leader_killed, formed, officer_rallying, wounded_leader;
};

const MoraleNames& morale_names(const std::string& prefix) {
  static const MoraleNames kSquad(""), kAttacker("attacker-"), kDefender("defender-");
  if (prefix.empty()) return kSquad;
  if (prefix == "attacker-") return kAttacker;
  SB_CHECK(prefix == "defender-", prefix);
  return kDefender;
}

MoraleSituation morale_of(const Params& p, const std::string& prefix) {
  const MoraleNames& n = morale_names(prefix);
  MoraleSituation s;
  s.quality = p.get_string(n.quality);
  s.figures_lost = int_of(p, n.figures_lost);
  s.leader_killed = p.get_bool(n.leader_killed);
  s.formed = p.get_bool(n.formed);
  s.officer_rallying = p.get_bool(n.officer_rallying);
  s.wounded_leader = p.get_bool(n.wounded_leader);
  return s;
}

// One melee side's modifiers (L89-L95).
void add_melee_params(std::vector<ParamSpec>& ps, const std::string& side) {
  const std::string who = side == "a" ? "side a" : "side b";
  ps.push_back(flag(side + "-charging", who + " is charging (+1)", "L90"));
  ps.push_back(flag(side + "-crossed-obstacle",
                    who + " charged across an undefended linear obstacle (no charging +1)", "L95"));
  ps.push_back(flag(side + "-cavalry", who + " is cavalry (+1)", "L91"));
  ps.push_back(flag(side + "-leader", who + " is a squad leader or officer (+1)", "L92"));
  ps.push_back(flag(side + "-out-of-command", who + " is out of command (-4)", "L93, SK-10"));
  ps.push_back(choice(side + "-cover", {"none", "soft", "hard"},
                      who + "'s cover: none, soft (+1) or hard (+2)", "L90-L91, SK-19"));
  ps.push_back(flag(side + "-formed", who + " is formed (+1)", "L92, SK-09"));
  ps.push_back(flag(side + "-versus-2", who + " faces two opponents (-2)", "L93, SK-13"));
  ps.push_back(
      flag(side + "-wounded", who + " is a wounded squad leader (Heroes: -1)", "L99, §10"));
}

}  // namespace

namespace detail {

namespace {

// One melee side's parameter names, built once: the melee's exact odds read them on every
// one of its hundred dice paths (issue 9).
struct MeleeNames {
  explicit MeleeNames(const std::string& side)
      : charging(side + "-charging"),
        crossed_obstacle(side + "-crossed-obstacle"),
        cavalry(side + "-cavalry"),
        leader(side + "-leader"),
        out_of_command(side + "-out-of-command"),
        cover(side + "-cover"),
        formed(side + "-formed"),
        versus_2(side + "-versus-2"),
        wounded(side + "-wounded") {}
  std::string charging, crossed_obstacle, cavalry, leader, out_of_command, cover, formed, versus_2,
      wounded;
};

const MeleeNames& melee_names(const std::string& side) {
  static const MeleeNames kA("a"), kB("b");
  if (side == "a") return kA;
  SB_CHECK(side == "b", side);
  return kB;
}

}  // namespace

// One melee side's modifiers (L89-L95), side "a" or "b" (the battle rolls a figure facing two
// once against both, SK-13).
Modifiers melee_modifiers(const Params& p, const std::string& side) {
  const MeleeNames& n = melee_names(side);
  Modifiers m;
  auto add = [&](const std::string& param, std::string_view key) {
    if (p.get_bool(param)) m.add(row("melee.modifiers", key));
  };
  if (p.get_bool(n.charging) && !p.get_bool(n.crossed_obstacle)) {
    m.add(row("melee.modifiers", "charging"));
  }
  add(n.cavalry, "cavalry");
  add(n.leader, "leader");
  add(n.out_of_command, "out-of-command");
  const std::string& cover = p.get_string(n.cover);
  if (cover != "none") m.add(row("melee.modifiers", cover + "-cover"));
  add(n.formed, "formed");
  add(n.versus_2, "versus-2");
  if (p.get_bool(n.wounded)) m.add("wounded squad leader (Heroes)", -1, "L99, §10");
  return m;
}

}  // namespace detail

Resolution morale_resolution() {
  Resolution r;
  r.name = "morale";
  r.help = "a squad's morale test: d10 <= modified morale passes; fail by 1-2 or by 3+";
  r.ref = "L13-L32, SK-02, SK-14, SK-15, SK-16";
  add_morale_params(r.params, "", "the squad");
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      const MoraleResult m = morale_test(morale_of(p, ""), c, rec, "morale");
      return Outcome{{"result", text_value(m.result->key)}};
    });
  };
  return r;
}

Resolution charge_resolution() {
  Resolution r;
  r.name = "charge";
  r.help = "charge tests: the attacker (unless it passed a test this turn) and the defender";
  r.ref = "L50-L54, L15, SK-12";
  add_morale_params(r.params, "attacker-", "the charging squad");
  r.params.push_back(flag("attacker-passed",
                          "the attacker already passed a morale test this turn (no test)", "L52"));
  add_morale_params(r.params, "defender-", "the charged squad");
  r.outcome_fields = {"attacker", "defender", "charge"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    RollRecord att;
    RollRecord def;
    RollRecord* att_rec = explain != nullptr ? &att : nullptr;
    RollRecord* def_rec = explain != nullptr ? &def : nullptr;
    std::string attacker = "passed-earlier";
    if (!p.get_bool("attacker-passed")) {
      attacker = morale_test(morale_of(p, "attacker-"), c, att_rec, "charge: attacker").result->key;
    }
    const std::string defender =
        morale_test(morale_of(p, "defender-"), c, def_rec, "charge: defender").result->key;
    // SK-12: an attacker failing by 1-2 does not charge, by 3+ retreats; a defender failing
    // by 3+ retreats at once (the chargers contact only if they still reach).
    std::string charge = "goes-in";
    if (attacker == "falter" || attacker == "retreat") {
      charge = "called-off";
    } else if (defender == "retreat") {
      charge = "defender-retreats";
    }
    if (explain != nullptr) {
      if (!p.get_bool("attacker-passed")) {
        explain->push_back(std::move(att));
      }
      def.result += fmt::format("; charge {} (SK-12)", charge);
      explain->push_back(std::move(def));
    }
    return Outcome{{"attacker", text_value(attacker)},
                   {"defender", text_value(defender)},
                   {"charge", text_value(charge)}};
  };
  return r;
}

namespace {

// Side a's result of a melee pairing from both modified dice (L85-L87).
std::string_view melee_pairing_result(int a, int b) {
  return a > b ? "win" : (a < b ? "lose" : "tie");
}

}  // namespace

Resolution melee_resolution() {
  Resolution r;
  r.name = "melee";
  r.help = "one melee pairing: each side rolls a modified d10, higher wins (tie continues)";
  r.ref = "L83-L95, SK-13";
  add_melee_params(r.params, "a");
  add_melee_params(r.params, "b");
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    RollRecord a_rec;
    RollRecord b_rec;
    const Modifiers am = melee_modifiers(p, "a");
    const Modifiers bm = melee_modifiers(p, "b");
    const int a_face = c.roll(kD10);
    const int b_face = c.roll(kD10);
    const int a = a_face + am.total();
    const int b = b_face + bm.total();
    const std::string result(melee_pairing_result(a, b));
    if (explain != nullptr) {
      int i = 0;
      for (auto [rec, m, face, total] :
           {std::tuple{&a_rec, &am, a_face, a}, std::tuple{&b_rec, &bm, b_face, b}}) {
        start_record(rec, i == 0 ? "melee: side a" : "melee: side b", 0,
                     "modified d10, higher wins (L85-L87)");
        m->record(rec);
        note_face(rec, "d10", face);
        rec->target = total;
        rec->result = fmt::format("d10 {} {:+} = {}", face, m->total(), total);
        ++i;
      }
      b_rec.result += fmt::format("; side a {} ({} vs {}{})", result, a, b,
                                  result == "tie" ? ": continue next action phase, L87" : "");
      explain->push_back(std::move(a_rec));
      explain->push_back(std::move(b_rec));
    }
    return Outcome{{"result", text_value(result)}};
  };
  // Enumerated: both sides' modifiers read once, not on each of the 100 dice paths.
  r.prepare = [](const Params& p) -> std::function<Outcome(Chance&)> {
    return [a_dm = melee_modifiers(p, "a").total(),
            b_dm = melee_modifiers(p, "b").total()](Chance& c) {
      const int a = c.roll(kD10) + a_dm;  // side a's die first, as resolve rolls them
      const int b = c.roll(kD10) + b_dm;
      return Outcome{{"result", text_value(melee_pairing_result(a, b))}};
    };
  };
  return r;
}

}  // namespace smoothbore::squad_skirmish
