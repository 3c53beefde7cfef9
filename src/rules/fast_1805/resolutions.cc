// The named resolutions of fast-1805: parameter schemas and the conversion from Params to
// the typed situations of resolutions.h.
#include "rules/fast_1805/resolutions.h"

#include <string>
#include <utility>

#include "core/check.h"
#include "rules/roll_helpers.h"

namespace smoothbore::fast_1805 {

namespace {

ParamSpec flag(std::string name, std::string help, std::string ref) {
  return bool_param(std::move(name), false, std::move(help), std::move(ref));
}

ParamSpec count(std::string name, std::int64_t min, std::int64_t def, std::string help,
                std::string ref) {
  return int_param(std::move(name), def, static_cast<double>(min), 1000, std::move(help),
                   std::move(ref));
}

ParamSpec number(std::string name, double def, double max, std::string help, std::string ref) {
  return number_param(std::move(name), def, 0, max, std::move(help), std::move(ref));
}

ParamSpec quality_param(std::string ref) {
  return choice_param("quality", {"veteran", "green", "untrained"}, "veteran",
                      "discipline (unit quality)", std::move(ref));
}

Quality quality_of(const Params& p) {
  auto q = parse_quality(p.get_string("quality"));
  SB_CHECK(q.has_value(), "quality was validated by its schema");
  return *q;
}

Arm arm_of(const Params& p) {
  auto a = parse_arm(p.get_string("arm"));
  SB_CHECK(a.has_value(), "arm was validated by its schema");
  return *a;
}

int int_of(const Params& p, const std::string& name) { return static_cast<int>(p.get_int(name)); }

// A2-08 option a2_lower_band_inclusive.
ParamSpec lower_band_param() {
  return flag("lower-band-inclusive",
              "range bands include their lower limit (6\" in 6-12; the last band's upper "
              "limit stays inclusive)",
              "A2-08, option a2_lower_band_inclusive");
}

// A2-15 option a2_percent_floor.
ParamSpec percent_floor_param() {
  return choice_param("percent-floor", {"per-figure", "total"}, "per-figure",
                      "floor the modified % at 0 per figure, or only the total (same kills)",
                      "A2-15, option a2_percent_floor");
}

bool floor_total_of(const Params& p) { return p.get_string("percent-floor") == "total"; }

// A percentage option: an integer 0..100.
ParamSpec percent_param(std::string name, double def, std::string help, std::string ref) {
  ParamSpec s =
      count(std::move(name), 0, static_cast<std::int64_t>(def), std::move(help), std::move(ref));
  s.max = 100;
  return s;
}

Outcome kills(int k) { return {{"kills", Value(static_cast<std::int64_t>(k))}}; }
Outcome text(std::string field, std::string_view v) {
  return {{std::move(field), Value(std::string(v))}};
}

Resolution fire() {
  Resolution r;
  r.name = "fire";
  r.help = "small-arms fire: kills from a volley (% per shooter summed, M-1)";
  r.ref = "L116-L126, R-002-4, A2-07, A2-08, A2-15, M-1";
  r.params = {count("shooters", 1, 1, "figures shooting", "A2-07"),
              quality_param("R-002-4 L146-L148"),
              number("range", 6.0, 1000, "range in inches (bands to 18\", inclusive)",
                     "R-002-4 L145, A2-08"),
              flag("first-fire", "the unit's first shot of the game (+3%)", "L118, A2-09"),
              flag("target-angle", "target at 45 degrees or infantry in column (+2%)", "L119"),
              flag("unmoving", "unmoving firing line (+2%)", "L120, A2-09"),
              flag("behind-cover", "shooters behind cover (+1%)", "L121, A2-09"),
              flag("target-light-cover", "target in light cover/woods (-2%)", "L122"),
              flag("shaken", "shooters shaken (-2%)", "L123, A2-03"),
              flag("target-trenches", "target in trenches (-10%)", "L124"),
              flag("woods", "firing in woods: range limits halved", "L126, A2-08"),
              lower_band_param(),
              percent_floor_param()};
  r.outcome_fields = {"kills"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    FireSituation s;
    s.shooters = int_of(p, "shooters");
    s.quality = quality_of(p);
    s.range_in = p.get_number("range");
    s.first_fire = p.get_bool("first-fire");
    s.target_angle = p.get_bool("target-angle");
    s.unmoving = p.get_bool("unmoving");
    s.behind_cover = p.get_bool("behind-cover");
    s.target_light_cover = p.get_bool("target-light-cover");
    s.shaken = p.get_bool("shaken");
    s.target_trenches = p.get_bool("target-trenches");
    s.woods = p.get_bool("woods");
    s.lower_band_inclusive = p.get_bool("lower-band-inclusive");
    s.floor_total = floor_total_of(p);
    return kills(with_record(explain, [&](RollRecord* rec) { return resolve_fire(s, c, rec); }));
  };
  return r;
}

Resolution artillery() {
  Resolution r;
  r.name = "artillery";
  r.help = "artillery fire: kills from a battery (% per gunner summed, M-1)";
  r.ref = "L128-L135, R-002-5, A2-07, A2-08, A2-15, M-1";
  r.params = {count("gunners", 1, 1, "gunner (crew) figures of guns able to bear", "A2-07"),
              quality_param("R-002-5 L153-L155"),
              number("range", 6.0, 1000, "range in inches (bands to 36\", inclusive)",
                     "R-002-5 L152, A2-08"),
              flag("first-fire", "the battery's first shot of the game (+15%)", "L130, A2-09"),
              flag("unmoving-target", "the target did not move this bound (+15%)", "L131, A2-09"),
              flag("target-angle", "target at 45 degrees or infantry in column (+10%)", "L132"),
              flag("large-target", "large target: house, wagons (+10%)", "L133, A2-17"),
              flag("shaken", "gunners shaken (-10%)", "L134, A2-03"),
              flag("target-trenches", "target in trenches etc. (-20%)", "L135"),
              flag("woods", "firing in woods: range limits halved", "L126, A2-08"),
              lower_band_param(),
              percent_floor_param()};
  r.outcome_fields = {"kills"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    ArtillerySituation s;
    s.gunners = int_of(p, "gunners");
    s.quality = quality_of(p);
    s.range_in = p.get_number("range");
    s.first_fire = p.get_bool("first-fire");
    s.unmoving_target = p.get_bool("unmoving-target");
    s.target_angle = p.get_bool("target-angle");
    s.large_target = p.get_bool("large-target");
    s.shaken = p.get_bool("shaken");
    s.target_trenches = p.get_bool("target-trenches");
    s.woods = p.get_bool("woods");
    s.lower_band_inclusive = p.get_bool("lower-band-inclusive");
    s.floor_total = floor_total_of(p);
    return kills(
        with_record(explain, [&](RollRecord* rec) { return resolve_artillery(s, c, rec); }));
  };
  return r;
}

Resolution melee() {
  Resolution r;
  r.name = "melee";
  r.help = "one side's melee kills (% per figure in contact + overlap, summed, M-1)";
  r.ref = "L25-L33, R-002-3, A2-06, A2-10, A2-11, M-1";
  r.params = {
      count("figures", 1, 1, "figures in base contact + one overlap", "L25, A2-10"),
      choice_param("arm", {"cavalry", "foot", "artillery"}, "foot",
                   "arm of the figures fighting (the table column)", "R-002-3"),
      choice_param("effectiveness", {"fiery", "steady", "timid"}, "steady", "melee effectiveness",
                   "R-002-3"),
      flag("vs-fleeing-foot", "cavalry against fleeing foot (+20%, cavalry only)", "L29, A2-05"),
      flag("first-charge", "cavalry on first charge (+10%, cavalry only)", "L30, A2-11"),
      flag("downhill", "opponents down hill (+2%)", "L31"),
      flag("obstacle", "defending an obstacle (+2%)", "L32"),
      flag("disordered", "disordered (-5%)", "L33"),
      flag("vs-square", "cavalry against a square: half %, no first-charge bonus", "A2-06"),
      flag("a2_melee_rowmajor", "option a2_melee_rowmajor: read R-002-3 row-major", "R-002-3"),
      percent_floor_param()};
  r.outcome_fields = {"kills"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    MeleeSituation s;
    s.figures = int_of(p, "figures");
    s.arm = arm_of(p);
    auto e = parse_effectiveness(p.get_string("effectiveness"));
    SB_CHECK(e.has_value(), "effectiveness was validated by its schema");
    s.effectiveness = *e;
    s.vs_fleeing_foot = p.get_bool("vs-fleeing-foot");
    s.first_charge = p.get_bool("first-charge");
    s.downhill = p.get_bool("downhill");
    s.obstacle = p.get_bool("obstacle");
    s.disordered = p.get_bool("disordered");
    s.vs_square = p.get_bool("vs-square");
    s.rowmajor = p.get_bool("a2_melee_rowmajor");
    s.floor_total = floor_total_of(p);
    return kills(with_record(explain, [&](RollRecord* rec) { return resolve_melee(s, c, rec); }));
  };
  return r;
}

Resolution morale() {
  Resolution r;
  r.name = "morale";
  r.help = "morale test: d100 ≤ 100 - rate × losses; missed by 10 or less shaken, more rout";
  r.ref = "L9, L13, L21, R-002-2, A2-02, M-2";
  r.params = {quality_param("R-002-2 L94-L99"),
              choice_param("arm", {"foot", "cavalry", "artillery"}, "foot",
                           "foot, or cavalry & artillery column", "R-002-2 L87"),
              count("losses", 0, 0, "figures lost since the start (cumulative)", "M-2")};
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    MoraleSituation s{quality_of(p), arm_of(p), int_of(p, "losses")};
    return text("result", morale_result_name(with_record(explain, [&](RollRecord* rec) {
                  return resolve_morale(s, c, rec);
                })));
  };
  return r;
}

Resolution initiative() {
  Resolution r;
  r.name = "initiative";
  r.help = "initiative roll: d100 ≤ 70/60/50 by discipline";
  r.ref = "L17, L19, R-002-2, A2-01, M-2";
  r.params = {quality_param("R-002-2 L91-L93")};
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    Quality q = quality_of(p);
    auto out = with_record(explain, [&](RollRecord* rec) { return resolve_initiative(q, c, rec); });
    return text("result", out.passed ? "pass" : "fail");
  };
  return r;
}

