// A short name held inline (no heap): the formation, rate and shot of an `Action`. Actions
// are built by the thousand per turn and copied by the doctrine AI, and a std::string member
// made every copy and destruction a call; a ShortName is trivially copyable. It reads like
// a string where the code uses one: assignment from text, ==, <=>, empty(), and implicit
// conversion to std::string_view and std::string. Every name the rule sets put here is one
// of their own ids (formations from their unit catalogues, variants and shots from their
// sources), all well under kCapacity; a longer one is a bug and stops on SB_CHECK.
#pragma once

#include <fmt/core.h>

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace smoothbore {

class ShortName {
 public:
  static constexpr std::size_t kCapacity = 23;  // characters

  ShortName() = default;
  // Explicit, so that a conditional between a ShortName and a std::string has one type.
  explicit ShortName(std::string_view text) { assign(text); }

  ShortName& operator=(std::string_view text) {
    assign(text);
    return *this;
  }
  ShortName& operator=(const std::string& text) { return *this = std::string_view(text); }
  ShortName& operator=(const char* text) { return *this = std::string_view(text); }

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  void clear() { *this = ShortName(); }
  std::string_view view() const { return {chars_.data(), size_}; }
  std::string str() const { return std::string(view()); }
  operator std::string_view() const { return view(); }  // NOLINT: reads as a string
  operator std::string() const { return str(); }        // NOLINT

  // Unused characters are zero, so equal names are equal bytes.
  friend bool operator==(const ShortName& a, const ShortName& b) {
    return a.size_ == b.size_ && a.chars_ == b.chars_;
  }
  friend bool operator==(const ShortName& a, std::string_view b) { return a.view() == b; }
  friend std::strong_ordering operator<=>(const ShortName& a, const ShortName& b) {
    return a.view() <=> b.view();
  }
  friend std::strong_ordering operator<=>(const ShortName& a, std::string_view b) {
    return a.view() <=> b;
  }

 private:
  void assign(std::string_view text) {
    if (text.size() > kCapacity) too_long(text);
    chars_ = {};
    text.copy(chars_.data(), text.size());
    size_ = static_cast<std::uint8_t>(text.size());
  }
  [[noreturn]] static void too_long(std::string_view text);

  std::array<char, kCapacity> chars_{};
  std::uint8_t size_ = 0;
};

}  // namespace smoothbore

template <>
struct fmt::formatter<smoothbore::ShortName> : fmt::formatter<fmt::string_view> {
  template <typename Context>
  auto format(const smoothbore::ShortName& name, Context& ctx) const {
    return fmt::formatter<fmt::string_view>::format(
        fmt::string_view(name.view().data(), name.view().size()), ctx);
  }
};
