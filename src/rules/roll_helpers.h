// Helpers the resolutions of the rule sets share: a die modifier summed from table rows and
// recorded with each row's rule reference (elan-drill, squad-skirmish, group-orders), a roll
// record kept only when the caller wants the explanation (every rule set), die faces noted
// in a record, and outcome values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/events/event.h"
#include "core/value.h"
#include "rules/row_tables.h"

namespace smoothbore {

// A die modifier built from table rows (their `value` column) and recorded as the sheet
// prints them.
class RowModifiers {
 public:
  RowModifiers() = default;
  // `listed` false: only the total is kept, no names copied or formatted (issue 9: a roll
  // nobody records, exact odds); list() is then empty and record() must not be asked.
  explicit RowModifiers(bool listed) : listed_(listed) {}
  // Applies the `value` column of `row` `times` times (nothing when times is 0).
  void add(const TableRow& row, int times = 1);
  // Applies `value` `times` times under the row's name and reference (a column other than
  // `value`, or an option's alternative value).
  void add_value(const TableRow& row, int value, int times = 1);
  // Applies a modifier that is not a table row (an option, an optional rule).
  void add(std::string name, int value, std::string ref);
  int total() const { return total_; }
  const std::vector<Modifier>& list() const { return list_; }
  // Copies the modifiers into `r` (if any).
  void record(RollRecord* r) const;

 private:
  bool listed_ = true;
  int total_ = 0;
  std::vector<Modifier> list_;
};

// Runs `f(RollRecord*)` with a fresh record when `explain` wants one, and keeps it.
template <class F>
auto with_record(std::vector<RollRecord>* explain, F&& f) {
  RollRecord record;
  auto out = f(explain != nullptr ? &record : nullptr);
  if (explain != nullptr) explain->push_back(std::move(record));
  return out;
}

// Appends one die's face to a record ("d10" added to its dice).
void note_face(RollRecord* r, std::string_view die, int face);

inline Value int_value(int v) { return Value(static_cast<std::int64_t>(v)); }
inline Value text_value(std::string_view v) { return Value(std::string(v)); }

}  // namespace smoothbore
