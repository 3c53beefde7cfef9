// group-orders' text ids (text_id.h, issue 9): the doctrine's kept odds are keyed by them, so
// two ids must be equal exactly when their texts are, whichever thread asked first, and a
// TextId's view must keep its text however many texts come after it.
#include <algorithm>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "rules/group_orders/orders_id.h"
#include "rules/group_orders/text_id.h"

namespace smoothbore::group_orders {
namespace {

TEST(GroupOrdersTextId, EqualIdsExactlyForEqualTexts) {
  // Texts that differ in one byte, in their length, or not at all, some longer than a
  // string's inline buffer.
  std::vector<std::string> texts = {"",      "a",      "b",    "ab",   "line",
                                    "lines", "column", "Line", "none", "text-id-test-a"};
  for (int i = 0; i < 40; ++i) texts.push_back("text-id-test-long-name-" + std::to_string(i));
  std::mt19937_64 gen(21);
  std::vector<TextId> first(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) first[i] = text_id(texts[i]);
  EXPECT_EQ(text_id("").id, 0);
  EXPECT_EQ(TextId{}.id, 0);
  for (int round = 0; round < 2000; ++round) {
    const std::size_t i = std::uniform_int_distribution<std::size_t>(0, texts.size() - 1)(gen);
    const std::size_t j = std::uniform_int_distribution<std::size_t>(0, texts.size() - 1)(gen);
    const std::string copy = texts[i];  // another buffer of the same text
    const TextId a = text_id(copy), b = text_id(texts[j]);
    EXPECT_EQ(a.text, texts[i]);
    EXPECT_EQ(a.id, first[i].id);
    EXPECT_EQ(a == b, texts[i] == texts[j]) << texts[i] << " / " << texts[j];
  }
  // The first views still read their texts after every later text was kept.
  for (int i = 0; i < 500; ++i) text_id("text-id-test-later-" + std::to_string(i));
  for (std::size_t i = 0; i < texts.size(); ++i) EXPECT_EQ(first[i].text, texts[i]);
}

TEST(GroupOrdersTextId, ThreadsAgree) {
  constexpr int kThreads = 4;
  constexpr int kTexts = 200;
  std::vector<std::vector<TextId>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &got] {
      // Each thread asks the same texts in its own order.
      std::vector<int> order(kTexts);
      for (int i = 0; i < kTexts; ++i) order[i] = i;
      std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(t)));
      got[t].resize(kTexts);
      for (int i : order) got[t][i] = text_id("text-id-thread-" + std::to_string(i));
    });
  }
  for (std::thread& th : threads) th.join();
  for (int i = 0; i < kTexts; ++i) {
    for (int t = 1; t < kThreads; ++t) EXPECT_EQ(got[t][i].id, got[0][i].id) << i;
    for (int j = 0; j < i; ++j) EXPECT_NE(got[0][i].id, got[0][j].id) << i << " " << j;
    EXPECT_EQ(got[0][i].text, "text-id-thread-" + std::to_string(i));
  }
}

TEST(GroupOrdersTextId, KnownTextsAreTheirTexts) {
  const KnownTexts& k = known_texts();
  EXPECT_EQ(k.none, text_id("none"));
  EXPECT_EQ(k.soft.text, "soft");
  EXPECT_EQ(k.hard.text, "hard");
  EXPECT_EQ(k.line.text, "line");
  EXPECT_EQ(k.column.text, "column");
  EXPECT_EQ(k.column_deep.text, "column-deep");
  EXPECT_EQ(k.square, text_id("square"));
  for (std::size_t i = 0; i < std::size(k.orders); ++i) {
    EXPECT_EQ(k.orders[i].text, orders_name(static_cast<OrdersId>(i)));
    EXPECT_EQ(k.orders[i], text_id(orders_name(static_cast<OrdersId>(i))));
  }
}

}  // namespace
}  // namespace smoothbore::group_orders
