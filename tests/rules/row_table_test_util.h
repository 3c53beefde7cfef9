// The golden check every rule set's table test makes of a table of rows (rules/row_tables.h):
// the rows in order, each key present with its reference, a printed name, and the expected
// numbers and texts of its columns; the row count, so a row added without a golden fails.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/row_tables.h"

namespace smoothbore::test {

struct RowCell {
  const char* key;
  std::map<std::string, int> numbers;
  const char* ref;  // the reference must start with this ("L32")
  std::map<std::string, std::string> texts = {};
};

inline void expect_row_table(const RowTable& t, const std::vector<RowCell>& cells) {
  const std::string& name = t.name;
  EXPECT_EQ(t.rows.size(), cells.size()) << name;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const RowCell& c = cells[i];
    const TableRow* r = t.find(c.key);
    ASSERT_NE(r, nullptr) << name << " " << c.key;
    if (i < t.rows.size()) {
      EXPECT_EQ(t.rows[i].key, c.key) << name << ": row order";
    }
    EXPECT_THAT(r->ref, ::testing::StartsWith(c.ref)) << name << " " << c.key;
    EXPECT_FALSE(r->name.empty()) << name << " " << c.key;
    for (const auto& [column, value] : c.numbers) {
      EXPECT_EQ(r->number(column), value) << name << " " << c.key << " " << column;
    }
    for (const auto& [column, value] : c.texts) {
      EXPECT_EQ(r->text(column), value) << name << " " << c.key << " " << column;
    }
  }
}

}  // namespace smoothbore::test