Resolution stand_vs_cavalry() {
  Resolution r;
  r.name = "stand-vs-cavalry";
  r.help = "foot not in square standing against a cavalry charge: initiative one level lower";
  r.ref = "L25, A2-05";
  r.params = {quality_param("L25, A2-05"),
              percent_param("untrained-percent", tables().below_untrained_initiative,
                            "target for untrained foot (one level below untrained)",
                            "A2-05, option a2_untrained_stand_percent")};
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    Quality q = quality_of(p);
    const double untrained = static_cast<double>(p.get_int("untrained-percent"));
    return text("result", stand_result_name(with_record(explain, [&](RollRecord* rec) {
                  return resolve_stand_vs_cavalry(q, c, rec, untrained);
                })));
  };
  return r;
}

Resolution gun_hit() {
  Resolution r;
  r.name = "gun-hit";
  r.help = "effect of one artillery hit on a battery";
  r.ref = "L141, R-002-6 L157-L162, A2-19, A2-20";
  r.params = {percent_param("explosion-percent", tables().limber_explosion,
                            "d100 ≤ this explodes a hit limber",
                            "L159, A2-19, option a2_limber_explosion_percent"),
              percent_param("destroyed-percent", tables().gun_destroyed,
                            "d100 ≤ this destroys a hit gun (else silenced)",
                            "L162, A2-20, option a2_gun_destroyed_percent")};
  r.outcome_fields = {"effect"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    GunHitOdds odds;
    odds.explosion = static_cast<double>(p.get_int("explosion-percent"));
    odds.destroyed = static_cast<double>(p.get_int("destroyed-percent"));
    return text("effect", gun_hit_effect_name(with_record(explain, [&](RollRecord* rec) {
                  return resolve_gun_hit(c, rec, odds);
                })));
  };
  return r;
}

