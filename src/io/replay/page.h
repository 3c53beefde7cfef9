// The battle replay as one self-contained HTML page: the template, style sheet and script
// (src/io/replay/replay.{html,css,js}, embedded at build time) with the replay data inlined,
// so the file opens offline in any browser and fetches nothing.
//
// The input is a replay stream: the JSON lines that `run --log` writes (io/replay/recorder.h):
// every event, a snapshot after the first and a state line after each event that changed
// the force.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

namespace smoothbore {

// The lines of a replay stream file, without blank lines; the error names the file.
tl::expected<std::vector<std::string>, std::string> read_replay_lines(const std::string& path);

// The page's data (JSON): the snapshot, the rule set's replay profile and one step per
// event with the unit states, objective holders and score after it, the name of the rule
// set's step it belongs to ("step", from the step lines), and each roll also as the
// narrative prints it. The
// error says what is wrong with the stream ("line 3: ...", "no snapshot line ...").
tl::expected<std::string, std::string> build_replay_data(const std::vector<std::string>& lines);

// The whole page. Errors as build_replay_data's.
tl::expected<std::string, std::string> build_replay_page(const std::vector<std::string>& lines);

}  // namespace smoothbore
