// `smoothbore rulesets [ID]`: the rule sets, or one rule set's options, unit types, unit
// attributes and resolutions, all from the schemas the rule sets publish.
#include <algorithm>
#include <iostream>
#include <string_view>

#include <fmt/format.h>

#include "apps/cli.h"
#include "rules/registry.h"

namespace smoothbore::cli {

namespace {

// The rule sets of design.md that are not registered yet, so the listing says what is to
// come rather than pretending they do not exist.
struct Planned {
  std::string_view id;
  std::string_view title;
  std::string_view unit;
};
constexpr Planned kPlanned[] = {
    {"elan-drill", "Napoleonic Elan/Drill D12 pools", "in"},
    {"fast-1805", "1805: Fast Rules for the Musket Period", "in"},
    {"squad-skirmish", "1:1 squad skirmish with card activation", "in"},
    {"group-orders", "Group orders Advance/Reserve/Stand/Retreat/Rout", "cm"},
};

std::string valid_ids() {
  std::string out;
  for (const Ruleset* r : all_rulesets()) out += (out.empty() ? "" : ", ") + std::string(r->id());
  return out;
}

void print_params(const char* heading, const std::vector<ParamSpec>& specs) {
  std::cout << '\n' << heading << ":\n";
  if (specs.empty()) std::cout << "  (none)\n";
  for (const ParamSpec& s : specs) {
    std::cout << "  " << s.signature();
    if (!s.ref.empty()) std::cout << " [" << s.ref << "]";
    std::cout << '\n';
    if (!s.help.empty()) std::cout << "      " << s.help << '\n';
  }
}

void print_list() {
  // The status column fits the longest status ("partial: ...").
  std::size_t w = 20;
  for (const Ruleset* r : all_rulesets()) w = std::max(w, r->status().size());
  auto row = [w](std::string_view id, std::string_view unit, std::string_view status,
                 std::string_view title) {
    std::cout << fmt::format("{:<22} {:<5} {:<{}} {}\n", id, unit, status, w, title);
  };
  row("id", "unit", "status", "title");
  for (const Ruleset* r : all_rulesets()) row(r->id(), r->rule_unit(), r->status(), r->title());
  for (const Planned& p : kPlanned) {
    if (find_ruleset(p.id) != nullptr) continue;
    row(p.id, p.unit, "not yet implemented", p.title);
  }
  std::cout << "\nDetails: smoothbore rulesets ID\n";
}

void print_one(const Ruleset& r) {
  std::cout << r.id() << ": " << r.title() << '\n'
            << "status: " << r.status() << '\n'
            << "rule unit: " << r.rule_unit() << " ("
            << r.mm_per_rule_unit(complete_params(r.options(), {}).value_or(Params())) << " mm"
            << " with the default options)\n"
            << "default turn limit: " << r.default_turn_limit() << '\n';
  print_params("Options (scenario [options] table)", r.options());

  std::cout << "\nUnit types (formations, the first is the default):\n";
  for (const UnitTypeInfo& t : r.unit_types()) {
    std::string formations;
    for (const std::string& f : t.formations) formations += (formations.empty() ? "" : ", ") + f;
    std::cout << fmt::format("  {:<20} {}\n", t.id, formations);
    if (!t.help.empty()) std::cout << "      " << t.help << '\n';
  }

  print_params("Unit attributes", r.unit_attributes());

  std::cout << "\nResolutions (smoothbore odds " << r.id() << " NAME name=value ...):\n";
  for (const Resolution& res : r.resolutions()) {
    std::cout << "  " << res.name;
    if (!res.ref.empty()) std::cout << " [" << res.ref << "]";
    std::cout << '\n';
    if (!res.help.empty()) std::cout << "      " << res.help << '\n';
    for (const ParamSpec& s : res.params) {
      std::cout << "      " << s.signature();
      if (!s.ref.empty()) std::cout << " [" << s.ref << "]";
      std::cout << '\n';
    }
    std::string fields;
    for (const std::string& f : res.outcome_fields) fields += (fields.empty() ? "" : ", ") + f;
    std::cout << "      -> " << fields << '\n';
  }
}

int rulesets(const std::string& id) {
  if (id.empty()) {
    print_list();
    return kExitOk;
  }
  const Ruleset* r = find_ruleset(id);
  if (r == nullptr) {
    for (const Planned& p : kPlanned) {
      if (p.id == id) {
        print_error(
            fmt::format("rule set '{}' is not yet implemented; available: {}", id, valid_ids()));
        return kExitBadInput;
      }
    }
    print_error(fmt::format("unknown rule set '{}'; available: {}", id, valid_ids()));
    return kExitBadInput;
  }
  print_one(*r);
  return kExitOk;
}

}  // namespace

Command add_rulesets(CLI::App& app) {
  auto id = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand(
      "rulesets", "List the rule sets, or one rule set's options, units and resolutions");
  sub->add_option("id", *id, "Rule set id (e.g. fast-1805)");
  sub->footer("Example: smoothbore rulesets fast-1805");
  return [id] { return rulesets(*id); };
}

}  // namespace smoothbore::cli
