// EventLog::count_quietly (issue 9): a quiet log counts an event of a kind as append of a
// bare event of that kind does, keeping none; a logged log refuses it.
#include <gtest/gtest.h>

#include "core/events/event.h"

namespace smoothbore {
namespace {

TEST(EventLogCount, CountsAsAppendDoes) {
  EventLog appended(true);
  EventLog counted(true);
  const EventKind kinds[] = {EventKind::kPhase, EventKind::kFire, EventKind::kPhase,
                             EventKind::kOrder, EventKind::kBattleEnd};
  for (EventKind k : kinds) {
    Event e;
    e.kind = k;
    appended.append(std::move(e));
    counted.count_quietly(k);
  }
  EXPECT_EQ(counted.size(), appended.size());
  EXPECT_EQ(counted.size(), 5u);
  for (EventKind k : {EventKind::kPhase, EventKind::kFire, EventKind::kOrder, EventKind::kBattleEnd,
                      EventKind::kMove}) {
    EXPECT_EQ(counted.count(k), appended.count(k)) << event_kind_name(k);
  }
  EXPECT_EQ(counted.count(EventKind::kPhase), 2u);
  EXPECT_EQ(counted.count(EventKind::kMove), 0u);
  EXPECT_TRUE(counted.events().empty());
}

TEST(EventLogCountDeathTest, RefusedOnALoggedLog) {
  EventLog logged(false);
  EXPECT_DEATH(logged.count_quietly(EventKind::kPhase), "quiet");
}

}  // namespace
}  // namespace smoothbore
