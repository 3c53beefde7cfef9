// The Fire and Discipline melee and morale tables as data (melee.toml, morale.toml; 000.md
// §5.4, §9, §10): the names of tactics, weapons, arms, rows, targets and effects, and the
// parse of the embedded tables behind melee_morale_tables(). Lookups are in
// melee_morale_tables.cc.
#include "rules/fire_and_discipline/melee_morale_tables.h"

#include <algorithm>
#include <string>
#include <utility>

#include <toml++/toml.h>

#include "core/check.h"
#include "core/embedded.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr std::string_view kMeleePath = "fire_and_discipline/data/melee.toml";
constexpr std::string_view kMoralePath = "fire_and_discipline/data/morale.toml";

constexpr std::array<std::string_view, 3> kTacticNames = {"steel", "fire", "mix"};
constexpr std::array<std::string_view, 3> kWeaponNames = {"bayonet", "pike", "mixed"};
constexpr std::array<std::string_view, 2> kArmNames = {"cavalry", "infantry"};
constexpr std::array<std::string_view, 6> kCavalryRowNames = {"cavalry", "dragoons", "open-cavalry",
                                                              "bayonet", "pike",     "mixed-melee"};
constexpr std::array<std::string_view, 3> kInfantryRowNames = {"mounted", "infantry",
                                                               "open-infantry"};
constexpr std::array<std::string_view, 9> kTargetNames = {"cavalry", "dragoons", "open-cavalry",
                                                          "bayonet", "pike",     "mixed-melee",
                                                          "mounted", "infantry", "open-infantry"};

template <std::size_t N>
std::optional<int> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == s) return static_cast<int>(i);
  }
  return std::nullopt;
}

template <std::size_t N>
std::string_view name_at(const std::array<std::string_view, N>& names, int i) {
  SB_CHECK(i >= 0 && static_cast<std::size_t>(i) < N, "enum value out of range");
  return names[static_cast<std::size_t>(i)];
}

// Parse state: which embedded file errors are reported against.
class Reader {
 public:
  explicit Reader(std::string_view path) : path_(path) {}

  [[noreturn]] void bad(const std::string& what) const {
    check_failed("well-formed embedded data", path_, 0, what);
  }

  toml::table parse(std::string_view text) const {
#if TOML_EXCEPTIONS
    try {
      return toml::parse(text, path_);
    } catch (const toml::parse_error& e) {
      bad(std::string(e.description()));
    }
#else
    toml::parse_result r = toml::parse(text, path_);
    if (!r) bad(std::string(r.error().description()));
    return std::move(r).table();
#endif
  }

  const toml::table& table(const toml::table& t, std::string_view key) const {
    const toml::table* sub = t[key].as_table();
    if (sub == nullptr) bad("missing table '" + std::string(key) + "'");
    return *sub;
  }

  const toml::array& array(const toml::table& t, std::string_view key) const {
    const toml::array* a = t[key].as_array();
    if (a == nullptr) bad("missing array '" + std::string(key) + "'");
    return *a;
  }

  std::string text(const toml::table& t, std::string_view key) const {
    if (auto v = t[key].value<std::string>()) return *v;
    bad("missing string '" + std::string(key) + "'");
  }

  int integer(const toml::table& t, std::string_view key) const {
    if (auto v = t[key].value<std::int64_t>()) return static_cast<int>(*v);
    bad("missing integer '" + std::string(key) + "'");
  }

  std::vector<std::string> texts(const toml::table& t, std::string_view key, std::size_t n) const {
    const toml::array& a = array(t, key);
    if (a.size() != n) bad("'" + std::string(key) + "' needs " + std::to_string(n) + " values");
    std::vector<std::string> out;
    for (const toml::node& v : a) {
      auto s = v.value<std::string>();
      if (!s) bad("'" + std::string(key) + "' holds a non-string");
      out.push_back(*s);
    }
    return out;
  }

  // The names of an axis, which must be exactly `want` in order.
  template <std::size_t N>
  void expect_names(const toml::table& t, std::string_view key,
                    const std::array<std::string_view, N>& want) const {
    std::vector<std::string> got = texts(t, key, N);
    for (std::size_t i = 0; i < N; ++i) {
      if (got[i] != want[i]) bad("'" + std::string(key) + "' must list " + std::string(want[i]));
    }
  }

