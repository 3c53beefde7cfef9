// The named fire resolutions of fire-and-discipline: parameter schemas and the conversion
// from Params to the typed situations of fire_resolutions.h.
#include <string>
#include <utility>

#include "core/check.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/fire_resolutions_detail.h"

namespace smoothbore::fire_and_discipline {

namespace {

ParamSpec flag(std::string name, std::string help, std::string ref, bool def = false) {
  return bool_param(std::move(name), def, std::move(help), std::move(ref));
}

ParamSpec integer(std::string name, std::int64_t min, std::int64_t max, std::int64_t def,
                  std::string help, std::string ref) {
  return int_param(std::move(name), def, static_cast<double>(min), static_cast<double>(max),
                   std::move(help), std::move(ref));
}

ParamSpec yards(double def, std::string help, std::string ref) {
  return number_param("range", def, 0, 10000, std::move(help), std::move(ref));
}

ParamSpec choice(std::string name, std::vector<std::string> choices, std::string def,
                 std::string help, std::string ref) {
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

int int_of(const Params& p, const std::string& name) { return static_cast<int>(p.get_int(name)); }

template <class E>
E parsed(std::optional<E> e) {
  SB_CHECK(e.has_value(), "choice was validated by its schema");
  return *e;
}

std::vector<ParamSpec> musketry_params() {
  return {
      integer("stands", 1, 100, 1, "firing stands: one die each", "§7.3b L514, FD-35"),
      choice("weapon", {"flintlock", "firelock", "matchlock", "bow"}, "flintlock", "firearm class",
             "§7.5 L542-L550"),
      yards(50, "range in yards (bands 0-30, 31-60, 61-100, upper bounds inclusive)",
            "§7.5 L542, FD-36"),
      integer("morale-rating", 0, 4, 2, "firer's Morale Rating (MMG): 3 or 4 gives +1 die",
              "§5.1, §7.4 L524, FD-30"),
      choice("tactic", {"volley", "platoon"}, "volley",
             "national fire tactic: Platoon Fire units roll −2 dice", "§7.4 L526, §7.12"),
      flag("same-target", "shot at the same target earlier (+1 die)", "§7.4 L528, FD-38"),
      flag("mixed-armed", "firer is mixed armed, e.g. bows and swords (−2 dice)", "§7.4 L530"),
      flag("poor-weather", "poor weather conditions (−3 dice)", "§7.4 L532, FD-39"),
      choice("target-cover", {"open", "protective", "earthworks"}, "open",
             "target's cover: protective −2, earthworks −4 dice", "§7.4 L534"),
      flag("target-open-order", "target in open order (−2 dice)", "§7.4 L536"),
      flag("target-mounted", "target is mounted (+1 die)", "§7.4 L536"),
      flag("or-groups-exclusive",
           "option musketry_or_groups_exclusive: only the best modifier of each pullout OR group",
           "FD-31, L722-L730"),
      flag("band-upper-inclusive",
           "option fd_36_band_upper_inclusive: a band includes its upper bound (30 yd is 0-30); "
           "false: 30 yd is 31-60",
           "FD-36", true),
      integer("bow-max-yd", 30, 100, 60,
              "option fd_34_bow_max_yd: bows' maximum range, yd (60 in the text; 100 reads the "
              "table's 61-100 column)",
              "FD-34, §7.12 L492, L544")};
}

MusketrySituation musketry_of(const Params& p) {
  MusketrySituation s;
  s.stands = int_of(p, "stands");
  s.weapon = parsed(parse_firearm(p.get_string("weapon")));
  s.range_yd = p.get_number("range");
  s.morale_rating = int_of(p, "morale-rating");
  s.platoon = p.get_string("tactic") == "platoon";
  s.same_target = p.get_bool("same-target");
  s.mixed_armed = p.get_bool("mixed-armed");
  s.poor_weather = p.get_bool("poor-weather");
  s.target_cover = parsed(parse_target_cover(p.get_string("target-cover")));
  s.target_open_order = p.get_bool("target-open-order");
  s.target_mounted = p.get_bool("target-mounted");
  s.or_groups_exclusive = p.get_bool("or-groups-exclusive");
  s.band_upper_inclusive = p.get_bool("band-upper-inclusive");
  s.bow_max_yd = static_cast<double>(p.get_int("bow-max-yd"));
  return s;
}

Outcome hits(int k) { return {{"hits", Value(static_cast<std::int64_t>(k))}}; }

Resolution musketry() {
  Resolution r;
  r.name = "musketry";
  r.help = "a volley: one d10 per stand ± dice modifiers (at least one), hits on the table faces";
  r.ref = "§7.3-§7.5 L510-L550, FD-31, FD-34, FD-35, FD-36";
  r.params = musketry_params();
  r.outcome_fields = {"hits"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const MusketrySituation s = musketry_of(p);
    RollRecord rec;
    RollRecord* recp = explain != nullptr ? &rec : nullptr;
    // Sampled: real dice. Enumerated: exact cases, or for a large volley its closed form.
    const int k =
        c.enumerating() ? detail::musketry_enumerated(s, c, recp) : resolve_musketry(s, c, recp);
    if (explain != nullptr) explain->push_back(std::move(rec));
    return hits(k);
  };
  // Enumerated: the parameters and the volley's dice read once, not on each of its paths.
  r.prepare = [](const Params& p) -> std::function<Outcome(Chance&)> {
    const MusketryDice d = musketry_dice(musketry_of(p));
    if (!d.possible) return [](Chance&) { return hits(0); };  // no roll (resolve_musketry)
    return [pick = detail::MusketryPick(d)](Chance& c) { return hits(pick(c)); };
  };
  return r;
}

Resolution skirmish_fire() {
  Resolution r;
  r.name = "skirmish-fire";
  r.help =
      "skirmish fire: dice on the Skirmish column; each skirmish hit rolls 3d10 and counts the "
      "9s (casualties add up, the worst effect applies)";
  r.ref = "§7.15, §7.31 L522, §7.5 L542-L556, FD-04, FD-20, FD-59";
  r.params = musketry_params();
  r.outcome_fields = {"hits", "effect"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const MusketrySituation s = musketry_of(p);
    const SkirmishFireResult out = c.enumerating() ? detail::skirmish_enumerated(s, c, explain)
                                                   : resolve_skirmish_fire(s, c, explain);
    return Outcome{{"hits", Value(static_cast<std::int64_t>(out.casualties))},
                   {"effect", Value(std::string(skirmish_effect_name(out.effect)))}};
  };
  return r;
}

Resolution artillery() {
  Resolution r;
  r.name = "artillery";
  r.help =
      "a gun section's shot: d100 ≤ modified chance; 100+ is an automatic hit and a chance "
      "for a second";
  r.ref = "§6.5 L404-L416, §6.9 L452-L486, FD-10..FD-16, FD-36, FD-39, R-000-6";
  r.params = {
      integer("pdr", 1, 48, 6, "gun calibre in pounds (chart row by R-000-6)", "§6.14, R-000-6"),
      yards(200, "range in yards (bands 01-50 .. 601-900, upper bounds inclusive)",
            "§6.9 L454, FD-36"),
      choice("ammo", {"ball", "canister", "shell"}, "ball",
             "canister only at ≤ 150 yd; ball at ≤ 150 yd uses 151-300; shell as ball",
             "FD-15, §6.21"),
      flag("same-target", "fired at the same target last turn", "L468, FD-38"),
      flag("adjacent", "target adjacent to other stands", "L474"),
      choice("target", {"formed", "mounted", "skirmish", "unlimbered-guns", "limbered"}, "formed",
             "target type: mounted +10, skirmish ×½, unlimbered guns −10, limbered/wagon +10",
             "L476-L482"),
      choice("target-cover",
             {"open", "protective", "earthworks", "light-woods", "rough", "heavy-woods"}, "open",
             "target's cover", "L470, L472, L484, L486"),
      integer("gun-hits", 0, 1, 0, "gun hits taken: 1 halves firepower", "§6.8a L446, FD-16"),
      integer("crew", 0, 4, 4, "crew figures left: 0 cannot fire, 1 with 2 guns halves",
              "§6.8b L448, FD-16"),
      integer("guns", 1, 2, 2, "guns in the section: a 1-gun section fires at ½", "§6.11, FD-16"),
      flag("fix-8pdr", "option fix_8pdr_151_300: 8-9 pdr at 151-300 yd is 80 (printed 20)",
           "FD-10, R-000-1", true),
      choice("modifier-break", {"300", "400"}, "300",
             "option artillery_modifier_break_yd: body 300 or pullout 400", "FD-11, L466, L694"),
      choice("multi-hit", {"cap2", "per100"}, "cap2",
             "option artillery_multi_hit: 100+ gives at most 2 hits, or one per 100", "FD-13"),
      choice("die", {"d100", "d10"}, "d100",
             "option fd_12_artillery_die: hit on d100 ≤ chance, or on a d10 read as tens",
             "FD-12, §6.5d"),
      choice("halvings", {"once", "stack"}, "once",
             "option fd_14_firepower_halvings: gun-hit, one-crewman and one-gun halvings apply "
             "once, or each",
             "FD-14"),
      choice("one-gun-fire", {"half", "full"}, "half",
             "option fd_16_one_gun_fire: a 1-gun section fires at ½, or at full chance",
             "FD-16, §6.8"),
      flag("poor-weather", "poor weather, option fd_39_poor_weather_artillery (−10)",
           "FD-39 option"),
      flag("band-upper-inclusive",
           "option fd_36_band_upper_inclusive: a band includes its upper bound (50 yd is "
           "01-50); false: 50 yd is 51-150",
           "FD-36", true),
      integer("canister-max", 0, 900, 150,
              "option fd_15_canister_max_yd: canister may be fired at this range or less",
              "FD-15, §6.2")};
  r.outcome_fields = {"hits"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    ArtillerySituation s;
    s.canister_max_yd = static_cast<double>(p.get_int("canister-max"));
    s.pdr = int_of(p, "pdr");
    s.range_yd = p.get_number("range");
    s.ammo = parsed(parse_ammo(p.get_string("ammo")));
    s.same_target = p.get_bool("same-target");
    s.adjacent = p.get_bool("adjacent");
    s.target = parsed(parse_artillery_target(p.get_string("target")));
    s.target_cover = parsed(parse_target_cover(p.get_string("target-cover")));
    s.gun_hits = int_of(p, "gun-hits");
    s.crew = int_of(p, "crew");
    s.guns = int_of(p, "guns");
    s.fix_8pdr = p.get_bool("fix-8pdr");
    s.modifier_break = p.get_string("modifier-break") == "400" ? 400 : 300;
    s.multi_hit = p.get_string("multi-hit") == "per100" ? MultiHit::kPer100 : MultiHit::kCap2;
    s.die = p.get_string("die") == "d10" ? ArtilleryDie::kD10 : ArtilleryDie::kD100;
    s.stack_halvings = p.get_string("halvings") == "stack";
    s.one_gun_half = p.get_string("one-gun-fire") == "half";
    s.poor_weather = p.get_bool("poor-weather");
    s.band_upper_inclusive = p.get_bool("band-upper-inclusive");
    RollRecord rec;
    const int k = resolve_artillery(s, c, explain != nullptr ? &rec : nullptr);
    if (explain != nullptr) explain->push_back(std::move(rec));
    return hits(k);
  };
  return r;
}

Resolution artillery_hit() {
  Resolution r;
  r.name = "artillery-hit";
  r.help =
      "the component a hit on artillery strikes: d10 (limbered 1-6 crew, 7-9,0 limber; "
      "unlimbered 1-8 crew, 9,0 gun)";
  r.ref = "§6.8 L442-L450, L466-L480, L706-L708, FD-18";
  r.params = {flag("limbered", "the section is limbered", "§3.4, L468, L706")};
  r.outcome_fields = {"component"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    RollRecord rec;
    const GunHitComponent k =
        resolve_artillery_hit(p.get_bool("limbered"), c, explain != nullptr ? &rec : nullptr);
    if (explain != nullptr) explain->push_back(std::move(rec));
    return Outcome{{"component", Value(std::string(gun_hit_component_name(k)))}};
  };
  return r;
}

}  // namespace

const std::vector<Resolution>& fire_resolutions() {
  static const std::vector<Resolution> kResolutions = {musketry(), skirmish_fire(), artillery(),
                                                       artillery_hit()};
  return kResolutions;
}

}  // namespace smoothbore::fire_and_discipline
