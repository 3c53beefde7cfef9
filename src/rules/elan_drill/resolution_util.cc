#include "rules/elan_drill/resolution_util.h"

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore::elan_drill::detail {

ParamSpec flag(std::string name, std::string help, std::string ref) {
  return bool_param(std::move(name), false, std::move(help), std::move(ref));
}

ParamSpec count(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                std::string help, std::string ref) {
  return int_param(std::move(name), def, static_cast<double>(min), static_cast<double>(max),
                   std::move(help), std::move(ref));
}

ParamSpec choice(std::string name, std::vector<std::string> choices, std::string help,
                 std::string ref) {
  std::string def = choices.front();
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

ParamSpec inches(std::string name, double def, double max, std::string help, std::string ref) {
  return number_param(std::move(name), def, 0, max, std::move(help), std::move(ref));
}

int int_of(const Params& p, const std::string& name) { return static_cast<int>(p.get_int(name)); }

void Factor::add(const Row& row, int times) {
  if (times == 0) return;
  const int value = row.number("value") * times;
  total_ += value;
  if (!named_) return;
  modifiers_.push_back({times == 1 ? row.name : fmt::format("{} ×{}", row.name, times),
                        static_cast<double>(value), row.ref});
}

void Factor::add(std::string name, int value, std::string ref) {
  total_ += value;
  if (!named_) return;
  modifiers_.push_back({std::move(name), static_cast<double>(value), std::move(ref)});
}

void Factor::record(RollRecord* r, std::string_view purpose) const {
  SB_CHECK(named_ || r == nullptr, "an unnamed factor cannot be recorded");
  start_record(r, purpose, base_, base_ref_);
  if (r == nullptr) return;
  r->modifiers = modifiers_;
  r->target = total_;
}

void DiceCount::add(const Row& row, int times) {
  if (times == 0) return;
  if (!named_) {
    total_ += row.number("dice") * times;
    return;
  }
  add(times == 1 ? row.name : fmt::format("{} ×{}", row.name, times), row.number("dice") * times,
      row.ref);
}

void DiceCount::add(std::string name, int dice, std::string ref) {
  if (dice == 0) return;
  total_ += dice;
  if (!named_) return;
  text_ += fmt::format("{}{:+}D {} ({})", text_.empty() ? "" : ", ", dice, name, ref);
}

const Row& result_row(std::string_view table_name, int failures) {
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