  template <std::size_t N>
  std::array<std::string, N> fixed_texts(const toml::table& t, std::string_view key) const {
    std::vector<std::string> v = texts(t, key, N);
    std::array<std::string, N> out;
    for (std::size_t i = 0; i < N; ++i) out[i] = v[i];
    return out;
  }

  MeleeHitSet hit_set(std::string_view printed) const {
    auto h = parse_melee_hit_set(printed);
    if (!h) bad("'" + std::string(printed) + "' is not a hit set 0, 0-1, 0-1-2, ...");
    return *h;
  }

  // Printed d10 digits 0..9 as faces 1..10 ("0" = 10).
  std::vector<int> faces(const toml::table& t, std::string_view key) const {
    std::vector<int> out;
    for (const toml::node& n : array(t, key)) {
      auto v = n.value<std::int64_t>();
      if (!v || *v < 0 || *v > 9) bad("'" + std::string(key) + "' needs d10 digits 0-9");
      out.push_back(*v == 0 ? 10 : static_cast<int>(*v));
    }
    return out;
  }

  MeleeModifierSpec melee_modifier(const toml::table& mods, std::string_view key) const {
    const toml::table& m = table(mods, key);
    MeleeModifierSpec s;
    s.key = std::string(key);
    s.name = text(m, "name");
    s.add = m["add"].value<std::int64_t>() ? integer(m, "add") : 0;
    s.ref = text(m, "ref");
    s.body = m["body"].value_or(std::string());
    s.pullout = m["pullout"].value_or(std::string());
    return s;
  }

 private:
  std::string_view path_;
};

const MeleeMoraleTables& load() {
  static const MeleeMoraleTables kTables = [] {
    auto melee = embedded::find(embedded::rules_files(), kMeleePath);
    auto morale = embedded::find(embedded::rules_files(), kMoralePath);
    SB_CHECK(melee.has_value(), "melee.toml is embedded");
    SB_CHECK(morale.has_value(), "morale.toml is embedded");
    return MeleeMoraleTables{parse_melee_tables(*melee), parse_morale_tables(*morale)};
  }();
  return kTables;
}

}  // namespace

std::string_view cavalry_tactic_name(CavalryTactic t) {
  return name_at(kTacticNames, static_cast<int>(t));
}
std::optional<CavalryTactic> parse_cavalry_tactic(std::string_view s) {
  if (auto i = find_name(kTacticNames, s)) return static_cast<CavalryTactic>(*i);
  return std::nullopt;
}
std::string_view infantry_weapon_name(InfantryWeapon w) {
  return name_at(kWeaponNames, static_cast<int>(w));
}
std::optional<InfantryWeapon> parse_infantry_weapon(std::string_view s) {
  if (auto i = find_name(kWeaponNames, s)) return static_cast<InfantryWeapon>(*i);
  return std::nullopt;
}
std::string_view melee_arm_name(MeleeArm a) { return name_at(kArmNames, static_cast<int>(a)); }
std::optional<MeleeArm> parse_melee_arm(std::string_view s) {
  if (auto i = find_name(kArmNames, s)) return static_cast<MeleeArm>(*i);
  return std::nullopt;
}
std::string_view cavalry_row_name(CavalryRow r) {
  return name_at(kCavalryRowNames, static_cast<int>(r));
}
std::string_view infantry_row_name(InfantryRow r) {
  return name_at(kInfantryRowNames, static_cast<int>(r));
}
std::string_view melee_target_name(MeleeTarget t) {
  return name_at(kTargetNames, static_cast<int>(t));
}
std::optional<MeleeTarget> parse_melee_target(std::string_view s) {
  if (auto i = find_name(kTargetNames, s)) return static_cast<MeleeTarget>(*i);
  return std::nullopt;
}

std::string_view morale_effect_name(MoraleEffect e) {
  switch (e) {
    case MoraleEffect::kHalt:
      return "halt";
    case MoraleEffect::kFlee:
      return "flee";
    case MoraleEffect::kFleeHit:
      return "flee-hit";
    case MoraleEffect::kSurrender:
      return "surrender";
  }
  return "halt";
}

