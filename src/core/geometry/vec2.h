// 2-D vectors and compass bearings. Lengths are millimetres of table (common.md §2).
// Table frame: x grows east (to the right), y grows north (away from the south edge).
// Facings are compass bearings in degrees: 0 = north (+y), 90 = east (+x).
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace smoothbore {

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kMmPerInch = 25.4;

struct Vec2 {
  double x = 0;  // mm
  double y = 0;  // mm

  friend Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend Vec2 operator*(Vec2 a, double k) { return {a.x * k, a.y * k}; }
  friend Vec2 operator*(double k, Vec2 a) { return {a.x * k, a.y * k}; }
  friend bool operator==(Vec2 a, Vec2 b) = default;
  double dot(Vec2 o) const { return x * o.x + y * o.y; }
  double cross(Vec2 o) const { return x * o.y - y * o.x; }
  // sqrt rather than std::hypot: hypot guards against overflow that table millimetres never
  // reach, and costs several times as much (it was the largest item in a battle's profile).
  double length() const { return std::sqrt(x * x + y * y); }
  Vec2 normalized() const {
    double l = length();
    return l > 0 ? Vec2{x / l, y / l} : Vec2{0, 0};
  }
};

inline double distance(Vec2 a, Vec2 b) { return (a - b).length(); }

// Unit vector pointing along compass bearing `deg`, computed afresh (sine and cosine).
inline Vec2 bearing_vector_computed(double deg) {
  double r = deg * kPi / 180.0;
  return {std::sin(r), std::cos(r)};
}

namespace geometry_detail {

// The bearings last turned into vectors on this thread, direct-mapped by the bearing's bits.
// A unit's facing changes seldom and every footprint, frame and corner turns it again, so
// most turns are hits: about a dozen instructions instead of sine and cosine's ninety.
// Every slot starts as bearing +0.0, whose vector {0, 1} is exact.
struct BearingMemo {
  static constexpr int kBits = 8;
  std::array<std::uint64_t, 1 << kBits> bits{};
  std::array<Vec2, 1 << kBits> vec;
  constexpr BearingMemo() {
    for (Vec2& v : vec) v = {0.0, 1.0};
  }
};
inline thread_local BearingMemo bearing_memo;

}  // namespace geometry_detail

// Unit vector pointing along compass bearing `deg`: bearing_vector_computed(deg), bit for bit
// (kept per thread, so the same on any thread count).
inline Vec2 bearing_vector(double deg) {
  const auto bits = std::bit_cast<std::uint64_t>(deg);
  auto& memo = geometry_detail::bearing_memo;
  // Fibonacci hashing: the top bits of the product spread nearby bearings over the slots.
  const auto slot = static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ULL) >>
                                             (64 - geometry_detail::BearingMemo::kBits));
  if (memo.bits[slot] == bits) return memo.vec[slot];
  const Vec2 v = bearing_vector_computed(deg);
  memo.bits[slot] = bits;
  memo.vec[slot] = v;
  return v;
}

// Compass bearing (degrees in [0, 360)) of the direction `v`.
inline double bearing_of(Vec2 v) {
  double d = std::atan2(v.x, v.y) * 180.0 / kPi;
  return d < 0 ? d + 360.0 : d;
}

// Bearing normalised to [0, 360).
inline double normalize_bearing(double deg) {
  double d = std::fmod(deg, 360.0);
  return d < 0 ? d + 360.0 : d;
}

// Smallest absolute difference between two bearings, in [0, 180].
inline double bearing_difference(double a, double b) {
  double d = std::fabs(normalize_bearing(a - b));
  return d > 180.0 ? 360.0 - d : d;
}

}  // namespace smoothbore
