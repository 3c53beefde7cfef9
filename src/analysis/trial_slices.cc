#include "analysis/trial_slices.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/check.h"

namespace smoothbore {

namespace {

class Writer {
 public:
  template <typename T>
  void put(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const char*>(&v);
    out_.append(p, sizeof v);
  }
  void put_size(std::size_t n) { put(static_cast<std::uint64_t>(n)); }
  template <typename T>
  void put_vector(const std::vector<T>& v) {
    put_size(v.size());
    for (const T& x : v) put(x);
  }
  void put_string(const std::string& s) {
    put_size(s.size());
    out_ += s;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool done() const { return in_.empty(); }
  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    SB_CHECK(in_.size() >= sizeof(T), "truncated trial records");
    T v;
    std::memcpy(&v, in_.data(), sizeof v);
    in_.remove_prefix(sizeof v);
    return v;
  }
  std::size_t get_size() {
    const auto n = get<std::uint64_t>();
    SB_CHECK(n <= in_.size(), "truncated trial records");  // every element is >= 1 byte
    return static_cast<std::size_t>(n);
  }
  template <typename T>
  std::vector<T> get_vector() {
    std::vector<T> v(get_size());
    for (T& x : v) x = get<T>();
    return v;
  }
  std::string get_string() {
    const std::size_t n = get_size();
    std::string s(in_.substr(0, n));
    in_.remove_prefix(n);
    return s;
  }

 private:
  std::string_view in_;
};

}  // namespace

std::string encode_records(const std::vector<TrialRecord>& records) {
  Writer w;
  for (const TrialRecord& r : records) {
    w.put(r.trial);
    w.put(r.result.winner);
    w.put_string(r.result.reason);
    w.put(r.result.turns);
    w.put_vector(r.result.broken);
    w.put_vector(r.result.losses);
    w.put_vector(r.result.points);
    w.put_string(r.result.summary);
    w.put_vector(r.units);
  }
  return w.take();
}

std::vector<TrialRecord> decode_records(std::string_view bytes) {
  Reader in(bytes);
  std::vector<TrialRecord> records;
  while (!in.done()) {
    TrialRecord r;
    r.trial = in.get<std::int64_t>();
    r.result.winner = in.get<int>();
    r.result.reason = in.get_string();
    r.result.turns = in.get<int>();
    r.result.broken = in.get_vector<double>();
    r.result.losses = in.get_vector<double>();
    r.result.points = in.get_vector<int>();
    r.result.summary = in.get_string();
    r.units = in.get_vector<UnitStatus>();
    for (UnitStatus s : r.units) {
      SB_CHECK(static_cast<int>(s) >= 0 &&
                   static_cast<int>(s) <= static_cast<int>(UnitStatus::kOffTable),
               "bad unit status in trial records");
    }
    records.push_back(std::move(r));
  }
  return records;
}

MonteCarloRun merge_slices(std::int64_t n, std::vector<std::vector<TrialRecord>> slices) {
  const auto k_slices = static_cast<std::int64_t>(slices.size());
  SB_CHECK(k_slices >= 1 && n >= 0, "no slices to merge");
  // The first trial that slice r did not finish is r + size * K.
  std::int64_t k = n;
  for (std::int64_t r = 0; r < k_slices; ++r) {
    const auto& records = slices[static_cast<std::size_t>(r)];
    const auto finished = static_cast<std::int64_t>(records.size());
    SB_CHECK(finished <= slice_size(TrialSlice{r, k_slices}, n), "a slice has too many trials");
    for (std::int64_t j = 0; j < finished; ++j) {
      SB_CHECK(records[static_cast<std::size_t>(j)].trial == r + j * k_slices,
               "a slice's records are not its first trials in order");
    }
    k = std::min(k, r + finished * k_slices);
  }
  MonteCarloRun run;
  run.requested = n;
  run.records.reserve(static_cast<std::size_t>(k));
  for (std::int64_t i = 0; i < k; ++i) {
    run.records.push_back(std::move(
        slices[static_cast<std::size_t>(i % k_slices)][static_cast<std::size_t>(i / k_slices)]));
  }
  run.stopped = k < n;
  return run;
}

}  // namespace smoothbore
