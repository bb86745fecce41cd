// Prompt: see prompt.hpp. One typed line at a time: stored, or run as a command of the
// machine's table, or run as statements by the interpreter (Interpreter::run_direct).

#include "basic/prompt.hpp"
#include "basic/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <utility>

#include "basic/c64_directory.hpp"
#include "basic/c64_files.hpp"
#include "basic/disk.hpp"
#include "basic/files.hpp"
#include "basic/listing.hpp"
#include "basic/program.hpp"
#include "basic/saved_program.hpp"
#include "machine/c64_screen.hpp"
#include "machine/input.hpp"
#include "machine/output.hpp"

namespace amazing::basic {
namespace {

// What the prompt itself refuses, in each machine's words.
enum class Refusal {
  kSyntax,
  kIllegalFunctionCall,
  kUndefinedLine,
  kCantContinue,
  kFileNotFound,
  kBadFileName,
  kDiskIo,
  kIllegalDirect,
  kMissingFileName,
  kDeviceNotPresent,
  kIllegalDevice,
  kBadFile,
  kFileExists,
  kVerify,
  kMissingOperand,
  kTypeMismatch,
  kBadFileNumber,
  kPathNotFound,
  kDeviceUnavailable,
  kDeviceIoError,
  kBadFileMode,
};

struct RefusalText {
  Refusal refusal;
  std::string_view pc, c64;
  ErrorCode code;  // the pc's error (its message is `pc`), for a refusal in a line run
};

constexpr RefusalText kRefusals[] = {
    {Refusal::kSyntax, "Syntax error", "SYNTAX", ErrorCode::kSyntax},
    {Refusal::kIllegalFunctionCall, "Illegal function call", "ILLEGAL QUANTITY",
     ErrorCode::kIllegalFunctionCall},
    {Refusal::kUndefinedLine, "Undefined line number", "UNDEF'D STATEMENT",
     ErrorCode::kUndefinedLine},
    {Refusal::kCantContinue, "Can't continue", "CAN'T CONTINUE", ErrorCode::kCantContinue},
    {Refusal::kFileNotFound, "File not found", "FILE NOT FOUND", ErrorCode::kFileNotFound},
    {Refusal::kBadFileName, "Bad file name", "FILE NOT FOUND", ErrorCode::kBadFileName},
    {Refusal::kDiskIo, "Path/File access error", "DEVICE NOT PRESENT",
     ErrorCode::kPathFileAccessError},
    {Refusal::kIllegalDirect, "Illegal direct", "ILLEGAL DIRECT", ErrorCode::kNone},
    // pc: an empty name for LOAD, SAVE, MERGE, RUN (PC-BASIC 2.0.5: LOAD "" is Bad file number)
    {Refusal::kMissingFileName, "Bad file number", "MISSING FILE NAME", ErrorCode::kBadFileNumber},
    {Refusal::kDeviceNotPresent, "Bad file name", "DEVICE NOT PRESENT", ErrorCode::kBadFileName},
    {Refusal::kIllegalDevice, "Bad file name", "ILLEGAL DEVICE NUMBER", ErrorCode::kBadFileName},
    {Refusal::kBadFile, "Direct statement in file", "LOAD", ErrorCode::kDirectStatementInFile},
    {Refusal::kFileExists, "File already exists", "FILE EXISTS",
     ErrorCode::kFileAlreadyExists},                     // NAME: pc only
    {Refusal::kVerify, "", "VERIFY", ErrorCode::kNone},  // VERIFY: c64 only
    {Refusal::kMissingOperand, "Missing operand", "SYNTAX",
     ErrorCode::kMissingOperand},  // LIST's file: pc only
    {Refusal::kTypeMismatch, "Type mismatch", "TYPE MISMATCH", ErrorCode::kTypeMismatch},
    {Refusal::kBadFileNumber, "Bad file number", "FILE NOT FOUND", ErrorCode::kBadFileNumber},
    // pc: a path not there, another drive, a port (disk.hpp)
    {Refusal::kPathNotFound, "Path not found", "FILE NOT FOUND", ErrorCode::kPathNotFound},
    {Refusal::kDeviceUnavailable, "Device Unavailable", "DEVICE NOT PRESENT",
     ErrorCode::kDeviceUnavailable},
    {Refusal::kDeviceIoError, "Device I/O error", "DEVICE NOT PRESENT",
     ErrorCode::kDeviceIoError},  // LLIST, SAVE "LPT1:": pc only
    // pc: LOAD "SCRN:", SAVE "KYBD:" (a device the other way: disk.hpp)
    {Refusal::kBadFileMode, "Bad file mode", "FILE NOT FOUND", ErrorCode::kBadFileMode},
};

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// "NAME"[,X[,Y]]: the name between quotes (the closing one may be left off) and the
// items after it, upper-cased and trimmed. nullopt: no quoted name first.
struct FileArgs {
  std::string name;
  std::vector<std::string> items;
};
std::optional<FileArgs> file_args(std::string_view args) {
  args = trim(args);
  if (args.empty() || args[0] != '"') return std::nullopt;
  FileArgs a;
  std::size_t close = args.find('"', 1);
  a.name = std::string(
      args.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1));
  if (close == std::string_view::npos) return a;
  std::string_view rest = trim(args.substr(close + 1));
  while (!rest.empty()) {
    if (rest[0] != ',') return std::nullopt;
    rest = rest.substr(1);
    std::size_t comma = rest.find(',');
    a.items.push_back(upper(trim(rest.substr(0, comma))));
    rest = comma == std::string_view::npos ? std::string_view() : trim(rest.substr(comma));
  }
  return a;
}

// A string in quotes at the front of `text`, taken off it; the closing quote may be left
// off only at the end of the line.
std::optional<std::string> take_quoted(std::string_view& text) {
  text = trim(text);
  if (text.empty() || text[0] != '"') return std::nullopt;
  std::size_t close = text.find('"', 1);
  std::string out(text.substr(1, close == std::string_view::npos ? text.npos : close - 1));
  text = close == std::string_view::npos ? std::string_view() : trim(text.substr(close + 1));
  return out;
}

// The names of `old` that `names` lacks, given slots at its end (as a typed line's new
// names are).
void add_names(std::vector<std::string>& names, const std::vector<std::string>& old) {
  for (const std::string& name : old) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
}
// The simple variables' names of `old` that `program` lacks (MERGE and CHAIN ... ALL keep
// them for the programs after it).
void add_names(Program& program, const Program& old) {
  add_names(program.singles, old.singles);
  add_names(program.integers, old.integers);
  add_names(program.strings, old.strings);
  add_names(program.doubles, old.doubles);
}

// The number of a listing's last numbered line (a .bas text, or an ASCII file up to its
// 0x1A): typed in line by line, it is the line stored last.
std::optional<int> last_line_typed(std::string_view listing) {
  listing = listing.substr(0, listing.find('\x1A'));
  std::optional<int> last;
  while (!listing.empty()) {
    TypedLine t = split_typed(take_line(listing));
    if (t.number && *t.number <= kMaxLineNumber) last = static_cast<int>(*t.number);
  }
  return last;
}

// What the next typed line makes of a line the pc shows for editing (EDIT, or a line
// with a syntax error) in a transcript: it is typed over the shown text from `column`,
// the rest of the shown text staying (PC-BASIC: EDIT 30 shows "30 PRINT 3", and LIST 10
// typed then is the line "LIST 10T 3").
std::string typed_over(const std::string& shown, std::size_t column, const std::string& typed) {
  std::string line = shown.substr(0, std::min(column, shown.size())) + typed;
  if (line.size() < shown.size()) line += shown.substr(line.size());
  return line;
}

// Whether two parses of a program have the same lines, statements and names (RENUM's
// before and after).
bool same_shape(const Program& a, const Program& b) {
  auto same_lines = [](const Line& x, const Line& y) { return x.stmts.size() == y.stmts.size(); };
  auto same_names = [](const ArrayInfo& x, const ArrayInfo& y) { return x.name == y.name; };
  return std::equal(a.lines.begin(), a.lines.end(), b.lines.begin(), b.lines.end(), same_lines) &&
         a.singles == b.singles && a.integers == b.integers && a.strings == b.strings &&
         a.doubles == b.doubles &&
         std::equal(a.arrays.begin(), a.arrays.end(), b.arrays.begin(), b.arrays.end(),
                    same_names) &&
         std::equal(a.functions.begin(), a.functions.end(), b.functions.begin(), b.functions.end(),
                    same_names);
}

// A line number 0..65529 (line_number_at: spaces between its digits skipped) and
// nothing else.
// CHAIN's line as the statement gives it: 0..65535 (the file is looked for before the
// line, so a line no program has gets that far).
std::optional<int> chain_line(std::string_view text) {
  text = trim(text);
  if (text.empty() || text.size() > 5 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const int n = std::stoi(std::string(text));
  return n <= 65535 ? std::optional<int>(n) : std::nullopt;
}

std::optional<int> whole_number(std::string_view text) {
  text = trim(text);
  std::size_t i = 0;
  auto v = line_number_at(text, i);
  if (!v || i != text.size()) return std::nullopt;
  return v;
}

}  // namespace

class Prompt::Impl {
 public:
  Impl(machine::Machine& machine, PromptOptions options)
      : machine_(machine),
        options_(std::move(options)),
        disk_(options_.disk, options_.dialect),
        drive_(std::make_unique<C64Drive>()) {
    drive_->set_disk(options_.disk);
  }

