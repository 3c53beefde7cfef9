#include "io/narrative.h"

#include <fmt/format.h>

namespace smoothbore {

namespace {

// Percentages for percentile dice, plain pips for the rest.
std::string unit_of(const RollRecord& r) { return r.dice == "d100" ? "%" : ""; }

}  // namespace

std::string format_roll(const RollRecord& r, bool with_result) {
  std::string out = r.dice + "=";
  for (std::size_t i = 0; i < r.faces.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(r.faces[i]);
  }
  const std::string unit = unit_of(r);
  // Rolls without a number to beat (initiative, a pool of faces) show no "vs".
  const bool has_target = r.target != 0 || r.base != 0 || !r.modifiers.empty();
  if (has_target) out += fmt::format(" vs {:g}{}", r.target, unit);
  if (with_result && !r.result.empty()) out += ": " + r.result;
  std::string why;
  if (r.base != 0 || !r.base_ref.empty()) {
    why = fmt::format("base {:g}{}", r.base, unit);
    if (!r.base_ref.empty()) why += " " + r.base_ref;
  }
  for (const Modifier& m : r.modifiers) {
    if (!why.empty()) why += "; ";
    why += fmt::format("{} {:+g}", m.name, m.value);
    if (!m.ref.empty()) why += " " + m.ref;
  }
  if (!why.empty()) out += " [" + why + "]";
  return out;
}

void NarrativePrinter::print(const Event& e) {
  if (quiet_) return;
  if (e.turn > turn_) {
    turn_ = e.turn;
    out_ << "\nTurn " << turn_ << '\n';
  }
  if (e.kind == EventKind::kTurnStart) return;        // the header says it
  if (e.kind == EventKind::kBattleEnd) out_ << '\n';  // set the result apart
  if (!e.text.empty()) out_ << e.text << '\n';
  // A bound's initiative event lists every unit's roll in its sentence already.
  if (e.kind == EventKind::kInitiative && e.rolls.size() > 2) return;
  for (const RollRecord& r : e.rolls) {
    out_ << "  ";
    // Name the test when it is not the event's own (a leader-loss roll after a volley).
    if (!r.purpose.empty() && r.purpose != event_kind_name(e.kind)) out_ << r.purpose << ": ";
    // The sentence often quotes the result already; then the line adds only the working.
    const bool said = !r.result.empty() && e.text.find(r.result) != std::string::npos;
    out_ << format_roll(r, !said) << '\n';
  }
}

}  // namespace smoothbore
