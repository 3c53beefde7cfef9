// Musketry and skirmish fire (§7.3-§7.5, FD-31, FD-34..FD-36) and the closed forms.
#include "rules/fire_and_discipline/fire_resolutions.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/check.h"
#include "core/dice/face_count.h"
#include "rules/fire_and_discipline/fire_resolutions_detail.h"

namespace smoothbore::fire_and_discipline {

namespace {

struct Flag {
  std::string_view key;
  bool on;
};

// The §7.4 modifiers whose flag is on, in print order. With `exclusive` (FD-31 option) only
// the best of each pullout OR group counts; the others are recorded at 0.
// Without `explain` only the dice change (no modifier is listed).
void apply_dice_modifiers(const std::vector<Flag>& flags, bool exclusive, bool explain,
                          MusketryDice& d) {
  const auto& specs = fire_tables().musketry_modifiers;
  SB_CHECK(specs.size() == flags.size(), "musketry modifier flags do not match the tables");
  auto on = [&](const DiceModifierSpec& m) {
    for (const Flag& f : flags) {
      if (f.key == m.key) return f.on;
    }
    check_failed("flag for every modifier", __FILE__, __LINE__, m.key);
  };
  for (const DiceModifierSpec& m : specs) {
    if (!on(m)) continue;
    const DiceModifierSpec* best = &m;
    if (exclusive && !m.or_group.empty()) {
      for (const DiceModifierSpec& o : specs) {
        if (o.or_group == m.or_group && on(o) && o.dice > best->dice) best = &o;
      }
      if (best == &m) {  // the first of equal bests counts
        for (const DiceModifierSpec& o : specs) {
          if (&o == &m) break;
          if (o.or_group == m.or_group && on(o) && o.dice == m.dice) best = &o;
        }
      }
    }
    if (!explain) {
      if (best == &m) d.dice += m.dice;
      continue;
    }
    const std::string ref = fmt::format("{}; pullout {}", m.ref, m.pullout_ref);
    if (best != &m) {
      d.modifiers.push_back({fmt::format("{} (pullout OR group with \"{}\": not cumulative, "
                                         "option musketry_or_groups_exclusive)",
                                         m.name, best->name),
                             0, ref + ", FD-31"});
      continue;
    }
    d.modifiers.push_back({m.name, static_cast<double>(m.dice), ref});
    d.dice += m.dice;
  }
}

std::string faces_text(const std::vector<int>& faces) {
  std::string out;
  for (int f : faces) out += fmt::format("{}{}", out.empty() ? "" : " ", f % 10);
  return out;
}

std::string hits_text(int k, std::string_view what = "hit") {
  return fmt::format("{} {}{}", k, what, k == 1 ? "" : "s");
}

void start_record(const MusketryDice& d, std::string_view purpose, RollRecord* r) {
  if (r == nullptr) return;
  r->purpose = std::string(purpose);
  r->dice.clear();
  r->faces.clear();
  r->base = d.stands;
  r->base_ref = fire_tables().dice_per_stand_ref + ": one die per firing stand";
  r->modifiers = d.modifiers;
  r->target = d.dice;
}

std::string dice_text(const MusketryDice& d) {
  return fmt::format("{}d10 hitting on {} ({})", d.dice, faces_text(d.hit_faces), d.faces_ref);
}

bool is_hit(const MusketryDice& d, int face) {
  return std::find(d.hit_faces.begin(), d.hit_faces.end(), face) != d.hit_faces.end();
}

// The faces of a d10 (1..10) that hit.
int hit_face_count(const MusketryDice& d) {
  int n = 0;
  for (int face = 1; face <= 10; ++face) n += is_hit(d, face) ? 1 : 0;
  return n;
}

}  // namespace

MusketryDice musketry_dice(const MusketrySituation& s, bool skirmish, bool explain) {
  const FireTables& t = fire_tables();
  MusketryDice d;
  d.stands = s.stands;
  d.dice = s.stands * t.dice_per_stand;
  apply_dice_modifiers({{"mmg-3-4", s.morale_rating >= 3},
                        {"platoon", s.platoon},
                        {"same-target", s.same_target},
                        {"mixed-armed", s.mixed_armed},
                        {"poor-weather", s.poor_weather},
                        {"protective", s.target_cover == TargetCover::kProtective},
                        {"earthworks", s.target_cover == TargetCover::kEarthworks},
                        {"open-order", s.target_open_order},
                        {"mounted", s.target_mounted}},
                       s.or_groups_exclusive, explain, d);
  if (d.dice < t.minimum_dice) {
    if (explain) {
      d.modifiers.push_back({"the firer always rolls at least one die",
                             static_cast<double>(t.minimum_dice - d.dice), t.minimum_dice_ref});
    }
    d.dice = t.minimum_dice;
  }
  const FirearmRow& row = t.firearms[static_cast<std::size_t>(s.weapon)];
  if (s.stands < 1) {
    if (explain) d.why_not = "no firing stands";
    return d;
  }
  // FD-34: bows reach the option's range (the table's own 60 yd is the default).
  const bool bow_option = s.weapon == Firearm::kBow && s.bow_max_yd != row.max_range;
  const double max_range = bow_option ? s.bow_max_yd : row.max_range;
  if (s.range_yd > max_range) {
    if (!explain) return d;
    d.why_not = fmt::format("range {:g} yd is beyond the {}'s maximum {:g} yd ({})", s.range_yd,
                            firearm_name(s.weapon), max_range,
                            bow_option ? "FD-34 option fd_34_bow_max_yd" : row.max_range_ref);
    return d;
  }
  const std::optional<MusketColumn> band =
      skirmish ? MusketColumn::kSkirmish : musket_range_column(s.range_yd, s.band_upper_inclusive);
  if (!band) {
    if (explain) {
      d.why_not = fmt::format("range {:g} yd is beyond the table ({})", s.range_yd, t.musketry_ref);
    }
    return d;
  }
  const MusketColumn column = *band;
  const MusketCell& cell = musket_cell(s.weapon, column);
  if (!explain) {
    if (!cell.faces) return d;
    d.hit_faces = *cell.faces;
    d.possible = true;
    return d;
  }
  d.faces_ref =
      fmt::format("§7.5 {} {} {} \"{}\"{}", row.ref, firearm_name(s.weapon),
                  musket_column_name(column), cell.printed,
                  skirmish                 ? ", FD-04"
                  : s.band_upper_inclusive ? ", FD-36"
                                           : ", FD-36 option: a band excludes its upper bound");
  if (!cell.faces) {
    d.why_not = fmt::format("{} at {} is n/a ({})", firearm_name(s.weapon),
                            musket_column_name(column), row.ref);
    return d;
  }
  d.hit_faces = *cell.faces;
  d.possible = true;
  return d;
}

int resolve_musketry(const MusketrySituation& s, Chance& dice, RollRecord* record) {
  const MusketryDice d = musketry_dice(s, false, /*explain=*/record != nullptr);
  start_record(d, "musketry", record);
  if (!d.possible) {
    if (record != nullptr) record->result = d.why_not + ": 0 hits (no roll)";
    return 0;
  }
  std::vector<int> faces;
  int hits = 0;
  for (int i = 0; i < d.dice; ++i) {
    faces.push_back(dice.roll(10));
    if (is_hit(d, faces.back())) ++hits;
  }
  if (record != nullptr) {
    record->dice = fmt::format("{}d10", d.dice);
    record->faces = faces;
    record->result = fmt::format("{}: {} → {}", dice_text(d), faces_text(faces), hits_text(hits));
  }
  return hits;
}

SkirmishEffect resolve_skirmish_hit(Chance& dice, RollRecord* record) {
  const FireTables& t = fire_tables();
  std::vector<int> faces;
  int nines = 0;
  for (int i = 0; i < t.skirmish_dice; ++i) {
    faces.push_back(dice.roll(10));
    if (faces.back() == t.skirmish_face) ++nines;
  }
  const SkirmishResultRow& row = t.skirmish_results[static_cast<std::size_t>(nines)];
  if (record != nullptr) {
    record->purpose = "skirmish fire result";
    record->dice = fmt::format("{}d10", t.skirmish_dice);
    record->faces = faces;
    record->base = 0;
    record->base_ref = t.skirmish_ref;
    record->modifiers.clear();
    record->target = t.skirmish_face;
    record->result =
        fmt::format("{} → {} × 9: {} ({})", faces_text(faces), nines, row.printed, row.ref);
  }
  return row.effect;
}

SkirmishFireResult resolve_skirmish_fire(const MusketrySituation& s, Chance& dice,
                                         std::vector<RollRecord>* records) {
  const FireTables& t = fire_tables();
  const MusketryDice d = musketry_dice(s, true, /*explain=*/records != nullptr);
  RollRecord fire;
  RollRecord* rec = records != nullptr ? &fire : nullptr;
  start_record(d, "skirmish fire", rec);
  SkirmishFireResult out;
  if (!d.possible) {
    if (rec != nullptr) {
      rec->result = d.why_not + ": no skirmish hits (no roll)";
      records->push_back(std::move(fire));
    }
    return out;
  }
  std::vector<int> faces;
  int hits = 0;
  for (int i = 0; i < d.dice; ++i) {
    faces.push_back(dice.roll(10));
    if (is_hit(d, faces.back())) ++hits;
  }
  if (rec != nullptr) {
    rec->dice = fmt::format("{}d10", d.dice);
    rec->faces = faces;
    rec->result = fmt::format("{}: {} → {}", dice_text(d), faces_text(faces),
                              hits_text(hits, "skirmish hit"));
    records->push_back(std::move(fire));
  }
  for (int i = 0; i < hits; ++i) {
    RollRecord hit;
    const SkirmishEffect e = resolve_skirmish_hit(dice, records != nullptr ? &hit : nullptr);
    out.casualties += t.skirmish_results[static_cast<std::size_t>(e)].casualties;
    out.effect = std::max(out.effect, e);
    if (records != nullptr) records->push_back(std::move(hit));
  }
  return out;
}

std::vector<double> hit_count_distribution(int dice, int hit_faces) {
  SB_CHECK(dice >= 0 && hit_faces >= 0 && hit_faces <= 10, "bad binomial");
  const double p = hit_faces / 10.0;
  const double q = 1.0 - p;
  std::vector<double> out(static_cast<std::size_t>(dice) + 1, 0.0);
  double binom = 1;  // C(dice, k)
  for (int k = 0; k <= dice; ++k) {
    if (k > 0) binom = binom * (dice - k + 1) / k;
    out[static_cast<std::size_t>(k)] = binom * std::pow(p, k) * std::pow(q, dice - k);
  }
  return out;
}

std::vector<double> skirmish_fire_distribution(int dice, int hit_faces) {
  const FireTables& t = fire_tables();
  const std::vector<double> nines = hit_count_distribution(t.skirmish_dice, 1);
  const double p = hit_faces / 10.0;
  // state[casualties * 4 + effect], die by die.
  std::vector<double> state(static_cast<std::size_t>(dice + 1) * 4, 0.0);
  state[0] = 1;
  for (int i = 0; i < dice; ++i) {
    std::vector<double> next(state.size(), 0.0);
    for (std::size_t s = 0; s < state.size(); ++s) {
      if (state[s] == 0) continue;
      next[s] += state[s] * (1 - p);
      const std::size_t c = s / 4;
      const std::size_t e = s % 4;
      for (std::size_t n = 0; n < nines.size(); ++n) {
        const SkirmishResultRow& row = t.skirmish_results[n];
        const std::size_t c2 = c + static_cast<std::size_t>(row.casualties);
        const std::size_t e2 = std::max(e, static_cast<std::size_t>(row.effect));
        next[c2 * 4 + e2] += state[s] * p * nines[n];
      }
    }
    state = std::move(next);
  }
  return state;
}

namespace detail {

namespace {

// The dice paths a full enumeration of the real dice would take.
double real_dice_paths(const MusketryDice& d, bool skirmish) {
  if (!d.possible) return 1;
  if (!skirmish) return std::pow(10.0, d.dice);
  const double h = static_cast<double>(d.hit_faces.size());
  return std::pow(10.0 - h + h * 1000.0, d.dice);
}

}  // namespace

MusketryPick::MusketryPick(const MusketryDice& d)
    : closed_(real_dice_paths(d, false) > kMaxEnumeratedPaths),
      hit_faces_(hit_face_count(d)),
      exact_(closed_ ? 0 : d.dice, 10, hit_faces_) {
  if (closed_) weights_ = hit_count_weights(d.dice, static_cast<int>(d.hit_faces.size()));
}

int musketry_enumerated(const MusketrySituation& s, Chance& dice, RollRecord* record) {
  const MusketryDice d = musketry_dice(s, false, /*explain=*/record != nullptr);
  if (!d.possible) return resolve_musketry(s, dice, record);  // no roll either way
  start_record(d, "musketry", record);
  const MusketryPick pick(d);
  const int hits = pick(dice);
  if (record != nullptr) {
    record->dice = pick.closed() ? "closed form" : "exact cases";
    record->result = pick.closed()
                         ? fmt::format("{}: closed form binomial({}, {}/10) → {}", dice_text(d),
                                       d.dice, d.hit_faces.size(), hits_text(hits))
                         : fmt::format("{}: binomial cases ({}, {}/10) → {}", dice_text(d), d.dice,
                                       pick.hit_faces(), hits_text(hits));
  }
  return hits;
}

SkirmishFireResult skirmish_enumerated(const MusketrySituation& s, Chance& dice,
                                       std::vector<RollRecord>* records) {
  const MusketryDice d = musketry_dice(s, true, /*explain=*/records != nullptr);
  if (!d.possible) return resolve_skirmish_fire(s, dice, records);  // no roll either way
  const bool closed = real_dice_paths(d, true) > kMaxEnumeratedPaths;
  int i = 0;
  if (closed) {
    i = dice.pick(skirmish_fire_weights(d.dice, static_cast<int>(d.hit_faces.size())));
  } else {
    const SkirmishTable& t = skirmish_case_table(d.dice, hit_face_count(d));
    i = t.index[static_cast<std::size_t>(t.table->cases.size() == 1 ? 0
                                                                    : dice.pick_table(t.table))];
  }
  SkirmishFireResult out{i / 4, static_cast<SkirmishEffect>(i % 4)};
  if (records != nullptr) {
    RollRecord r;
    start_record(d, "skirmish fire", &r);
    r.dice = closed ? "closed form" : "exact cases";
    r.result =
        fmt::format("{}, 3d10 per skirmish hit: {} → {}, worst effect {}", dice_text(d), r.dice,
                    fmt::format("{} casualt{}", out.casualties, out.casualties == 1 ? "y" : "ies"),
                    skirmish_effect_name(out.effect));
    records->push_back(std::move(r));
  }
  return out;
}

}  // namespace detail

}  // namespace smoothbore::fire_and_discipline
