// Helpers shared by the elan-drill resolution files: parameter builders, the modifier list
// that both sums a factor and records each modifier with its rule reference, and outcome
// builders. Internal to src/rules/elan_drill.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/events/event.h"
#include "rules/elan_drill/tables.h"
#include "rules/input_params.h"
#include "rules/param.h"
#include "rules/resolution.h"
#include "rules/roll_helpers.h"

namespace smoothbore::elan_drill::detail {

using input_params::choice;  // rules/input_params.h
using input_params::count;
using input_params::flag;
using input_params::inches;
using input_params::int_of;

// A modifier row with the column it adds read once (issue 9: adding a row found its column
// by name at every use): a factor's `value` (FactorRow) or a dice count's `dice` (DiceRow).
struct FactorRow {
  explicit FactorRow(const Row& r) : row(&r), value(r.number("value")) {}
  const Row* row;
  int value;
};
struct DiceRow {
  explicit DiceRow(const Row& r) : row(&r), dice(r.number("dice")) {}
  const Row* row;
  int dice;
};

// A factor and the modifiers applied to it, recorded as the sheet prints them. Unnamed (no
// record wanted, e.g. every path of an exact enumeration) it only sums: no text is built.
class Factor {
 public:
  Factor(int base, std::string_view base_ref, bool named = true)
      : base_(base), total_(base), named_(named), base_ref_(named ? base_ref : "") {}
  // Applies the `value` column of `row` `times` times (nothing when times is 0).
  void add(const Row& row, int times = 1);
  // The same, its value read once. Unnamed it only sums, here (issue 9: a quiet battle's
  // tests and the doctrine's odds add thousands of modifiers).
  void add(const FactorRow& row, int times = 1) {
    if (times == 0) return;
    total_ += row.value * times;
    if (named_) note(*row.row, times, row.value * times);
  }
  // Applies a modifier that is not a table row (an option, a proposed rule); its name and
  // reference are copied only when named.
  void add(std::string_view name, int value, std::string_view ref) {
    total_ += value;
    if (named_) note(name, value, ref);
  }
  int base() const { return base_; }
  int total() const { return total_; }
  const std::vector<Modifier>& modifiers() const { return modifiers_; }
  // Starts `r` (if any) with this factor's base, modifiers and target.
  void record(RollRecord* r, std::string_view purpose) const;

 private:
  void note(const Row& row, int times, int value);  // the modifier, described
  void note(std::string_view name, int value, std::string_view ref);
  int base_;
  int total_;
  bool named_;
  std::string base_ref_;
  std::vector<Modifier> modifiers_;
};

// A dice count built from table rows, described for the record ("3 Infantry Close to Melee
// in clear (L43) + 1 Unit is Below ½ Strength (L51)"); unnamed, only counted.
class DiceCount {
 public:
  explicit DiceCount(bool named = true) : named_(named) {}
  void add(const Row& row, int times = 1);  // the row's `dice` column, `times` times
  // The same, its dice read once; unnamed only counted, here (as Factor::add).
  void add(const DiceRow& row, int times = 1) {
    if (times == 0) return;
    if (named_) {
      describe(*row.row, row.dice, times);
    } else {
      total_ += row.dice * times;
    }
  }
  void add(std::string_view name, int dice, std::string_view ref) {  // described when named
    if (dice == 0) return;
    total_ += dice;
    if (named_) describe(name, dice, ref);
  }
  int total() const { return total_; }
  const std::string& text() const { return text_; }

 private:
  void describe(const Row& row, int dice, int times);  // adds the row `times` times, named
  void describe(std::string_view name, int dice, std::string_view ref);  // appends the text
  bool named_;
  int total_ = 0;
  std::string text_;
};

// The Élan (L68-L74) or Drill (L97-L103) result row for a number of failed dice: the
// first whose Min..Max holds it, the bands read once per thread (result_row_scan reads the
// table's columns by name each time; tests).
const Row& result_row(std::string_view table_name, int failures);
const Row& result_row_scan(std::string_view table_name, int failures);
// DMs a result row gives for `failures` failed dice (its `dms` column, -1 = one per failure).
int result_dms(const Row& result, int failures);

}  // namespace smoothbore::elan_drill::detail