const MoraleModifierSpec& MoraleTables::modifier(std::string_view key) const {
  for (const MoraleModifierSpec& m : modifiers) {
    if (m.key == key) return m;
  }
  check_failed("morale modifier exists", kMoralePath, 0, key);
}

MeleeTables parse_melee_tables(std::string_view toml_text) {
  const Reader in(kMeleePath);
  const toml::table root = in.parse(toml_text);
  MeleeTables t;

  const toml::table& cav = in.table(root, "cavalry");
  t.cavalry_ref = in.text(cav, "ref");
  in.expect_names(cav, "columns", kTacticNames);
  in.expect_names(cav, "rows", kCavalryRowNames);
  t.cavalry_row_refs = in.fixed_texts<6>(cav, "row_refs");
  t.cavalry_pullout_row_refs = in.fixed_texts<6>(cav, "pullout_row_refs");
  const toml::table& cav_cells = in.table(cav, "cells");
  for (std::size_t r = 0; r < kCavalryRowNames.size(); ++r) {
    std::vector<std::string> row = in.texts(cav_cells, kCavalryRowNames[r], 3);
    for (std::size_t c = 0; c < 3; ++c) {
      const std::string& cell = row[c];
      const std::size_t slash = cell.find('/');
      if (slash == std::string::npos) in.bad("cavalry cell '" + cell + "' needs Contact / Engaged");
      auto trim = [](std::string s) {
        s.erase(0, s.find_first_not_of(' '));
        s.erase(s.find_last_not_of(' ') + 1);
        return s;
      };
      t.cavalry[r][c] = {in.hit_set(trim(cell.substr(0, slash))),
                         in.hit_set(trim(cell.substr(slash + 1))), cell};
    }
  }

  const toml::table& inf = in.table(root, "infantry");
  t.infantry_ref = in.text(inf, "ref");
  in.expect_names(inf, "columns", kWeaponNames);
  in.expect_names(inf, "rows", kInfantryRowNames);
  t.infantry_row_refs = in.fixed_texts<3>(inf, "row_refs");
  t.infantry_pullout_row_refs = in.fixed_texts<3>(inf, "pullout_row_refs");
  const toml::table& inf_cells = in.table(inf, "cells");
  for (std::size_t r = 0; r < kInfantryRowNames.size(); ++r) {
    t.infantry_printed[r] = in.fixed_texts<3>(inf_cells, kInfantryRowNames[r]);
    for (std::size_t c = 0; c < 3; ++c) t.infantry[r][c] = in.hit_set(t.infantry_printed[r][c]);
  }

  const toml::table& mods = in.table(root, "modifiers");
  t.infantry_engaged = in.melee_modifier(mods, "infantry-engaged");
  t.double_castings = in.melee_modifier(mods, "double-castings");
  t.higher_rating = in.melee_modifier(mods, "higher-rating");
  const toml::table& mmg = in.table(mods, "higher-rating");
  t.higher_rating_casualties_per_hit = in.integer(mmg, "casualties_per_hit");
  t.higher_rating_body_ref = in.text(mmg, "body_ref");
  t.higher_rating_pullout_ref = in.text(mmg, "pullout_ref");
  t.target_holding_cover = in.melee_modifier(mods, "target-holding-cover");
  t.cover_only = in.hit_set(in.text(in.table(mods, "target-holding-cover"), "only"));
  t.flank = in.melee_modifier(mods, "flank");

  const toml::table& targets = in.table(root, "targets");
  t.targets_ref = in.text(targets, "ref");
  in.expect_names(targets, "names", kTargetNames);
  std::vector<std::string> cav_rows = in.texts(targets, "cavalry_rows", kTargetNames.size());
  std::vector<std::string> inf_rows = in.texts(targets, "infantry_rows", kTargetNames.size());
  for (std::size_t i = 0; i < kTargetNames.size(); ++i) {
    auto cr = find_name(kCavalryRowNames, cav_rows[i]);
    auto ir = find_name(kInfantryRowNames, inf_rows[i]);
    if (!cr || !ir) in.bad("unknown target row for '" + std::string(kTargetNames[i]) + "'");
    t.cavalry_row_of[i] = static_cast<CavalryRow>(*cr);
    t.infantry_row_of[i] = static_cast<InfantryRow>(*ir);
  }
  auto crew = parse_infantry_weapon(in.text(targets, "gun_crew_weapon"));
  if (!crew) in.bad("unknown gun_crew_weapon");
  t.gun_crew_weapon = *crew;
  return t;
}