  void greet() {
    if (c64() && options_.on_screen) {
      machine_.screen().clear();
      put(machine::c64_banner());
    } else if (c64())
      put("\x1b[2J\x1b[;H" + machine::c64_banner());
    else
      ready();
    printer().flush();
  }

  bool enter(const std::string& typed);

  void session() {
    greet();
    while (!ended_) {
      auto line = machine_.input().read_line();
      if (!line) break;
      enter(*line);
    }
    if (interpreter_) interpreter_->shut_down();  // the open files written
    printer().flush();
  }

  const ProgramLines& lines() const { return lines_; }

  void interrupt_typing();

  void type_in(std::string_view listing) {
    cmd_new({});
    lines_ = typed_in(listing, options_.dialect);
    current_ = last_line_typed(listing);
  }

 private:
  using CommandFn = void (Impl::*)(std::string_view args);
  struct Command {
    std::string_view name;
    CommandFn run;
  };
  static const Command kPcCommands[];
  static const Command kC64Commands[];

  bool c64() const { return options_.dialect == Dialect::kC64; }
  int max_line_number() const { return machine::describe(options_.dialect).max_line_number; }
  machine::Printer& printer() { return machine_.printer(); }
  // c64: the program in memory as SAVE writes it: the load address $0801, then the bytes
  // from there (LOAD's, or the typed lines tokenised).
  std::string c64_memory_file() const {
    return loaded_memory_.empty() ? c64_prg_file(lines_) : "\x01\x08" + loaded_memory_;
  }

  // ---- output ----------------------------------------------------------------------
  void put(std::string_view text) { printer().sink().put(text); }
  void pc_line(std::string_view text) {
    printer().write(text);
    printer().newline();
  }
  void pc_message(std::string_view text) {
    if (printer().column() != 0) printer().newline();
    // PC-BASIC's transcript has a 0xFF byte after Ok and each message; a screen does not.
    printer().print(std::string(text) + (options_.on_screen ? "" : "\xFF"));
    printer().newline();
  }
  // c64: whether a CMD holds the output. The ROM prints READY., LIST's lines and its other
  // messages through the KERNAL's CHROUT, so they then go to CMD's file (its bytes as the
  // ROM's strings have them: "\r\nREADY.\r\n" at $A376), not to the screen; only an error
  // (CLRCHN at $A447) or PRINT#, GET and the like end that (FACTS.md "C64 files").
  bool redirected() const { return c64() && interpreter_ && interpreter_->c64_output_redirected(); }
  // c64: a message of the ROM's, its PETSCII bytes: to CMD's file as they are, or on the
  // screen (CR a line end, LF nothing).
  void rom_message(std::string_view petscii) {
    if (redirected()) return interpreter_->c64_chrout(petscii);
    std::string screen;
    for (char c : petscii) {
      if (c != '\n') screen += c == '\r' ? '\n' : c;
    }
    put(screen);
  }
  // pc: "Ok" on a line of its own; c64: CR LF "READY." CR LF.
  void ready() {
    if (c64())
      rom_message("\r\n" + std::string(machine::describe(options_.dialect).ready) + "\r\n");
    else
      pc_message(machine::describe(options_.dialect).ready);
  }
  void refuse(Refusal refusal) {
    if (c64() && interpreter_) interpreter_->c64_clear_channels();  // the error handler's CLRCHN
    channel_ = 0;
    for (const RefusalText& r : kRefusals) {
      if (r.refusal != refusal) continue;
      if (trap_refusal_) {
        refused_error_ = BasicError{r.code, in_line_ ? *in_line_ : -1};
        trapped_ = true;  // program_command hands it to ON ERROR instead of printing it
        break;
      }
      if (c64())
        put("\n?" + std::string(r.c64) + "  ERROR");
      else
        pc_message(std::string(r.pc) + (in_line_ ? " in " + std::to_string(*in_line_) : ""));
      refused_error_ = BasicError{r.code, in_line_ ? *in_line_ : -1};
    }
    refused_ = true;
  }
  void refuse(DiskFault fault) {
    refuse(fault == DiskFault::kBadName             ? Refusal::kBadFileName
           : fault == DiskFault::kNotFound          ? Refusal::kFileNotFound
           : fault == DiskFault::kExists            ? Refusal::kFileExists
           : fault == DiskFault::kPathNotFound      ? Refusal::kPathNotFound
           : fault == DiskFault::kDeviceUnavailable ? Refusal::kDeviceUnavailable
           : fault == DiskFault::kBadMode           ? Refusal::kBadFileMode
           : fault == DiskFault::kBadNumber         ? Refusal::kBadFileNumber
           : fault == DiskFault::kDeviceIo          ? Refusal::kDeviceIoError
                                                    : Refusal::kDiskIo);
  }

  // ---- the program and the interpreter ---------------------------------------------
  // The program changed: its variables and CONT go with the old one.
  void changed() {
    memory_order_.clear();
    loaded_memory_.clear();
    if (interpreter_) tracing_ = interpreter_->tracing();  // TRON outlives an edit
    // c64: BASIC's CHANNL outlives a typed program line, LOAD and NEW (their CLR is a CLALL)
    if (interpreter_) channel_ = interpreter_->c64_channel();
    interpreter_.reset();
    program_.reset();
  }
  RunOptions run_options() const {
    RunOptions o;
    o.max_steps = options_.max_steps;
    if (o.max_steps != 0) o.max_steps -= std::min(o.max_steps - 1, followed_steps_);
    o.interrupt = options_.interrupt;
    o.tick = options_.tick;
    if (options_.pace) {
      o.tick_every = RunOptions::kPacedTickStatements;
      o.tick = [this] {
        if (options_.tick) options_.tick();
        machine_.flush();  // what was printed is seen before the wait
        if (interpreter_) options_.pace(interpreter_->emulated_seconds());
      };
    }
    const ProgramImage& image = program_image();
    if (c64())
      o.c64_program_bytes = image.bytes;
    else
      o.gw_program_bytes = image.bytes;
    o.program_memory = loaded_memory_.empty() ? image.memory : loaded_memory_;
    o.gw_memory = options_.gw_memory;
    o.disk = options_.disk;
    if (!c64()) o.pc_disk = &disk_;
    o.halt = options_.halt;
    o.today = options_.today;
    if (c64()) o.c64_drive = drive_.get();
    return o;
  }
  // The program as the machine holds it: its size and its bytes in memory, worked out again
  // only when the lines differ from those it was made of (run_options runs before each
  // command a program line hands over: a loop of them must not tokenise it every time).
  struct ProgramImage {
    ProgramLines lines;
    std::size_t bytes = 0;
    std::string memory;
  };
  const ProgramImage& program_image() const {
    if (!image_ || image_->lines != lines_) {
      const std::string text = program_text(lines_);
      image_ = ProgramImage{lines_, c64() ? c64_program_bytes(text) : gw_program_bytes(text),
                            program_memory(lines_, options_.dialect)};
    }
    return *image_;
  }
  mutable std::optional<ProgramImage> image_;
  void ensure_program() {
    if (program_) return;
    auto parsed = parse_program(program_text(lines_), options_.dialect);
    program_ = std::make_unique<Program>(parsed ? std::move(parsed).value() : Program{});
    interpreter_ = std::make_unique<Interpreter>(*program_, machine_, options_.dialect);
    interpreter_->clear(run_options());
    interpreter_->set_trace(tracing_);
    interpreter_->set_c64_channel(channel_);
  }
  void after(RunResult r) {
    r = follow(std::move(r));
    // pc: after a Syntax error in a program line, GW-BASIC shows that line for editing
    // below Ok, the cursor where the error was found (PC-BASIC 2.0.5).
    if (!c64() && r.outcome == Outcome::kError && r.error.line >= 0 && r.error.edit_at >= 0 &&
        lines_.count(r.error.line) != 0)
      syntax_edit_.emplace(r.error.line, std::to_string(r.error.line).size() +
                                             static_cast<std::size_t>(r.error.edit_at));
    if (r.outcome == Outcome::kInputEnded || r.outcome == Outcome::kHalted ||
        r.outcome == Outcome::kSystem)
      ended_ = true;
    if (r.program_erased) {  // c64: NEW or SYS 64738 in the program
      // NEW leaves OLDTXT at the empty program's end, where CONT ends at once; the reset
      // has none (c64_commands.cpp).
      const bool cont = interpreter_ && interpreter_->can_continue();
      lines_.clear();
      changed();
      if (cont) {
        ensure_program();
        interpreter_->continue_at_end();
      }
    }
    if (r.outcome == Outcome::kStepLimit) {  // as Ctrl-Break would: CONT goes on
      if (c64())
        rom_message("\r\nBREAK");
      else
        pc_message("Break");
    }
  }
  RunResult start_at(int number) {
    ensure_program();
    return interpreter_->run_from(number, run_options());
  }
  void run_at(int number) { after(start_at(number)); }

