// Options through CLI11 with the amazing help layout and error rules.
//
//   CLI::App app;
//   use_help_layout(app, "stats", {"amazing stats [FILE] [--json]", kIntro, kFooter});
//   app.add_flag("--json", json, "one JSON object of statistics per maze");
//   add_parsed_option(app, "--seed", seed, parse_seed, "N", "run N%=N: RANDOMIZE N% first");
//   std::vector<std::string> files;   // arguments that are not options
//   if (auto code = parse_command_line(app, "stats", argc, argv, 2, files)) return *code;
//
// The help is made from the option definitions (HelpLayout):
//   usage: amazing stats [FILE] [--json]
//
//   The intro, wrapped to 88 columns ('\n' starts a new line, "\n\n" a paragraph).
//
//     --json            one JSON object of statistics per maze instead of text, wrapped
//                       with continuation lines under the text
//     -h, --help        this help
//
//   The footer (exit statuses), wrapped the same way.
// parse_command_line: --opt=value and --opt value; a negative number is a value
// (--seed -5); -h/--help prints the help on stdout (exit 0); an unknown option, a bad
// value, a missing value, a switch given a value (--json=true) or an option given twice
// prints "amazing CMD: <what>; see 'amazing CMD --help'" on stderr and nothing on stdout
// (exit 2).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace amazing::cli {

// What a command's help says besides its options.
struct CommandHelp {
  std::string usage;   // after "usage: "
  std::string intro;   // the paragraph(s) after the usage line
  std::string footer;  // after the options: limits, exit statuses
};

// Our layout (above) for a CLI11 app: options in the order they were added, -h/--help
// last, values named by their type_name ("--seed N").
class HelpLayout : public CLI::Formatter {
 public:
  static constexpr std::size_t kTextColumn = 20;  // where option texts start
  static constexpr std::size_t kWidth = 88;       // lines end before this column

  explicit HelpLayout(CommandHelp help) : help_(std::move(help)) {}
  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override;

 private:
  CommandHelp help_;
};

// `text` word-wrapped to HelpLayout::kWidth, starting at `first_column`, every further
// line indented by `indent`; '\n' in `text` starts a new line (an empty one in "\n\n").
std::string wrap_help(std::string_view text, std::size_t first_column, std::size_t indent);

// Names the app "amazing CMD", gives it -h/--help ("this help") and our layout.
void use_help_layout(CLI::App& app, std::string_view command, CommandHelp help);

// An option whose value goes through one of our parsers (args.hpp: any function from
// text to Result<T>); the parser's message is what the user sees for a bad value.
template <typename T, typename Parse>
CLI::Option* add_parsed_option(CLI::App& app, const std::string& name, T& out, Parse parse,
                               const std::string& value_name, const std::string& text) {
  return app
      .add_option_function<std::string>(
          name,
          [&out, parse](const std::string& value) {
            auto parsed = parse(value);
            if (!parsed) throw CLI::ValidationError(parsed.error().message);
            out = std::move(parsed).value();
          },
          text)
      ->type_name(value_name);
}

// Parses argv[first..] by the rules above. nullopt: go on (`positional` holds the
// arguments that are not options, "--" ends the options); otherwise the exit status.
// With `after_dashes`, the arguments after "--" go there instead of into `positional`.
std::optional<int> parse_command_line(CLI::App& app, std::string_view command, int argc,
                                      char** argv, int first,
                                      std::vector<std::string>& positional,
                                      std::vector<std::string>* after_dashes = nullptr);

}  // namespace amazing::cli
