#include "core/events/jsonl.h"

#include <nlohmann/json.hpp>

#include "core/json_value.h"

namespace smoothbore {

namespace {

using Json = nlohmann::ordered_json;

// Whole numbers print as integers ("3", not "3.0"), so logs read naturally.
Json number_json(double d) {
  if (d == static_cast<double>(static_cast<std::int64_t>(d)) && d > -1e15 && d < 1e15) {
    return static_cast<std::int64_t>(d);
  }
  return d;
}

}  // namespace

std::string to_json_line(const Event& e) {
  Json j;
  j["kind"] = event_kind_name(e.kind);
  j["turn"] = e.turn;
  if (!e.phase.empty()) j["phase"] = e.phase;
  if (!e.side.empty()) j["side"] = e.side;
  if (!e.unit.empty()) j["unit"] = e.unit;
  if (!e.target.empty()) j["target"] = e.target;
  j["text"] = e.text;
  if (!e.rolls.empty()) {
    Json rolls = Json::array();
    for (const RollRecord& r : e.rolls) {
      Json jr;
      jr["purpose"] = r.purpose;
      jr["dice"] = r.dice;
      jr["faces"] = r.faces;
      jr["base"] = number_json(r.base);
      if (!r.base_ref.empty()) jr["base_ref"] = r.base_ref;
      Json mods = Json::array();
      for (const Modifier& m : r.modifiers) {
        mods.push_back(Json{{"name", m.name}, {"value", number_json(m.value)}, {"ref", m.ref}});
      }
      jr["modifiers"] = std::move(mods);
      jr["target"] = number_json(r.target);
      jr["result"] = r.result;
      rolls.push_back(std::move(jr));
    }
    j["rolls"] = std::move(rolls);
  }
  if (!e.data.empty()) {
    Json d = Json::object();
    for (const auto& [k, v] : e.data) d[k] = to_json(v);
    j["data"] = std::move(d);
  }
  return j.dump();
}

std::uint64_t log_hash(const EventLog& log) {
  std::uint64_t h = 1469598103934665603ull;
  for (const Event& e : log.events()) {
    std::string line = to_json_line(e);
    line.push_back('\n');
    for (unsigned char c : line) {
      h ^= c;
      h *= 1099511628211ull;
    }
  }
  return h;
}

}  // namespace smoothbore
