// A unit's or a Group's orders (L1-L29, §9) as a small id, worked out once where the orders
// are set (issue 9: the steps compared them as strings, "retreat", "rout", "stand", ...). The
// names stay the scenario's, the tables' and the log's: orders_name gives them back.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace smoothbore::group_orders {

enum class OrdersId : std::uint8_t {
  kNone,  // a unit's own orders: none, the Group's apply
  kReserve,
  kAdvance,
  kStand,
  kRetreat,
  kRout,
  kRemoved,  // a morale result's (artillery killed, L228)
};

inline const std::string& orders_name(OrdersId o) {
  static const std::array<std::string, 7> kNames = {"",        "reserve", "advance", "stand",
                                                    "retreat", "rout",    "removed"};
  return kNames[static_cast<std::size_t>(o)];
}

// The id of a name; "" is kNone. Throws on a name that is no orders (the scenario's are
// checked on load, the tables' and the resolutions' are among these).
inline OrdersId orders_named(std::string_view name) {
  for (std::size_t i = 0; i < 7; ++i) {
    const auto o = static_cast<OrdersId>(i);
    if (orders_name(o) == name) return o;
  }
  throw std::invalid_argument("group-orders: no orders named " + std::string(name));
}

}  // namespace smoothbore::group_orders