Resolution gun_repair() {
  Resolution r;
  r.name = "gun-repair";
  r.help = "a silenced gun's repair roll at the start of a later bound (70%)";
  r.ref = "L162, A2-20";
  r.params = {percent_param("repair-percent", tables().repair, "d100 ≤ this repairs a silenced gun",
                            "L162, A2-20, option a2_gun_repair_percent")};
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const double repair = static_cast<double>(p.get_int("repair-percent"));
    bool ok =
        with_record(explain, [&](RollRecord* rec) { return resolve_gun_repair(c, rec, repair); });
    return text("result", ok ? "repaired" : "silenced");
  };
  return r;
}

Resolution building_fire() {
  Resolution r;
  r.name = "building-fire";
  r.help = "does a hit on a building set it on fire (25%)";
  r.ref = "L139, A2-16";
  r.outcome_fields = {"result"};
  r.resolve = [](const Params&, Chance& c, std::vector<RollRecord>* explain) {
    bool fire =
        with_record(explain, [&](RollRecord* rec) { return resolve_building_fire(c, rec); });
    return text("result", fire ? "fire" : "no-fire");
  };
  return r;
}

Resolution discover() {
  Resolution r;
  r.name = "discover";
  r.help = "discovering a concealed unit: d100 ≤ 100 - 20 × inches";
  r.ref = "L141, A2-22";
  r.params = {
      number("distance", 1.0, 1000, "inches from the nearest observing unit", "L141, A2-22"),
      flag("moving", "the concealed unit moved: always discovered", "L141")};
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    DiscoverSituation s{p.get_number("distance"), p.get_bool("moving")};
    bool found = with_record(explain, [&](RollRecord* rec) { return resolve_discover(s, c, rec); });
    return text("result", found ? "found" : "hidden");
  };
  return r;
}

}  // namespace

const std::vector<Resolution>& resolutions() {
  static const std::vector<Resolution> kResolutions = {
      fire(),       artillery(), melee(),      stand_vs_cavalry(), morale(),
      initiative(), gun_hit(),   gun_repair(), building_fire(),    discover()};
  return kResolutions;
}

}  // namespace smoothbore::fast_1805
