#include "core/events/event.h"

#include "core/check.h"

namespace smoothbore {

std::string_view event_kind_name(EventKind k) {
  switch (k) {
    case EventKind::kBattleStart:
      return "battle_start";
    case EventKind::kTurnStart:
      return "turn_start";
    case EventKind::kPhase:
      return "phase";
    case EventKind::kOrder:
      return "order";
    case EventKind::kMove:
      return "move";
    case EventKind::kFormation:
      return "formation";
    case EventKind::kFire:
      return "fire";
    case EventKind::kCharge:
      return "charge";
    case EventKind::kMelee:
      return "melee";
    case EventKind::kMorale:
      return "morale";
    case EventKind::kInitiative:
      return "initiative";
    case EventKind::kStatus:
      return "status";
    case EventKind::kRout:
      return "rout";
    case EventKind::kRemoved:
      return "removed";
    case EventKind::kBattleEnd:
      return "battle_end";
  }
  return "unknown";
}

void start_record(RollRecord* r, std::string_view purpose, double base, std::string base_ref) {
  if (r == nullptr) return;
  r->purpose = std::string(purpose);
  r->dice.clear();
  r->faces.clear();
  r->base = base;
  r->base_ref = std::move(base_ref);
  r->modifiers.clear();
  r->target = base;
  r->result.clear();
}

RollRecord* record_for(const EventLog& log, RollRecord& r) { return log.quiet() ? nullptr : &r; }

std::vector<RollRecord>* record_for(const EventLog& log, std::vector<RollRecord>& r) {
  return log.quiet() ? nullptr : &r;
}

void EventLog::add_sink(Sink s) {
  SB_CHECK(!quiet_, "a sink added to a quiet event log");
  sinks_.push_back(std::move(s));
}

void EventLog::count_quietly(EventKind k) {
  SB_CHECK(quiet_, "count_quietly is for a quiet log");
  ++appended_;
  ++counts_[static_cast<std::size_t>(k)];
}

void EventLog::append(Event&& e) {
  ++appended_;
  ++counts_[static_cast<std::size_t>(e.kind)];
  if (quiet_) return;
  events_.push_back(std::move(e));
  for (const Sink& s : sinks_) s(events_.back());
}

}  // namespace smoothbore
