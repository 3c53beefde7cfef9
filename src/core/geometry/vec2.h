// 2-D vectors and compass bearings. Lengths are millimetres of table (common.md §2).
// Table frame: x grows east (to the right), y grows north (away from the south edge).
// Facings are compass bearings in degrees: 0 = north (+y), 90 = east (+x).
#pragma once

#include <cmath>

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

// Unit vector pointing along compass bearing `deg`.
inline Vec2 bearing_vector(double deg) {
  double r = deg * kPi / 180.0;
  return {std::sin(r), std::cos(r)};
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
