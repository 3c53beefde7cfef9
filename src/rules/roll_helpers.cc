#include "rules/roll_helpers.h"

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore {

void RowModifiers::add(const TableRow& row, int times) {
  add_value(row, row.number("value"), times);
}

void RowModifiers::add_value(const TableRow& row, int value, int times) {
  if (times == 0) return;
  const int total = value * times;
  total_ += total;
  if (!listed_) return;
  list_.push_back({times == 1 ? row.name : fmt::format("{} ×{}", row.name, times),
                   static_cast<double>(total), row.ref});
}

void RowModifiers::add(std::string name, int value, std::string ref) {
  total_ += value;
  if (!listed_) return;
  list_.push_back({std::move(name), static_cast<double>(value), std::move(ref)});
}

void RowModifiers::record(RollRecord* r) const {
  if (r == nullptr) return;
  SB_CHECK(listed_, "a record of modifiers kept unlisted");
  r->modifiers.insert(r->modifiers.end(), list_.begin(), list_.end());
}

void note_face(RollRecord* r, std::string_view die, int face) {
  if (r == nullptr) return;
  r->dice += (r->dice.empty() ? "" : " + ") + std::string(die);
  r->faces.push_back(face);
}

}  // namespace smoothbore
