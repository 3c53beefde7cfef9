// `smoothbore generate --ruleset ID --stands N [--seed S] [-o FILE]`: a synthetic battle of
// about N stands a side (io/generate.h), checked by the scenario loader before it is
// written.
#include <iostream>

#include "apps/cli.h"
#include "apps/output_file.h"
#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"

namespace smoothbore::cli {

namespace {

struct GenerateArgs {
  std::string ruleset;
  std::string stands = "100";
  std::string seed = "1";
  std::string output;
};

std::string generatable_ids() {
  std::string out;
  for (const Ruleset* r : all_rulesets()) {
    if (can_generate(*r)) out += (out.empty() ? "" : ", ") + std::string(r->id());
  }
  return out;
}

int generate(const GenerateArgs& a) {
  const Ruleset* rs = find_ruleset(a.ruleset);
  if (rs == nullptr || !can_generate(*rs)) {
    print_error("--ruleset: expected one of " + generatable_ids() + ", found '" + a.ruleset + "'");
    return kExitBadInput;
  }
  auto stands = parse_bounded("--stands", a.stands, 1, 100000);
  auto seed = parse_bounded("--seed", a.seed, 0, INT64_MAX);
  for (const auto* e : {&stands, &seed}) {
    if (!*e) {
      print_error(e->error());
      return kExitBadInput;
    }
  }
  GenerateRequest request;
  request.stands = static_cast<int>(*stands);
  request.seed = static_cast<std::uint64_t>(*seed);
  auto text = generate_scenario(*rs, request);
  if (!text) {
    print_error(text.error());
    return kExitInternal;  // every registered template must generate
  }
  // What we write must load: a generated file that fails `check` is our bug.
  if (auto loaded = load_scenario_text(*text, "<generated>"); !loaded) {
    print_error("generated scenario does not load: " + format(loaded.error().front()));
    return kExitInternal;
  }
  if (a.output.empty() || a.output == "-") {
    std::cout << *text;
    std::cout.flush();
    return kExitOk;
  }
  auto file = OutputFile::open("-o", a.output);
  if (!file) {
    print_error(file.error());
    return kExitBadInput;
  }
  file->stream() << *text;
  if (auto closed = file->close(); !closed) {
    print_error(closed.error());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace

Command add_generate(CLI::App& app) {
  auto a = std::make_shared<GenerateArgs>();
  CLI::App* sub = app.add_subcommand(
      "generate",
      "Write a synthetic battle of about N stands a side: the rule set's brigade template in "
      "a grid, both armies facing across ground with every terrain class the rule set plays");
  sub->add_option("--ruleset", a->ruleset, "Rule set id (see `smoothbore rulesets`)")->required();
  sub->add_option("--stands", a->stands, "About this many stands per side (1-100000)")
      ->default_str("100");
  sub->add_option("--seed", a->seed, "Seed for terrain placement and the scenario")
      ->default_str("1");
  sub->add_option("-o,--output", a->output, "Scenario file to write (default: standard output)");
  sub->footer(
      "Example: smoothbore generate --ruleset fast-1805 --stands 1000 -o big.toml && "
      "smoothbore run big.toml");
  return [a] { return generate(*a); };
}

}  // namespace smoothbore::cli