  // ---- the prompt's commands in a line run (PromptCommand) ------------------------------
 public:
  // Does the commands a run stopped at (Outcome::kCommand), each as PC-BASIC does it in a
  // program, until a run ends otherwise; its result.
  // The statements of all the runs count against PromptOptions::max_steps together: a
  // program that chains or runs itself for ever stops as a loop does.
  RunResult follow(RunResult r) {
    uint64_t steps = r.steps;
    while (r.outcome == Outcome::kCommand && !ended_) {
      if (options_.max_steps != 0 && steps >= options_.max_steps) {
        r.outcome = Outcome::kStepLimit;
        break;
      }
      followed_steps_ = steps;  // the next run gets what is left (run_options)
      r = program_command(r.command);
      steps += r.steps;
    }
    followed_steps_ = 0;
    r.steps = steps;
    return r;
  }
  // run_batch and `amazing basic`: the prompt takes over a program run without it (its
  // listing, parsed, and its interpreter) that stopped at a command of the prompt's.
  RunResult take_over(std::string_view listing, std::unique_ptr<Program> program,
                      std::unique_ptr<Interpreter> interpreter, RunResult stopped) {
    batch_ = true;
    lines_ = typed_in(listing, options_.dialect);
    current_ = last_line_typed(listing);
    program_ = std::move(program);
    interpreter_ = std::move(interpreter);
    if (const Disk* disk = interpreter_->pc_disk(); disk && !c64())
      disk_ = *disk;  // CHDIR's folder
    RunResult r = follow(std::move(stopped));
    if (interpreter_) interpreter_->shut_down();
    return r;
  }

 private:
  RunResult program_command(const PromptCommand& c);
  using InProgramFn = RunResult (Impl::*)(std::string_view args);
  struct InProgram {
    std::string_view name;
    InProgramFn run;
  };
  static const InProgram kInProgram[];
  RunResult ended() {
    if (interpreter_) interpreter_->forget_continue();
    return refused_ ? refused_result() : RunResult{};
  }
  // The run a command in it refused ended with that error (refuse, in_llist).
  RunResult refused_result() const {
    RunResult r;
    r.outcome = Outcome::kError;
    r.error = refused_error_;
    return r;
  }
  RunResult chain(std::string_view args, bool merge);
  RunResult in_chain(std::string_view args) { return chain(args, false); }
  RunResult in_chain_merge(std::string_view args) { return chain(args, true); }
  RunResult in_run(std::string_view args) { return run_command(args, true); }
  RunResult in_load(std::string_view args) { return load_command(args, true); }
  RunResult in_save(std::string_view args);
  RunResult in_merge(std::string_view args) { return cmd_merge(args), ended(); }
  RunResult in_new(std::string_view args) { return cmd_new(args), ended(); }
  RunResult in_list(std::string_view args) { return cmd_list(args), ended(); }
  RunResult in_llist(std::string_view args);
  RunResult in_delete(std::string_view args) { return cmd_delete(args), ended(); }
  RunResult in_renum(std::string_view args) { return cmd_renum(args), ended(); }
  // EDIT and AUTO in a line run: as typed, once the run has ended (no Ok after them); a
  // run the prompt took over ends the session there, before they show anything (PC-BASIC
  // -n with a program).
  RunResult in_edit(std::string_view args) { return batch_ ? ended() : (cmd_edit(args), ended()); }
  RunResult in_auto(std::string_view args) { return batch_ ? ended() : (cmd_auto(args), ended()); }
  RunResult run_command(std::string_view args, bool in_program);
  RunResult load_command(std::string_view args, bool in_program);
  // LOAD "F",R and RUN "F"[,R]: F loaded and run; `keep_files` (,R in a program) keeps
  // the files the program had open. A file not loaded leaves the program as it was.
  RunResult load_and_run(const std::string& name, bool run, bool keep_files, bool troff = false);
  bool merge_file(const std::string& name, bool& merged);

  // pc: SAVE, LOAD, MERGE, RUN or LIST typed with a file name that is an expression, not a
  // string in quotes alone (`SAVE A$`, `RUN "P"+N$`, `LIST 10,C$`): the line runs as a statement,
  // which works the name out and hands the command back as a program's line would (PC-BASIC 2.0.5).
  bool names_file_by_expression(std::string_view command, std::string_view args) const {
    if (c64() || args.empty()) return false;
    if (command == "LIST") {  // LIST range,C$ (and LIST range,"F" with anything after it)
      const std::size_t comma = args.find(',');
      return comma != std::string_view::npos && !trim(args.substr(comma + 1)).empty();
    }
    if (file_args(args)) return false;
    if (command == "RUN")
      return std::isdigit(static_cast<unsigned char>(args[0])) == 0 && args[0] != '.';
    return command == "SAVE" || command == "LOAD" || command == "MERGE";
  }
  void store(long number, std::string_view text);
  void direct(std::string_view body);
  const Command* find_command(std::string_view body) const;

  // ---- commands --------------------------------------------------------------------
  void cmd_list(std::string_view args);
  // LLIST [range] (pc): the listing goes to the line printer, which headless PC-BASIC
  // holds for a printer it has not got: nothing shows, and no error follows.
  void cmd_llist(std::string_view args) { llisted(args); }
  std::optional<ProgramLines> llisted(std::string_view args) {
    auto range = parse_range(args, dot());
    if (!range) return refuse(Refusal::kSyntax), std::nullopt;
    return listed(*range);
  }
  std::optional<ProgramLines> listed(const LineRange& range);
  // pc: what "." means in a range now.
  std::optional<Dot> dot() const {
    return c64() ? std::nullopt : std::optional<Dot>(Dot{current_});
  }
  void cmd_run(std::string_view args);
  void cmd_new(std::string_view args) {
    if (!c64() && !args.empty()) return refuse(Refusal::kSyntax);  // NEW 10 (PC-BASIC)
    lines_.clear();
    protected_ = false;
    current_.reset();
    changed();
    tracing_ = false;  // NEW is TROFF too, as in GW-BASIC
  }
  void cmd_cont(std::string_view) {
    if (!interpreter_ || !interpreter_->can_continue()) return refuse(Refusal::kCantContinue);
    after(interpreter_->resume(run_options()));
  }
  // CLR (c64). The pc's CLEAR is the statement, typed or in a program (exec_clear: its
  // arguments checked, RND back to its power-on state, as PC-BASIC does at the prompt).
  void cmd_clear(std::string_view) {
    if (interpreter_) interpreter_->clear(run_options());
  }
  void cmd_delete(std::string_view args);
  void cmd_renum(std::string_view args);
  void cmd_system(std::string_view) { ended_ = true; }
  void cmd_auto(std::string_view args);
  void cmd_edit(std::string_view args);
  void auto_prompt();
  void show_for_editing(int number, std::size_t column);
  void auto_line(const std::string& typed);
  void cmd_save(std::string_view args);
  void cmd_load(std::string_view args);
  void cmd_kill(std::string_view args);
  void cmd_merge(std::string_view args);
  void cmd_files(std::string_view args);
  void cmd_name(std::string_view args);
  void cmd_verify(std::string_view args);
  std::optional<std::string> c64_file_name(std::string_view args);
  bool load(const std::string& name, bool default_extension);
  std::optional<std::string> c64_disk_file(const std::string& name);
  void refuse_c64_disk_file(const std::string& name);
  bool load_c64(std::string_view bytes);
  void renumber_refs(std::string& text, int in_line, const std::map<int, int>& renumbered);

