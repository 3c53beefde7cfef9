// A name the doctrine's kept odds are keyed by (a unit type, a weapon, orders, a formation, a
// cover, the options' key) as a small number, the same for every thread of the process
// (issue 9: the keys' texts were copied into every shot's and melee's facts, then hashed and
// compared byte by byte at every ask; a melee's facts cost some 1,800 instructions). The
// texts are kept for the life of the process, so a TextId's view never dangles, and two
// TextIds are equal exactly when their texts are (tests/rules/group_orders_text_id_test.cc).
#pragma once

#include <cstdint>
#include <string_view>

namespace smoothbore::group_orders {

struct TextId {
  std::uint16_t id = 0;   // 0: the empty text
  std::string_view text;  // into the process's kept copy
  bool operator==(const TextId& o) const { return id == o.id; }
};

// The id of `text`, given on its first asking (thread-safe; a lock and a hash lookup, so
// worked out once where the text is known, not per question).
TextId text_id(std::string_view text);

// The few names the battle's facts take, interned once.
struct KnownTexts {
  TextId none, soft, hard;                   // covers
  TextId line, column, column_deep, square;  // formations
  TextId orders[7];                          // by OrdersId (orders_id.h)
};
const KnownTexts& known_texts();

}  // namespace smoothbore::group_orders
