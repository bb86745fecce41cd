#include "cli/cli11_help.hpp"

#include <cstdio>

#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace amazing::cli {

std::string wrap_help(std::string_view text, std::size_t first_column, std::size_t indent) {
  std::string out;
  std::size_t column = first_column;
  bool line_start = true;
  std::size_t gap = 0;  // spaces before the next word: a run of them is kept ("?SYNTAX  ERROR")
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n') {
      out += '\n';
      // An empty line stays empty: no indent dangling at its end.
      if (i + 1 < text.size() && text[i + 1] != '\n') out.append(indent, ' ');
      column = indent;
      line_start = true;
      gap = 0;
      ++i;
      continue;
    }
    if (text[i] == ' ') {
      ++gap;
      ++i;
      continue;
    }
    std::size_t end = text.find_first_of(" \n", i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(i, end - i);
    if (!line_start && column + gap + word.size() >= HelpLayout::kWidth) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
      line_start = true;
    }
    if (!line_start) out.append(gap, ' '), column += gap;
    out += word;
    column += word.size();
    line_start = false;
    gap = 0;
    i = end;
  }
  return out;
}

std::string HelpLayout::make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const {
  std::string out = "usage: ";
  out += help_.usage;
  out += "\n\n";
  if (!help_.intro.empty()) {
    out += wrap_help(help_.intro, 0, 0);
    out += "\n\n";
  }
  auto option_line = [&out](const CLI::Option* opt) {
    std::string names = "  ";
    for (const auto& s : opt->get_snames()) {
      names += '-';
      names += s;
      names += ", ";
    }
    for (const auto& l : opt->get_lnames()) {
      names += "--";
      names += l;
      names += ", ";
    }
    names.resize(names.size() - 2);
    if (opt->get_type_size() != 0 && !opt->get_type_name().empty()) {
      names += ' ';
      names += opt->get_type_name();
    }
    out += names;
    // A long name gets its text on the next line; otherwise two spaces at least.
    if (names.size() + 2 > kTextColumn) {
      out += '\n';
      out.append(kTextColumn, ' ');
    } else {
      out.append(kTextColumn - names.size(), ' ');
    }
    out += wrap_help(opt->get_description(), kTextColumn, kTextColumn);
    out += '\n';
  };
  const CLI::Option* help = app->get_help_ptr();
  for (const CLI::Option* opt : app->get_options()) {
    if (opt != help && opt->nonpositional()) option_line(opt);
  }
  if (help) option_line(help);
  if (!help_.footer.empty()) {
    out += '\n';
    out += wrap_help(help_.footer, 0, 0);
    out += '\n';
  }
  return out;
}

void use_help_layout(CLI::App& app, std::string_view command, CommandHelp help) {
  app.name(command.empty() ? "amazing" : "amazing " + std::string(command));
  app.set_help_flag("-h,--help", "this help");
  app.formatter(std::make_shared<HelpLayout>(std::move(help)));
}

namespace {

// CLI11's message for a parse error in our words: "--seed is given more than once".
std::string our_words(const CLI::ParseError& e) {
  std::string what = e.what();
  auto name = [&] { return what.substr(0, what.find(':')); };
  if (e.get_name() == "ArgumentMismatch") {
    // "--seed: At Most 1 required but received 2", "--seed: 1 required TEXT missing"
    if (what.find("At Most") != std::string::npos) return name() + " is given more than once";
    if (what.find("missing") != std::string::npos) return name() + " needs a value";
  }
  if (e.get_name() == "ConversionError") {
    // A flag given a value: "Could not convert: --json = maybe"
    const std::string prefix = "Could not convert: ";
    if (what.rfind(prefix, 0) == 0) {
      std::string rest = what.substr(prefix.size());
      return rest.substr(0, rest.find(" = ")) + " takes no value";
    }
  }
  return what;  // ours (a ValidationError carries the value parser's message)
}

}  // namespace

std::optional<int> parse_command_line(CLI::App& app, std::string_view command, int argc,
                                      char** argv, int first,
                                      std::vector<std::string>& positional,
                                      std::vector<std::string>* after_dashes) {
  // "" is the bare `amazing` (its plain dialogue): "amazing: ...; see 'amazing --help'".
  const std::string program = command.empty() ? "amazing" : "amazing " + std::string(command);
  auto refuse = [&program](const std::string& what) {
    std::fprintf(stderr, "%s: %s\n", program.c_str(),
                 shown(what + "; see '" + program + " --help'").c_str());
    return kExitUsage;
  };
  // Every option at most once (which of two --seed was meant?); what CLI11 does not
  // know comes back as extras, sorted below into arguments and unknown options.
  for (CLI::Option* opt : app.get_options())
    opt->multi_option_policy(CLI::MultiOptionPolicy::Throw);
  app.allow_extras();
  std::vector<std::string> args;
  for (int i = argc - 1; i >= first; --i) {
    std::string arg = argv[i];
    // A switch given a value (--json=yes, --json=) is a mistake, not a way to turn it on
    // or off: CLI11 would read "true", "false" or "" as a setting.
    auto eq = arg.find('=');
    if (arg.rfind("--", 0) == 0 && arg.size() > 2 && eq != std::string::npos) {
      const std::string name = arg.substr(0, eq);
      const CLI::Option* opt = app.get_option_no_throw(name);
      if (opt && opt->get_expected_max() == 0) return refuse(name + " takes no value");
    }
    args.push_back(std::move(arg));  // CLI11 takes them reversed
  }
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);  // main reports a failed write
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    return refuse(our_words(e));
  }
  positional.clear();
  if (after_dashes != nullptr) after_dashes->clear();
  bool options_over = false;
  for (const std::string& arg : app.remaining()) {
    if (!options_over && arg == "--") {
      options_over = true;
    } else if (!options_over && arg.size() > 1 && arg[0] == '-') {
      return refuse(std::string("unknown option ").append(arg, 0, arg.find('=')));
    } else {
      (options_over && after_dashes != nullptr ? *after_dashes : positional).push_back(arg);
    }
  }
  return std::nullopt;
}

}  // namespace amazing::cli