MoraleTables parse_morale_tables(std::string_view toml_text) {
  const Reader in(kMoralePath);
  const toml::table root = in.parse(toml_text);
  MoraleTables t;

  const toml::table& total = in.table(root, "total");
  t.total_ref = in.text(total, "ref");
  t.auto_pass = in.integer(total, "auto_pass");
  t.auto_pass_ref = in.text(total, "auto_pass_ref");
  t.roll_ref = in.text(total, "roll_ref");
  t.base_five = in.integer(total, "base_five");
  t.base_five_ref = in.text(total, "base_five_ref");
  t.rating_ref = in.text(total, "rating_ref");

  for (const toml::node& n : in.array(root, "modifiers")) {
    const toml::table* m = n.as_table();
    if (m == nullptr) in.bad("a morale modifier is not a table");
    t.modifiers.push_back({in.text(*m, "key"), in.text(*m, "name"), in.integer(*m, "value"),
                           in.text(*m, "ref"), (*m)["proposed"].value_or(false)});
  }

  const toml::table& effects = in.table(root, "effects");
  t.effects_ref = in.text(effects, "ref");
  t.flee_yards = in.integer(effects, "flee_yards");
  std::array<int, 11> covered{};
  for (const toml::node& n : in.array(effects, "bands")) {
    const toml::table* b = n.as_table();
    if (b == nullptr) in.bad("an effects band is not a table");
    MoraleEffectBand band;
    band.faces = in.faces(*b, "faces");
    band.printed = in.text(*b, "printed");
    const std::string result = in.text(*b, "result");
    bool known = false;
    for (MoraleEffect e : {MoraleEffect::kHalt, MoraleEffect::kFlee, MoraleEffect::kFleeHit,
                           MoraleEffect::kSurrender}) {
      if (morale_effect_name(e) == result) {
        band.effect = e;
        known = true;
      }
    }
    if (!known) in.bad("unknown morale effect '" + result + "'");
    if (band.effect == MoraleEffect::kSurrender) {
      band.otherwise_face = in.integer(*b, "otherwise");
      if (band.otherwise_face < 1 || band.otherwise_face > 9) in.bad("otherwise must be 1-9");
    }
    band.ref = in.text(*b, "ref");
    band.body = in.text(*b, "body");
    band.pullout = in.text(*b, "pullout");
    for (int f : band.faces) ++covered[static_cast<std::size_t>(f)];
    t.effects.push_back(std::move(band));
  }
  for (std::size_t f = 1; f <= 10; ++f) {
    if (covered[f] != 1) in.bad("effects bands must cover each d10 face once");
  }

  const toml::table& fan = in.table(root, "fanaticism");
  t.fanaticism_ref = in.text(fan, "ref");
  t.attrition_one_faces = in.faces(fan, "attrition_1_faces");
  t.attrition_two_faces = in.faces(fan, "attrition_2_faces");

  const toml::table& cmd = in.table(root, "commander");
  t.commander_ref = in.text(cmd, "ref");
  t.commander_fire_faces = in.faces(cmd, "fire_faces");
  t.commander_fire_ref = in.text(cmd, "fire_ref");
  t.commander_melee_passed_faces = in.faces(cmd, "melee_passed_faces");
  t.commander_melee_failed_faces = in.faces(cmd, "melee_failed_faces");
  t.commander_melee_confirm_faces = in.faces(cmd, "melee_confirm_faces");
  t.commander_melee_ref = in.text(cmd, "melee_ref");
  t.commander_campaign_dead_faces = in.faces(cmd, "campaign_dead_faces");
  t.commander_campaign_ref = in.text(cmd, "campaign_ref");
  t.commander_effects_ref = in.text(cmd, "effects_ref");
  return t;
}

const MeleeMoraleTables& melee_morale_tables() { return load(); }

}  // namespace smoothbore::fire_and_discipline