  machine::Machine& machine_;
  PromptOptions options_;
  Disk disk_;
  // c64: the 1541, which outlives the programs the prompt runs (files they leave open
  // stay open; LOAD"*" loads the program it last read or wrote).
  std::unique_ptr<C64Drive> drive_;
  ProgramLines lines_;
  // c64: the lines as LOAD put them in memory when their numbers are not in order (the
  // 1541's directory, whose line numbers are block counts); LIST walks them as the ROM
  // does. Any change to the program forgets them (lines_ holds one line of each number).
  C64MemoryLines memory_order_;
  // c64: the bytes LOAD put in memory from $0801 (c64_loaded_memory), which SAVE, VERIFY
  // and PEEK see until the program changes; empty: the program is lines_ as typed.
  std::string loaded_memory_;
  bool protected_ = false;                    // pc: a protected (0xFE) program was loaded
  bool tracing_ = false;                      // pc: TRON, kept while interpreter_ is remade
  int channel_ = 0;                           // c64: CHANNL ($13), likewise
  std::unique_ptr<Program> program_;          // lines_ parsed; null when they changed
  std::unique_ptr<Interpreter> interpreter_;  // on program_: its variables, CONT
  bool ended_ = false;
  uint64_t followed_steps_ = 0;  // follow: the statements the runs before this one took
  // The line of the command a program runs (program_command): its refusals say "in N".
  std::optional<int> in_line_;
  bool refused_ = false;           // the command refused (program_command)
  BasicError refused_error_;       // and its error
  bool trapped_ = false;           // and ON ERROR is to have it
  bool trap_refusal_ = false;      // a line's command, not CHAIN's, a handler set
  bool batch_ = false;             // take_over: the session ends with the run
  bool quiet_ = false;             // the command wants no Ok after it (AUTO, EDIT)
  // pc: GW-BASIC's current line, "." in LIST, LLIST, DELETE and EDIT: the line last
  // stored (typed, deleted, loaded from an ASCII file or merged), listed (the range's
  // last), renumbered (the last new number) or named by EDIT. NEW, a tokenised LOAD and
  // EDIT alone leave none. (PC-BASIC's Program.last_stored, measured in data/prompt.)
  std::optional<int> current_;
  // pc, a transcript: the line EDIT showed, which the next typed line is typed over.
  std::optional<std::string> edit_shown_;
  std::size_t edit_column_ = 0;  // where in edit_shown_ the cursor stands
  // The line and place in its text of a Syntax error the run just stopped at (after).
  std::optional<std::pair<int, std::size_t>> syntax_edit_;
  std::optional<long> auto_next_;  // pc: AUTO is numbering lines: the next number
  int auto_step_ = 10;
  std::string auto_shown_;  // the number AUTO printed for the line being typed ("20 ", "20*")
};

const Prompt::Impl::Command Prompt::Impl::kPcCommands[] = {
    {"LIST", &Impl::cmd_list},     {"RUN", &Impl::cmd_run},       {"NEW", &Impl::cmd_new},
    {"CONT", &Impl::cmd_cont},     {"DELETE", &Impl::cmd_delete}, {"RENUM", &Impl::cmd_renum},
    {"SAVE", &Impl::cmd_save},     {"LOAD", &Impl::cmd_load},     {"KILL", &Impl::cmd_kill},
    {"SYSTEM", &Impl::cmd_system}, {"MERGE", &Impl::cmd_merge},   {"FILES", &Impl::cmd_files},
    {"NAME", &Impl::cmd_name},     {"AUTO", &Impl::cmd_auto},     {"EDIT", &Impl::cmd_edit},
    {"LLIST", &Impl::cmd_llist},
};
const Prompt::Impl::Command Prompt::Impl::kC64Commands[] = {
    {"LIST", &Impl::cmd_list}, {"RUN", &Impl::cmd_run},       {"NEW", &Impl::cmd_new},
    {"CONT", &Impl::cmd_cont}, {"CLR", &Impl::cmd_clear},     {"LOAD", &Impl::cmd_load},
    {"SAVE", &Impl::cmd_save}, {"VERIFY", &Impl::cmd_verify},
};

// What each command does in a line run (PromptCommand), measured with PC-BASIC 2.0.5
// (FACTS.md "Prompt commands in a program"): CHAIN and RUN run on, SAVE goes on (but
// SAVE "F",A ends the run, as LIST does), the rest end the run after doing their work;
// EDIT and AUTO end it, then edit or number lines as typed.
const Prompt::Impl::InProgram Prompt::Impl::kInProgram[] = {
    {"CHAIN", &Impl::in_chain}, {"CHAIN MERGE", &Impl::in_chain_merge},
    {"RUN", &Impl::in_run},     {"LOAD", &Impl::in_load},
    {"SAVE", &Impl::in_save},   {"MERGE", &Impl::in_merge},
    {"NEW", &Impl::in_new},     {"LIST", &Impl::in_list},
    {"LLIST", &Impl::in_llist}, {"DELETE", &Impl::in_delete},
    {"RENUM", &Impl::in_renum}, {"EDIT", &Impl::in_edit},
    {"AUTO", &Impl::in_auto},
};

RunResult Prompt::Impl::program_command(const PromptCommand& c) {
  in_line_ = c.line >= 0 ? std::optional<int>(c.line) : std::nullopt;
  refused_ = false;
  refused_error_ = {};
  // PC-BASIC traps the errors of the commands in a line with ON ERROR, but not CHAIN's.
  trap_refusal_ =
      c.line >= 0 && c.name.rfind("CHAIN", 0) != 0 && interpreter_ && interpreter_->traps_errors();
  trapped_ = false;
  RunResult r;
  for (const InProgram& p : kInProgram) {
    if (p.name == c.name) r = (this->*p.run)(c.args);
  }
  trap_refusal_ = false;
  in_line_.reset();
  if (std::exchange(trapped_, false) && interpreter_)
    r = interpreter_->fail_command(refused_error_.code, run_options(), refused_error_.line);
  return r;
}

// SAVE in a line: the program goes on after it, but not after SAVE "F",A (PC-BASIC).
RunResult Prompt::Impl::in_save(std::string_view args) {
  cmd_save(args);
  auto a = file_args(args);
  if (refused_ || !interpreter_ || (a && !a->items.empty() && a->items[0] == "A")) return ended();
  return interpreter_->go_on(run_options());
}

// LLIST in a line: the printer headless PC-BASIC has not got refuses the listing with
// "Device I/O error", which ON ERROR traps. Its line is where PC-BASIC's listing stopped:
// the first line after the last one listed (none past the program's end: ERL 65536, no
// "in"); a RESUME NEXT goes on after the LLIST. Nothing when no line was listed.
RunResult Prompt::Impl::in_llist(std::string_view args) {
  auto lines = llisted(args);
  if (!lines || lines->empty()) return ended();
  auto after = lines_.upper_bound(lines->rbegin()->first);
  in_line_ = after == lines_.end() ? std::nullopt : std::optional<int>(after->first);
  refuse(Refusal::kDeviceIoError);
  return refused_result();
}

// CHAIN [MERGE] "F"[,[line][,[ALL][,DELETE range]]] (pc): F replaces the program (or
// joins it as MERGE does, after the range's lines are deleted; DELETE also without
// MERGE) and runs from `line` (its first line by default) with the files still open and
// the variables COMMON names (every one with ALL): Interpreter::chain_from. Refused
// before anything changes: a range whose first or last line is not there (Illegal
// function call), a file not found.
RunResult Prompt::Impl::chain(std::string_view args, bool merge) {
  auto a = file_args(args);
  if (!a || a->items.size() > 3) return refuse(Refusal::kSyntax), refused_result();
  std::optional<int> line;
  bool all = false;
  std::optional<LineRange> doomed;
  for (std::size_t k = 0; k < a->items.size(); ++k) {
    const std::string& item = a->items[k];
    const bool last = k + 1 == a->items.size();
    if (k > 0 && last && item.empty()) break;  // a comma may end it (PC-BASIC: CHAIN "F",10,)
    if (k == 0 && !item.empty())
      line = chain_line(item);
    else if (k == 1 && item == "ALL")
      all = true;
    else if (k > 0 && item.rfind("DELETE", 0) == 0 && last)
      doomed = parse_range(item.substr(6));
    if ((k == 0 && !item.empty() && !line) || (k > 0 && !all && !doomed) || (k == 2 && !doomed))
      return refuse(Refusal::kSyntax), refused_result();
  }
  if (doomed && (lines_.count(doomed->from) == 0 || lines_.count(doomed->to) == 0))
    return refuse(Refusal::kIllegalFunctionCall), refused_result();
  auto old_program = std::move(program_);  // the files and variables live on in it
  auto old = std::move(interpreter_);
  if (old) tracing_ = old->tracing();
  ProgramLines before = lines_;
  bool merged = false;
  if (doomed) lines_.erase(lines_.lower_bound(doomed->from), lines_.upper_bound(doomed->to));
  if (merge ? !merge_file(a->name, merged) : !load(a->name, true)) {
    lines_ = std::move(before);
    program_ = std::move(old_program);
    interpreter_ = std::move(old);
    return refused_result();
  }
  changed();
  in_line_.reset();
  ensure_program();
  if (!old) return start_at(line.value_or(-1));
  if (all) add_names(*program_, *old_program);
  const auto keep = !all    ? Interpreter::Keep::kCommon
                    : merge ? Interpreter::Keep::kAllAndFunctions
                            : Interpreter::Keep::kAll;
  return interpreter_->chain_from(*old, keep, line.value_or(-1), run_options());
}

bool Prompt::Impl::enter(const std::string& typed) {
  if (ended_) return false;
  if (options_.interrupt != nullptr) *options_.interrupt = 0;  // a Ctrl-C while typing
  if (auto_next_) {
    auto_line(typed);
    printer().flush();
    return !ended_;
  }
  // On the pc's screen a tab is blanks to the next tab stop (Printer::expand_typed_tabs).
  const std::string expanded = options_.on_screen ? typed : printer().expand_typed_tabs(typed);
  const std::string line =
      edit_shown_ ? typed_over(*std::exchange(edit_shown_, std::nullopt), edit_column_, expanded)
                  : expanded;
  if (options_.on_screen)
    printer().newline();  // Enter: the cursor goes down from the line on the screen
  else if (!c64() && machine_.echo())
    pc_line(line);
  TypedLine t = split_typed(line);
  if (t.number) {
    store(*t.number, t.text);
  } else {
    std::string text = c64() ? upper(line) : line;
    std::string_view body = trim(text);
    if (body.empty()) return true;
    const Command* c = find_command(body);
    if (c != nullptr && !names_file_by_expression(c->name, trim(body.substr(c->name.size()))))
      (this->*c->run)(trim(body.substr(c->name.size())));
    else
      direct(body);
    if (!ended_ && !std::exchange(quiet_, false)) {
      ready();
      if (auto at = std::exchange(syntax_edit_, std::nullopt))
        show_for_editing(at->first, at->second);
    }
  }
  if (options_.interrupt != nullptr) *options_.interrupt = 0;  // the break it made is done
  printer().flush();
  return !ended_;
}

// A command is its name at the start of the line, not followed by more of a name (on the
// C64, whose keywords end where they end, by a letter).
const Prompt::Impl::Command* Prompt::Impl::find_command(std::string_view body) const {
  auto matches = [&](const Command& c) {
    if (body.size() < c.name.size() || upper(body.substr(0, c.name.size())) != c.name) return false;
    if (body.size() == c.name.size()) return true;
    char next = body[c.name.size()];
    return c64() ? std::isalpha(static_cast<unsigned char>(next)) == 0 : !is_name_char(next);
  };
  if (c64()) {
    for (const Command& c : kC64Commands)
      if (matches(c)) return &c;
  } else {
    for (const Command& c : kPcCommands)
      if (matches(c)) return &c;
  }
  return nullptr;
}

// A numbered line: stored as LIST shows it, or deleted when only the number was typed.
// Nothing is printed unless it is refused. Both machines clear the variables and CONT
// for it before they look further, so also when it is then refused: a number alone for
// a missing line (pc "Undefined line number", the c64 silent) or a line typed into a
// protected program (PC-BASIC 2.0.5 and cbmbasic, data/prompt/*/store_clears).
void Prompt::Impl::store(long number, std::string_view text) {
  if (number > max_line_number()) {
    refuse(Refusal::kSyntax);
    ready();
    return;
  }
  changed();
  const int n = static_cast<int>(number);
  // pc: a number right after the line's number is a Syntax error ("20 .5", "40 &H10").
  const std::string_view body = trim(text);
  const bool number_first =
      !c64() && !body.empty() &&
      (std::isdigit(static_cast<unsigned char>(body[0])) != 0 || body[0] == '.' || body[0] == '&');
  std::optional<Refusal> refusal;
  if (number_first)
    refusal = Refusal::kSyntax;
  else if (protected_)
    refusal = Refusal::kIllegalFunctionCall;
  else if (!trim(text).empty())
    lines_[n] = list_form(options_.dialect, text), current_ = n;
  else if (lines_.erase(n) != 0)
    current_ = n;
  else if (!c64())
    refusal = Refusal::kUndefinedLine;
  if (refusal) {
    refuse(*refusal);
    ready();
  }
}

void Prompt::Impl::direct(std::string_view body) {
  ensure_program();
  Line line = parse_direct_line(*program_, body);
  for (const Stmt& s : line.stmts) {
    // DEF FN has no line to live in; the C64 reads INPUT only in a program.
    if (s.kind == StmtKind::kDef || (c64() && s.kind == StmtKind::kInput))
      return refuse(Refusal::kIllegalDirect);
  }
  program_->lines.push_back(std::move(line));
  RunResult r = interpreter_->run_direct(run_options());
  program_->lines.pop_back();
  after(r);
}

// The lines of a range that LIST and LLIST show (pc): a protected program shows none
// (Illegal function call); the last one shown becomes the current line.
std::optional<ProgramLines> Prompt::Impl::listed(const LineRange& range) {
  if (protected_) return refuse(Refusal::kIllegalFunctionCall), std::nullopt;
  ProgramLines out;
  if (range.from <= range.to)
    out.insert(lines_.lower_bound(range.from), lines_.upper_bound(range.to));
  if (!out.empty()) current_ = out.rbegin()->first;
  return out;
}

// LIST [range][,"FILE"]: on the pc the range goes to the screen, or after a comma to a
// file as SAVE "FILE",A writes it (.BAS added; PC-BASIC ignores the rest of the line).
// PC-BASIC reads an expression after the comma: nothing there is "Missing operand", a
// number "Type mismatch" (LIST 30,20 is no range), an empty name "Bad file number".
// Only a quoted name is read here: any other expression is "Type mismatch" (PC-BASIC
// would take a string variable's value).
void Prompt::Impl::cmd_list(std::string_view args) {
  if (!c64()) {
    const std::size_t comma = args.find(',');
    auto range = parse_range(args.substr(0, comma), dot());
    if (!range) return refuse(Refusal::kSyntax);
    std::optional<std::string> file;
    if (comma != std::string_view::npos) {
      std::string_view rest = trim(args.substr(comma + 1));
      if (rest.empty()) return refuse(Refusal::kMissingOperand);
      file = take_quoted(rest);
      if (!file) return refuse(Refusal::kTypeMismatch);
      if (file->empty()) return refuse(Refusal::kBadFileNumber);
    }
    auto lines = listed(*range);
    if (!lines) return;
    if (file) {
      DiskFault fault = disk_.write(*file, true, gw_ascii_file(*lines));
      if (fault != DiskFault::kNone) refuse(fault);
      return;
    }
    for (const auto& [number, text] : *lines) pc_line(std::to_string(number) + " " + text);
    return;
  }
  if (protected_) return refuse(Refusal::kIllegalFunctionCall);
  auto range = parse_range(args, std::nullopt, max_line_number());
  if (!range) return refuse(Refusal::kSyntax);
  // The C64 walks the lines in memory from the first whose number is the range's start or
  // more (FNDLIN), and starts each with CR before it looks at its number, so a range that
  // ends before the program does leaves an empty line. The reverse video of the
  // directory's header (RVS ON, $12) is not shown: the line is plain text. Under CMD the
  // lines go to its file, PRINT's line end and the bytes as they are.
  C64MemoryLines in_order = memory_order_;
  if (in_order.empty()) in_order.assign(lines_.begin(), lines_.end());
  const C64Listing listing = c64_list(in_order, range->from, range->to);
  const bool to_file = redirected();
  for (std::string text : listing.lines) {
    to_file ? interpreter_->c64_end_line() : put("\n");
    if (to_file) {
      interpreter_->c64_chrout(text);
      continue;
    }
    text.erase(std::remove(text.begin(), text.end(), '\x12'), text.end());
    put(text);
  }
  if (listing.past_range) to_file ? interpreter_->c64_end_line() : put("\n");
}

// RUN [n] (both), RUN "FILE"[,R] (pc). On the pc, as PC-BASIC reads it: after a line
// number the rest of the line is ignored (RUN 10, runs 10); ,R after a name is taken
// (PC-BASIC then keeps the open files open, which this prompt does not: LOAD ends the
// interpreter that holds them); a number past 65529 is "Undefined line number", a name
// "Type mismatch" (RUN X; PC-BASIC would run the file a string variable names), anything
// else "Syntax error".
void Prompt::Impl::cmd_run(std::string_view args) {
  after(run_command(args, false));
}

RunResult Prompt::Impl::run_command(std::string_view args, bool in_program) {
  if (args.empty()) return start_at(-1);
  if (c64()) {
    auto number = whole_number(args);
    if (!number) return refuse(Refusal::kSyntax), refused_result();
    return start_at(*number);
  }
  if (args[0] == '"') {
    auto a = file_args(args);
    if (!a || a->items.size() > 1 || (a->items.size() == 1 && a->items[0] != "R"))
      return refuse(Refusal::kSyntax), refused_result();
    return load_and_run(a->name, true, in_program && !a->items.empty());
  }
  const auto first = static_cast<unsigned char>(args[0]);
  if (std::isalpha(first) != 0) return refuse(Refusal::kTypeMismatch), refused_result();
  if (std::isdigit(first) == 0) return refuse(Refusal::kSyntax), refused_result();  // RUN .
  std::size_t i = 0;
  auto number = line_number_at(args, i);
  if (!number) return refuse(Refusal::kUndefinedLine), refused_result();  // past 65529
  in_line_.reset();  // a missing line: "Undefined line number", no line (PC-BASIC)
  return start_at(*number);
}

RunResult Prompt::Impl::load_and_run(const std::string& name, bool run, bool keep_files,
                                     bool troff) {
  auto old_program = std::move(program_);  // the files live on in the old interpreter
  auto old = std::move(interpreter_);
  if (old) tracing_ = old->tracing();
  if (!load(name, true)) {
    program_ = std::move(old_program);
    interpreter_ = std::move(old);
    return refused_result();
  }
  if (troff) tracing_ = false;  // LOAD is TROFF too (before ,R runs), as in GW-BASIC
  in_line_.reset();
  if (!run) return RunResult{};
  if (!keep_files || !old) return start_at(-1);
  ensure_program();
  return interpreter_->chain_from(*old, Interpreter::Keep::kFiles, -1, run_options());
}

// DELETE [range] (pc): the lines of the range go; a range with none of them (DELETE 25
// for a missing line, 30-20, or any range of an empty program) is "Illegal function
// call". DELETE alone deletes every line, as PC-BASIC does. The current line stays.
void Prompt::Impl::cmd_delete(std::string_view args) {
  auto range = parse_range(args, dot());
  if (!range) return refuse(Refusal::kSyntax);
  if (protected_ || range->from > range->to) return refuse(Refusal::kIllegalFunctionCall);
  auto from = lines_.lower_bound(range->from);
  auto to = lines_.upper_bound(range->to);
  if (from == to) return refuse(Refusal::kIllegalFunctionCall);
  lines_.erase(from, to);
  changed();
}

// RENUM [new][,[old][,step]]: the lines from `old` on become new, new+step, ...; every
// GOTO, GOSUB, THEN, ELSE, RESTORE, RUN and RESUME follows. A reference to no line stays
// and is reported as GW-BASIC does ("Undefined line 500 in 30").
void Prompt::Impl::cmd_renum(std::string_view args) {
  if (protected_) return refuse(Refusal::kIllegalFunctionCall);
  int values[3] = {10, lines_.empty() ? 0 : lines_.begin()->first, 10};
  // new and old: a line number, "." (the current line; with none, the default) or
  // nothing; a comma before the step wants one (PC-BASIC: Illegal function call).
  std::size_t k = 0;
  std::string_view rest = args;
  bool step_missing = false;
  while (true) {
    std::size_t comma = rest.find(',');
    std::string_view field = trim(rest.substr(0, comma));
    if (k >= 3) return refuse(Refusal::kSyntax);
    if (field == "." && k < 2) {
      if (current_) values[k] = *current_;
    } else if (!field.empty()) {
      auto v = whole_number(field);
      if (!v) return refuse(Refusal::kSyntax);
      values[k] = *v;
    } else if (k == 2) {
      step_missing = true;
    }
    ++k;
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (step_missing) return refuse(Refusal::kIllegalFunctionCall);
  const int first = values[0], old = values[1], step = values[2];
  if (step == 0) return refuse(Refusal::kIllegalFunctionCall);
  std::map<int, int> renumbered;
  long next = first;
  for (auto it = lines_.lower_bound(old); it != lines_.end(); ++it, next += step)
    renumbered[it->first] = static_cast<int>(next);
  if (renumbered.empty()) return;
  auto below = lines_.lower_bound(old);
  bool collides = below != lines_.begin() && std::prev(below)->first >= first;
  if (next - step > kMaxLineNumber || collides) return refuse(Refusal::kIllegalFunctionCall);
  ProgramLines out;
  for (auto& [number, text] : lines_) {
    auto found = renumbered.find(number);
    int now = found == renumbered.end() ? number : found->second;
    renumber_refs(text, now, renumbered);
    out[now] = std::move(text);
  }
  lines_ = std::move(out);
  current_ = static_cast<int>(next - step);  // the last new number
  // The variables and CONT stay (PC-BASIC): the interpreter moves to the renumbered
  // program, which has the same statements and names.
  if (!interpreter_) return changed();
  auto parsed = parse_program(program_text(lines_), options_.dialect);
  if (!parsed || !same_shape(*program_, *parsed)) return changed();
  interpreter_->renumber(*program_, std::move(parsed).value());
}

void Prompt::Impl::renumber_refs(std::string& text, int in_line,
                                 const std::map<int, int>& renumbered) {
  std::vector<LineRef> refs = line_refs(text);
  for (const LineRef& ref : refs) {
    if (renumbered.count(static_cast<int>(ref.value)) == 0 &&
        lines_.count(static_cast<int>(ref.value)) == 0)
      pc_line("Undefined line " + std::to_string(ref.value) + " in " + std::to_string(in_line));
  }
  for (auto r = refs.rbegin(); r != refs.rend(); ++r) {
    auto found = renumbered.find(static_cast<int>(r->value));
    if (found != renumbered.end()) text.replace(r->pos, r->len, std::to_string(found->second));
  }
}

// AUTO [line][,step] (pc): each line typed is numbered for the user: the machine shows
// the number ("20 ", or "20*" when that line exists) and the typed text follows it on the
// same logical line, until Ctrl-C (Prompt::interrupt_typing) or the numbers run out. An
// empty line keeps what was there. PC-BASIC's transcript shows the number, then the
// whole logical line echoed.
void Prompt::Impl::cmd_auto(std::string_view args) {
  long values[2] = {10, 10};
  std::string_view rest = trim(args);
  for (std::size_t k = 0; k < 2 && !rest.empty(); ++k) {
    std::size_t comma = rest.find(',');
    std::string_view field = trim(rest.substr(0, comma));
    if (!field.empty()) {
      auto v = whole_number(field);
      if (!v) return refuse(Refusal::kSyntax);
      values[k] = *v;
    }
    rest = comma == std::string_view::npos ? std::string_view() : trim(rest.substr(comma + 1));
    if (k == 1 && !rest.empty()) return refuse(Refusal::kSyntax);
  }
  if (values[1] == 0) return refuse(Refusal::kIllegalFunctionCall);
  auto_next_ = values[0];
  auto_step_ = static_cast<int>(values[1]);
  quiet_ = true;
  auto_prompt();
}

void Prompt::Impl::auto_prompt() {
  if (*auto_next_ > max_line_number()) {  // the numbers ran out: AUTO ends
    auto_next_.reset();
    ready();
    return;
  }
  const int n = static_cast<int>(*auto_next_);
  auto_shown_ = std::to_string(n) + (lines_.count(n) != 0 ? "*" : " ");
  printer().write(auto_shown_);
}

void Prompt::Impl::auto_line(const std::string& typed) {
  const std::string logical =
      auto_shown_ + (options_.on_screen ? typed : printer().expand_typed_tabs(typed));
  if (options_.on_screen)
    printer().newline();
  else if (machine_.echo())
    pc_line(logical);
  if (!trim(typed).empty()) {
    TypedLine t = split_typed(logical);
    if (t.number) store(*t.number, t.text);
  }
  *auto_next_ += auto_step_;
  if (!ended_) auto_prompt();
}

// EDIT n (pc): shows line n for editing, the cursor at its start (on the screen the
// whole line is read again when Enter is pressed); no Ok. In a transcript the next typed
// line is typed over it (typed_over): PC-BASIC shows the line, then that line right
// after it. EDIT . edits the current line, and EDIT n makes n the current line, also a
// missing one ("Undefined line number"); EDIT alone leaves no current line. Anything
// but a line number or "." after EDIT is "Illegal function call", as in PC-BASIC.
void Prompt::Impl::cmd_edit(std::string_view args) {
  args = trim(args);
  std::optional<int> number;
  if (args == ".") {
    number = current_;
  } else if (!args.empty()) {
    number = whole_number(args);
    if (!number) return refuse(Refusal::kIllegalFunctionCall);
  }
  current_ = number;
  if (protected_) return refuse(Refusal::kIllegalFunctionCall);
  auto found = number ? lines_.find(*number) : lines_.end();
  if (found == lines_.end()) return refuse(Refusal::kUndefinedLine);
  quiet_ = true;
  show_for_editing(found->first, 0);
}

// Shows line `number` as LIST does, with no line end, for editing: the cursor at `column`
// of what is shown (0: EDIT's start). On the screen the cursor goes there (the line may have
// wrapped); in a transcript the next typed line is typed over it from there (typed_over).
void Prompt::Impl::show_for_editing(int number, std::size_t column) {
  const std::string text = std::to_string(number) + " " + lines_.at(number);
  const std::size_t cursor = std::min(text.size(), column);
  printer().write(text);
  if (!options_.on_screen) {
    edit_shown_ = text;
    edit_column_ = cursor;
    return;
  }
  machine::Screen& screen = machine_.screen();
  long at = static_cast<long>(screen.row()) * machine::Screen::kColumns + screen.col() -
            static_cast<long>(text.size() - cursor);
  at = std::max(at, 0L);
  screen.set_cursor(static_cast<int>(at / machine::Screen::kColumns),
                    static_cast<int>(at % machine::Screen::kColumns));
}

void Prompt::Impl::interrupt_typing() {
  if (c64()) return;  // RUN/STOP at READY. does nothing
  edit_shown_.reset();
  printer().newline();
  if (auto_next_) {
    auto_next_.reset();
    ready();
  }
  printer().flush();
}

// ---- the disk ------------------------------------------------------------------------

namespace {

// c64: the device of SAVE, LOAD and VERIFY: 8 (and 1, the tape, taken as the disk) are
// the disk; the keyboard, RS-232 and the screen (0, 2, 3) are ?ILLEGAL DEVICE NUMBER (the
// KERNAL's LOAD $F4AB and SAVE $F5ED); any other device is not present.
std::optional<Refusal> c64_device_refusal(const std::vector<std::string>& items) {
  if (items.empty() || items[0] == "8" || items[0] == "1") return std::nullopt;
  if (items[0] == "0" || items[0] == "2" || items[0] == "3") return Refusal::kIllegalDevice;
  return Refusal::kDeviceNotPresent;
}

}  // namespace

// pc: SAVE "F" (tokenised), SAVE "F",A (ASCII), SAVE "F",P (protected).
// c64: SAVE "F"[,8[,secondary]] (a PRG; device 1, the tape, is taken as the disk too).
void Prompt::Impl::cmd_save(std::string_view args) {
  auto a = file_args(args);
  if (!a) return refuse(c64() ? Refusal::kMissingFileName : Refusal::kSyntax);
  std::string bytes;
  if (c64()) {
    if (a->name.empty()) return refuse(Refusal::kMissingFileName);
    if (auto refusal = c64_device_refusal(a->items)) return refuse(*refusal);
    // A name starting with '$' opens the directory to read, whatever the secondary
    // address (the 1541's open.src, op021/op04); the drive refuses the bytes sent to a
    // channel that is not written (serlistn.src listen: ilerr) and the KERNAL's SAVE
    // ($F605) never looks at ST: nothing is written, and no error.
    if (a->name[0] == '$') return;
    // The drive takes "@0:NAME" and "0:NAME" as NAME (`SAVE"0:$",8` writes a PRG named $);
    // no name after the drive is its 34 SYNTAX ERROR, which SAVE never reads.
    bool replace = false;
    a->name = c64_open_name(a->name, replace);
    if (a->name.empty() || !drive_->may_save(a->name, replace)) return;
    bytes = c64_memory_file();
  } else {
    std::string form = a->items.empty() ? "" : a->items[0];
    if (a->items.size() > 1 || (form != "" && form != "A" && form != "P"))
      return refuse(Refusal::kSyntax);
    if (a->name.empty()) return refuse(Refusal::kMissingFileName);
    if (protected_ && form != "P") return refuse(Refusal::kIllegalFunctionCall);
    bytes = form == "A"   ? gw_ascii_file(lines_)
            : form == "P" ? gw_protected_file(lines_)
                          : gw_tokenised_file(lines_);
  }
  DiskFault fault = disk_.write(a->name, true, bytes);
  if (fault == DiskFault::kBadName && c64()) return refuse(Refusal::kIllegalFunctionCall);
  if (fault != DiskFault::kNone) return refuse(fault);
  if (c64()) drive_->saved(a->name);  // the program LOAD"*" loads
}

// pc: LOAD "F"[,R]; c64: LOAD "F"[,8[,1]]. The program replaces the one there (its
// variables go); ,R runs it.
void Prompt::Impl::cmd_load(std::string_view args) {
  if (c64()) {
    // LOAD at READY. prints READY. itself, then CLR's CLALL ($E1AB, $A52A): under CMD
    // that READY. goes to the file, which CLALL drops unclosed.
    const bool held = redirected();
    if (auto name = c64_file_name(args); name && load(*name, true)) quiet_ = held;
    return;
  }
  after(load_command(args, false));
}

RunResult Prompt::Impl::load_command(std::string_view args, bool in_program) {
  auto a = file_args(args);
  if (!a) return refuse(Refusal::kSyntax), refused_result();
  bool run = !a->items.empty() && a->items[0] == "R";
  if (a->items.size() > 1 || (!a->items.empty() && !run))
    return refuse(Refusal::kSyntax), refused_result();
  return load_and_run(a->name, run, in_program && run, true);
}

// c64: "F"[,8[,secondary]] of LOAD and VERIFY (device 1, the tape, is taken as the disk
// too); nullopt after refusing it.
std::optional<std::string> Prompt::Impl::c64_file_name(std::string_view args) {
  auto a = file_args(args);
  if (!a || a->name.empty()) return refuse(Refusal::kMissingFileName), std::nullopt;
  if (auto refusal = c64_device_refusal(a->items)) return refuse(*refusal), std::nullopt;
  return a->name;
}

namespace {

// The AMAZING listings the program finds (roms/README.md, basic::find_listing) are on
// every disk under these names, to LOAD, RUN and LIST; a file of that name in the folder
// comes first. They are not files of the folder: FILES lists only what is there.
struct ListingOnDisk {
  std::string_view name;
  core::Variant variant;
};
constexpr ListingOnDisk kListingsOnDisk[] = {
    {"AMAZING", core::Variant::kBook},
    {"AMAZFIX", core::Variant::kFixed},
    {"AMAZEXIT", core::Variant::kFixedExit},
};

std::optional<std::string> listing_on_disk(std::string name, Dialect dialect) {
  name = upper(name);
  const std::string ext(machine::describe(dialect).program_extension);
  if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == upper(ext))
    name.resize(name.size() - ext.size());
  for (const ListingOnDisk& l : kListingsOnDisk) {
    if (l.name != name) continue;
    auto found = find_listing(l.variant);
    if (found) return found->text;
  }
  return std::nullopt;
}

}  // namespace

// c64: the bytes LOAD and VERIFY read from the drive (its directory for "$", the last
// program for "*", a pattern's first match), nullopt after refusing: the KERNAL's
// ?FILE NOT FOUND for the drive's errors, ?LOAD ERROR for a host file bigger than a disk
// (52, FILE TOO LARGE: it is there, a 1541 could not hold it).
std::optional<std::string> Prompt::Impl::c64_disk_file(const std::string& name) {
  return drive_->present() ? drive_->load(name) : std::nullopt;
}
void Prompt::Impl::refuse_c64_disk_file(const std::string& name) {
  refuse(drive_->present() ? (drive_->error() == 52 ? Refusal::kBadFile : Refusal::kFileNotFound)
         : !name.empty() && name[0] == '$' ? Refusal::kDeviceNotPresent
                                           : Refusal::kFileNotFound);
}

bool Prompt::Impl::load(const std::string& name, bool default_extension) {
  if (c64()) {
    if (auto bytes = c64_disk_file(name)) return load_c64(*bytes);
    if (auto text = listing_on_disk(name, options_.dialect);
        text && (!drive_->present() || drive_->error() == 62)) {
      type_in(*text);
      return true;
    }
    return refuse_c64_disk_file(name), false;
  }
  if (name.empty()) return refuse(Refusal::kMissingFileName), false;
  DiskRead read = disk_.read(name, default_extension);
  if (read.fault == DiskFault::kNotFound) {
    if (auto text = listing_on_disk(name, options_.dialect)) {
      type_in(*text);
      return true;
    }
  }
  if (read.fault != DiskFault::kNone) {
    refuse(read.fault);
    return false;
  }
  if (c64()) return load_c64(read.bytes);
  auto loaded = read_gw_file(read.bytes);
  if (!loaded) return refuse(Refusal::kBadFile), false;
  lines_ = std::move(loaded->lines);
  protected_ = loaded->protected_program;
  // An ASCII file is typed in line by line; a tokenised one (0xFF, 0xFE) leaves no
  // current line.
  const bool tokenised =
      !read.bytes.empty() && (read.bytes[0] == '\xFF' || read.bytes[0] == '\xFE');
  current_ = tokenised ? std::nullopt : last_line_typed(read.bytes);
  changed();
  return true;
}

// c64: a PRG's lines into memory, in their order when that is not the numbers' order.
bool Prompt::Impl::load_c64(std::string_view bytes) {
  auto lines = read_c64_prg_in_order(bytes);
  if (!lines) return refuse(Refusal::kBadFile), false;
  lines_ = ProgramLines(lines->begin(), lines->end());
  changed();
  bool ascending =
      std::adjacent_find(lines->begin(), lines->end(), [](const auto& a, const auto& b) {
        return a.first >= b.first;
      }) == lines->end();
  if (!ascending) memory_order_ = std::move(lines).value();
  loaded_memory_ = c64_loaded_memory(bytes);
  return true;
}

// KILL "F": the name as given (no .BAS added).
void Prompt::Impl::cmd_kill(std::string_view args) {
  auto a = file_args(args);
  if (!a || !a->items.empty()) return refuse(Refusal::kSyntax);
  DiskFault fault = disk_.remove(a->name);
  if (fault != DiskFault::kNone) refuse(fault);
}

// MERGE "F": the lines of an ASCII file (SAVE "F",A) join the program one by one as if
// typed, each replacing the line of its number (a number alone deletes its line, or stops
// the merge with "Undefined line number"); unlike a typed line it keeps the variables (as
// PC-BASIC does; arrays aside, Interpreter::keep_variables). A line
// without a number stops it there with "Direct statement in file", the lines before it
// merged: a tokenised or protected file stops at once (PC-BASIC reads it as text, and its
// first byte is no digit). PC-BASIC ignores anything after the name (MERGE "F",A and
// MERGE "F" X merge F; MERGE "NONE" X is File not found).
void Prompt::Impl::cmd_merge(std::string_view args) {
  std::optional<std::string> name = take_quoted(args);
  if (!name) return refuse(Refusal::kSyntax);
  if (protected_) return refuse(Refusal::kIllegalFunctionCall);
  bool merged = false;
  merge_file(*name, merged);
  if (merged) {
    auto old_program = std::move(program_);  // the variables live on, by name
    auto old = std::move(interpreter_);
    if (old) tracing_ = old->tracing();
    ensure_program();
    if (old) {
      add_names(*program_, *old_program);
      interpreter_->keep_variables(*old);
    }
  }
}

// The lines of an ASCII file joined to the program (MERGE, CHAIN MERGE); `merged` says
// whether any was; false after a refusal (the lines before it merged).
bool Prompt::Impl::merge_file(const std::string& name, bool& merged) {
  if (!c64() && name.empty()) return refuse(Refusal::kMissingFileName), false;
  DiskRead read = disk_.read(name, true);
  if (read.fault != DiskFault::kNone) return refuse(read.fault), false;
  std::string_view text = read.bytes;
  text = text.substr(0, text.find('\x1A'));
  std::optional<Refusal> stop;
  while (!text.empty() && !stop) {
    std::string_view line = take_line(text);
    if (trim(line).empty()) continue;
    TypedLine t = split_typed(line);
    if (!t.number || *t.number > kMaxLineNumber)
      stop = Refusal::kBadFile;
    else if (!trim(t.text).empty())
      lines_[static_cast<int>(*t.number)] = list_form(options_.dialect, t.text), merged = true;
    else if (lines_.erase(static_cast<int>(*t.number)) == 0)
      stop = Refusal::kUndefinedLine;  // a number alone deletes, as typed
    else
      merged = true;
    if (!stop) current_ = static_cast<int>(*t.number);  // stored as if typed
  }
  if (stop) refuse(*stop);
  return !stop;
}

// FILES ["mask"]: the program statement's listing (files.hpp list_files).
void Prompt::Impl::cmd_files(std::string_view args) {
  std::optional<std::string> mask;
  if (!trim(args).empty()) {
    auto a = file_args(args);
    if (!a || !a->items.empty()) return refuse(Refusal::kSyntax);
    mask = a->name;
  }
  ErrorCode e = list_files(&disk_, mask, printer());
  if (e == ErrorCode::kBadFileName) return refuse(Refusal::kBadFileName);
  if (e != ErrorCode::kNone) refuse(Refusal::kFileNotFound);
}

// NAME "OLD" AS "NEW": both names as given (no .BAS added). Refused as PC-BASIC refuses:
// a wildcard in the old name is "Bad file name", an old name that is no file (or no name
// the disk takes) "File not found", a bad new name "Bad file name", a new name there
// already "File already exists". Unlike PC-BASIC, which cuts an overlong name to 8.3
// (TOOLONGNAME.BAS is TOOLONGN.BAS) and takes paths and device names, the disk's rules
// refuse those, as for SAVE.
void Prompt::Impl::cmd_name(std::string_view args) {
  auto from = take_quoted(args);
  if (!from) return refuse(Refusal::kSyntax);
  // The old file is looked for before the rest is read (NAME "GONE" TO "X": not found).
  if (DiskFault fault = disk_.name_source(*from); fault != DiskFault::kNone) return refuse(fault);
  if (args.size() < 2 || upper(args.substr(0, 2)) != "AS") return refuse(Refusal::kSyntax);
  args.remove_prefix(2);
  auto to = take_quoted(args);
  if (!to || !args.empty()) return refuse(Refusal::kSyntax);
  DiskFault fault = disk_.rename(*from, *to);
  if (fault != DiskFault::kNone) refuse(fault);
}

// c64: VERIFY "F"[,8[,1]]: the file against the program in memory, as the ROM's VERIFY
// and the KERNAL's LOAD compare them: each byte of the file after its load address with
// the bytes from the start of BASIC (SAVE writes exactly those), so a file that is the
// program prints OK, any other ?VERIFY  ERROR. What the ROM prints was recorded with
// cbmbasic given a KERNAL verify (tests/basic/data/prompt/README.md); a real C64's KERNAL
// also shows SEARCHING FOR F and VERIFYING first, which cbmbasic and this prompt leave
// out, as for LOAD.
void Prompt::Impl::cmd_verify(std::string_view args) {
  auto name = c64_file_name(args);
  if (!name) return;
  auto bytes = c64_disk_file(*name);
  if (!bytes) return refuse_c64_disk_file(*name);
  std::string memory = c64_memory_file();
  std::string_view file = *bytes;
  bool same = file.size() >= 2 && file.size() <= memory.size() &&
              memory.compare(2, file.size() - 2, file.substr(2)) == 0;
  if (!same) return refuse(Refusal::kVerify);
  rom_message("\rOK\r");  // $A364
}

// ---- the facade ----------------------------------------------------------------------

Prompt::Prompt(machine::Machine& machine, PromptOptions options)
    : impl_(std::make_unique<Impl>(machine, std::move(options))) {}
Prompt::~Prompt() = default;
void Prompt::greet() {
  impl_->greet();
}
bool Prompt::enter(const std::string& typed) {
  return impl_->enter(typed);
}
void Prompt::session() {
  impl_->session();
}
void Prompt::interrupt_typing() {
  impl_->interrupt_typing();
}
void Prompt::type_in(std::string_view listing) {
  impl_->type_in(listing);
}
const ProgramLines& Prompt::lines() const {
  return impl_->lines();
}
RunResult Prompt::take_over(std::string_view listing, std::unique_ptr<Program> program,
                            std::unique_ptr<Interpreter> interpreter, RunResult stopped) {
  return impl_->take_over(listing, std::move(program), std::move(interpreter), std::move(stopped));
}

std::string run_prompt(const std::vector<std::string>& typed, const PromptOptions& options) {
  const bool c64 = options.dialect == Dialect::kC64;
  machine::StringSink sink;
  machine::ScriptedInput input(typed);
  machine::MachineConfig config;
  config.batch = true;
  config.batch_width = c64 ? 0 : 80;
  config.output = &sink;
  config.input = &input;
  config.echo = !c64;
  machine::Machine machine(config);
  Prompt prompt(machine, options);
  prompt.session();
  machine.flush();
  return sink.text();
}

}  // namespace amazing::basic
