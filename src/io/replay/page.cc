#include "io/replay/page.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/embedded.h"
#include "core/events/event.h"
#include "core/text/html.h"
#include "io/narrative.h"
#include "io/replay/profile.h"
#include "io/replay/recorder.h"

namespace smoothbore {

namespace {

using Json = nlohmann::ordered_json;

// A roll line of the log back into a RollRecord, to print it as the narrative does.
RollRecord roll_of(const Json& j) {
  RollRecord r;
  r.purpose = j.value("purpose", "");
  r.dice = j.value("dice", "");
  if (j.contains("faces")) r.faces = j["faces"].get<std::vector<int>>();
  r.base = j.value("base", 0.0);
  r.base_ref = j.value("base_ref", "");
  if (j.contains("modifiers")) {
    for (const Json& m : j["modifiers"]) {
      r.modifiers.push_back({m.value("name", ""), m.value("value", 0.0), m.value("ref", "")});
    }
  }
  r.target = j.value("target", 0.0);
  r.result = j.value("result", "");
  return r;
}

Json profile_json(std::string_view ruleset) {
  const ReplayProfile p = replay_profile(ruleset);
  Json markers = Json::object();
  for (const auto& [id, cls] : p.marker_classes) markers[id] = cls;
  return Json{{"markers", std::move(markers)}, {"unit_name", p.unit_name}};
}

// Merges a state line's changes into the step's (a later line wins).
void merge(Json& step, const Json& state, const char* key) {
  if (!state.contains(key)) return;
  Json& into = step[key];
  if (into.is_null()) into = Json::object();
  for (const auto& [id, s] : state[key].items()) into[id] = s;
}

std::string asset(std::string_view name) {
  auto found = embedded::find(embedded::replay_files(), name);
  return found ? std::string(*found) : std::string();
}

}  // namespace

tl::expected<std::vector<std::string>, std::string> read_replay_lines(const std::string& path) {
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int err = errno;
    return tl::unexpected(path + ": cannot open" +
                          (err != 0 ? std::string(": ") + std::strerror(err) : std::string()));
  }
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") != std::string::npos) lines.push_back(std::move(line));
  }
  if (in.bad()) return tl::unexpected(path + ": reading failed");
  return lines;
}

tl::expected<std::string, std::string> build_replay_data(const std::vector<std::string>& lines) {
  Json snapshot;
  Json steps = Json::array();
  std::size_t step_begin = 0;  // the first event after the last step line
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Json j = Json::parse(lines[i], nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object() || !j.contains("kind") || !j["kind"].is_string()) {
      return tl::unexpected(fmt::format(
          "line {}: expected a JSON object with a \"kind\" (an event log line)", i + 1));
    }
    const std::string kind = j["kind"].get<std::string>();
    if (kind == "snapshot") {
      if (!snapshot.is_null())
        return tl::unexpected(fmt::format("line {}: a second snapshot", i + 1));
      const int format = j.value("format", 0);
      if (format < 1 || format > kReplayFormat) {
        return tl::unexpected(
            fmt::format("line {}: snapshot format {} (this smoothbore reads 1 to {})", i + 1,
                        format, kReplayFormat));
      }
      snapshot = std::move(j);
      continue;
    }
    if (kind == "state") {
      if (steps.empty())
        return tl::unexpected(fmt::format("line {}: a state before any event", i + 1));
      merge(steps.back(), j, "units");
      merge(steps.back(), j, "leaders");
      for (const char* key : {"held", "score"}) {
        if (j.contains(key)) steps.back()[key] = j[key];
      }
      if (j.contains("step") && j["step"].is_string()) {
        // The events since the last step line made up this step of the rule set's
        // sequence; those of an earlier turn (the battle's start) are left out of it.
        const Json turn = steps.back().value("turn", Json());
        for (std::size_t k = step_begin; k < steps.size(); ++k) {
          if (steps[k].value("turn", Json()) == turn) steps[k]["step"] = j["step"];
        }
        step_begin = steps.size();
      }
      continue;
    }
    if (j.contains("rolls")) {
      for (Json& r : j["rolls"]) {
        r["line"] = format_roll(roll_of(r));
      }
    }
    steps.push_back(std::move(j));
  }
  if (snapshot.is_null()) {
    return tl::unexpected(std::string(
        "no snapshot line: the log has the events only (written before replays were recorded); "
        "fight it again with `smoothbore run SCENARIO --log FILE.jsonl`"));
  }
  if (steps.empty()) return tl::unexpected(std::string("no events"));
  Json data;
  data["format"] = kReplayFormat;
  data["profile"] = profile_json(snapshot.value("ruleset", ""));
  data["snapshot"] = std::move(snapshot);
  data["steps"] = std::move(steps);
  return data.dump();
}

tl::expected<std::string, std::string> build_replay_page(const std::vector<std::string>& lines) {
  auto data = build_replay_data(lines);
  if (!data) return tl::unexpected(data.error());
  // Inside <script>, "</script>" or "<!--" in a string would end or confuse the element:
  // '<' only occurs inside JSON strings, where \u003c means the same.
  std::string safe;
  safe.reserve(data->size());
  for (char c : *data) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  Json parsed = Json::parse(*data);
  const std::string title =
      fmt::format("{} — smoothbore replay", parsed["snapshot"].value("scenario", "battle"));
  return fill_template(asset("replay.html"),
                       {{"title", html_escape(title)},
                        {"css", asset("replay.css")},
                        {"data", safe},
                        {"js", asset("replay_table.js") + "\n" + asset("replay_layers.js") + "\n" +
                                   asset("replay_state.js") + "\n" + asset("replay_panel.js") +
                                   "\n" + asset("replay.js")}});
}

}  // namespace smoothbore
