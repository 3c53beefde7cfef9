#include "rules/group_orders/text_id.h"

#include <deque>
#include <limits>
#include <mutex>
#include <string>
#include <unordered_map>

#include "core/check.h"
#include "rules/group_orders/orders_id.h"

namespace smoothbore::group_orders {

TextId text_id(std::string_view text) {
  static std::mutex mutex;
  static std::deque<std::string> kept{std::string()};  // a deque: the texts never move
  static std::unordered_map<std::string_view, std::uint16_t> ids{{std::string_view(), 0}};
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = ids.find(text); it != ids.end()) return TextId{it->second, it->first};
  SB_CHECK(kept.size() <= std::numeric_limits<std::uint16_t>::max(), "at most 65,536 texts");
  const std::string_view view = kept.emplace_back(text);
  const auto id = static_cast<std::uint16_t>(kept.size() - 1);
  ids.emplace(view, id);
  return TextId{id, view};
}

const KnownTexts& known_texts() {
  static const KnownTexts kTexts = [] {
    KnownTexts t;
    t.none = text_id("none");
    t.soft = text_id("soft");
    t.hard = text_id("hard");
    t.line = text_id("line");
    t.column = text_id("column");
    t.column_deep = text_id("column-deep");
    t.square = text_id("square");
    for (std::size_t i = 0; i < std::size(t.orders); ++i) {
      t.orders[i] = text_id(orders_name(static_cast<OrdersId>(i)));
    }
    return t;
  }();
  return kTexts;
}

}  // namespace smoothbore::group_orders
