// The JSON Lines form of events and the log hash (design.md "Determinism").
#include <gtest/gtest.h>

#include "core/events/jsonl.h"

namespace smoothbore {
namespace {

Event volley() {
  Event e;
  e.kind = EventKind::kFire;
  e.turn = 3;
  e.phase = "fire";
  e.side = "french";
  e.unit = "fr-1e";
  e.target = "au-2";
  e.text = "Volley.";
  RollRecord r;
  r.purpose = "fire";
  r.dice = "d100";
  r.faces = {37};
  r.base = 8;
  r.base_ref = "R-002-4";
  r.modifiers = {{"first fire", 3, "L117"}, {"smoke", -1.5, "A2-05"}};
  r.target = 9.5;
  r.result = "miss";
  e.rolls = {r};
  e.data = {{"kills", std::int64_t{0}}, {"distance_in", 4.5}};
  return e;
}

TEST(JsonlTest, ExactLine) {
  // Keys in the fixed order of jsonl.h; whole numbers without ".0".
  EXPECT_EQ(to_json_line(volley()),
            R"({"kind":"fire","turn":3,"phase":"fire","side":"french","unit":"fr-1e",)"
            R"("target":"au-2","text":"Volley.","rolls":[{"purpose":"fire","dice":"d100",)"
            R"("faces":[37],"base":8,"base_ref":"R-002-4","modifiers":[{"name":"first fire",)"
            R"("value":3,"ref":"L117"},{"name":"smoke","value":-1.5,"ref":"A2-05"}],)"
            R"("target":9.5,"result":"miss"}],"data":{"kills":0,"distance_in":4.5}})");
}

TEST(JsonlTest, EmptyFieldsLeftOut) {
  Event e;
  e.kind = EventKind::kTurnStart;
  e.turn = 1;
  e.text = "Turn 1.";
  EXPECT_EQ(to_json_line(e), R"({"kind":"turn_start","turn":1,"text":"Turn 1."})");
}

TEST(JsonlTest, LogHash) {
  EventLog empty;
  EXPECT_EQ(log_hash(empty), 1469598103934665603ull);  // the FNV-1a 64 offset basis
  EventLog a, b;
  for (EventLog* log : {&a, &b}) {
    log->append(volley());
    log->append(volley());
  }
  EXPECT_EQ(log_hash(a), log_hash(b));
  EventLog c;
  c.append(volley());
  Event changed = volley();
  changed.rolls[0].faces = {38};
  c.append(changed);
  EXPECT_NE(log_hash(a), log_hash(c));
}

TEST(JsonlTest, SinkSeesEachEvent) {
  EventLog log;
  std::vector<std::string> lines;
  log.add_sink([&](const Event& e) { lines.push_back(to_json_line(e)); });
  log.append(volley());
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], to_json_line(log.events()[0]));
}

}  // namespace
}  // namespace smoothbore
