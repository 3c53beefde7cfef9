#include "rules/elan_drill/resolution_util.h"

#include <string>
#include <utility>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore::elan_drill::detail {

void Factor::add(const Row& row, int times) {
  if (times != 0) add(FactorRow(row), times);
}

void Factor::note(const Row& row, int times, int value) {
  if (times == 1) {
    modifiers_.push_back({row.name, static_cast<double>(value), row.ref});
    return;
  }
  // A compiled format (issue 9: the DMs' modifier, every test).
  modifiers_.push_back(
      {fmt::format(FMT_COMPILE("{} ×{}"), row.name, times), static_cast<double>(value), row.ref});
}

void Factor::note(std::string_view name, int value, std::string_view ref) {
  modifiers_.push_back({std::string(name), static_cast<double>(value), std::string(ref)});
}

void Factor::record(RollRecord* r, std::string_view purpose) const {
  SB_CHECK(named_ || r == nullptr, "an unnamed factor cannot be recorded");
  start_record(r, purpose, base_, base_ref_);
  if (r == nullptr) return;
  r->modifiers = modifiers_;
  r->target = total_;
}

void DiceCount::add(const Row& row, int times) {
  if (times != 0) add(DiceRow(row), times);
}

void DiceCount::describe(const Row& row, int dice, int times) {
  // The row's own name as it stands (issue 9: a ternary with the ×n text copied it into a
  // new string for every roll).
  if (times == 1) {
    add(row.name, dice, row.ref);
  } else {
    add(fmt::format(FMT_COMPILE("{} ×{}"), row.name, times), dice * times, row.ref);
  }
}

void DiceCount::describe(std::string_view name, int dice, std::string_view ref) {
  // Appended in place with a compiled format (issue 9: a new string for every modifier of
  // every recorded test, then the format string parsed for each).
  fmt::format_to(std::back_inserter(text_), FMT_COMPILE("{}{:+}D {} ({})"),
                 text_.empty() ? "" : ", ", dice, name, ref);
}

const Row& result_row(std::string_view table_name, int failures) {
  // Each results table's rows with their Min and Max, read once per thread (issue 9: every
  // Élan and Drill test found the table by name and read two columns of each row by name);
  // the first row whose band holds `failures`, in the table's order, as the scan below.
  struct Band {
    int min, max;
    const Row* row;
  };
  struct Bands {
    std::string name;
    std::vector<Band> rows;
  };
  thread_local std::vector<Bands> kept;
  const Bands* bands = nullptr;
  for (const Bands& b : kept) {
    if (b.name == table_name) bands = &b;
  }
  if (bands == nullptr) {
    Bands b{std::string(table_name), {}};
    for (const Row& r : table(table_name).rows)
      b.rows.push_back({r.number("min"), r.number("max"), &r});
    kept.push_back(std::move(b));
    bands = &kept.back();
  }
  for (const Band& b : bands->rows) {
    if (failures >= b.min && failures <= b.max) return *b.row;
  }
  check_failed("a result row", __FILE__, __LINE__, "no result row for a number of failures");
}

const Row& result_row_scan(std::string_view table_name, int failures) {
  for (const Row& r : table(table_name).rows) {
    if (failures >= r.number("min") && failures <= r.number("max")) return r;
  }
  check_failed("a result row", __FILE__, __LINE__, "no result row for a number of failures");
}

int result_dms(const Row& result, int failures) {
  const int dms = result.number("dms");
  return dms < 0 ? failures : dms;
}

}  // namespace smoothbore::elan_drill::detail
