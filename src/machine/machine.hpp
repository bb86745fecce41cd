// Machine: the emulated computer AMAZING runs on. It owns
//   - ram()      the memory (48K by default; the screen and every maze are blocks of it),
//   - screen()   the 40x25 text screen, its character memory in ram() (the pc's active
//                page; the others and the visual one: set_pages, pages.hpp),
//   - printer()  PRINT semantics over the output in use: the screen (40 columns), or in
//                batch mode standard output with batch_width columns (80 is what PC-BASIC
//                prints; 0 never breaks a line),
//   - input()    where typed lines come from (standard input unless set_input() says else),
//   - rnd()      the GW-BASIC RND generator (power-on state; RANDOMIZE through it),
//   - graphics() the pc's graphics screen (SCREEN 1, 2, 7, 8, 9: pixels, viewport, window).
//
//   MachineConfig cfg; cfg.batch = true; cfg.batch_width = 0;
//   auto m = Machine::create(cfg);           // Result<std::unique_ptr<Machine>>
//   (*m)->printer().print("HELLO"); (*m)->printer().newline();
//   auto hv = (*m)->input_fields("WIDTH", {FieldKind::kNumber});
// Tests pass their own sink (config.output) to read what a batch program printed.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/ram.hpp"
#include "core/result.hpp"
#include "core/rnd.hpp"
#include "machine/console.hpp"
#include "machine/graphics.hpp"
#include "machine/input.hpp"
#include "machine/output.hpp"
#include "machine/pages.hpp"
#include "machine/pc_keyboard.hpp"
#include "machine/printer.hpp"
#include "machine/screen.hpp"

namespace amazing::machine {

struct MachineConfig {
  std::size_t ram = core::kDefaultRam;
  bool batch = false;
  int batch_width = 80;
  // Batch output goes here instead of standard output (not owned; must outlive the
  // machine). On a screen machine this sink gets a copy of what the screen is sent.
  OutputSink* output = nullptr;
  // Typed lines come from here instead of standard input (not owned).
  InputSource* input = nullptr;
  // Echo typed lines (what PC-BASIC's transcript shows). Default: in batch mode.
  std::optional<bool> echo;
  // Whose screen and PRINT rules: the pc's (GW-BASIC) or the Commodore 64's (the screen
  // wraps 80-character logical lines, c64_screen.hpp; the printer moves by cursor-rights).
  Rules rules = Rules::kPc;
};

class Machine {
 public:
  // Fails (OUT OF MEMORY) when config.ram cannot even hold the screen.
  static core::Result<std::unique_ptr<Machine>> create(const MachineConfig& config);
  // For sizes known to fit (asserts otherwise).
  explicit Machine(const MachineConfig& config = {});
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;
  ~Machine();

  core::Ram& ram() { return ram_; }
  Screen& screen() { return screen_; }
  Printer& printer() { return printer_; }
  // pc batch mode: what was printed where (text_page.hpp), read by SCREEN() and PEEK; null
  // on a screen machine (its Screen holds it) and on the c64.
  TextPage* text_page() { return printer_page_ ? &page_ : nullptr; }
  // pc: COLOR's attribute on the text screen, GW-BASIC's byte (blink in bit 7, the
  // background in 4..6, the foreground in 0..3; 7 at power-on). The page takes it as it
  // is, the terminal's Screen its colours (it shows no blink).
  uint8_t text_attribute() const { return page_.attribute(); }
  void set_text_attribute(uint8_t a) {
    page_.set_attribute(a);
    screen_.set_attribute(make_attribute(a & 15, (a >> 4) & 7));
  }
  // pc: the text screen's pages (pages.hpp): the Screen's on a screen machine, the
  // TextPage's in batch mode. set_pages brings page `active` in to print on and shows
  // `visual` (both below the mode's count, which the caller checks); copy_page is PCOPY;
  // reset_pages a new mode's (every other page blank, page 0 active and shown).
  int active_page() const { return batch() ? text_pages_.active() : screen_.active_page(); }
  int visual_page() const { return batch() ? text_pages_.visual() : screen_.visual_page(); }
  void set_pages(int active, int visual);
  void copy_page(int from, int to);
  // pc: a byte of text page `page` (PEEK and POKE at &HB800, Screen::page_byte's rules).
  uint8_t text_page_byte(int page, int row, int col, bool attribute);
  void set_text_page_byte(int page, int row, int col, bool attribute, uint8_t v);
  // The graphics' pixels have their pages too (graphics.hpp), made blank by a new mode.
  void reset_pages() {
    text_pages_.reset();
    screen_.reset_pages();
  }
  InputSource& input() { return *input_; }
  core::GwRnd& rnd() { return rnd_; }
  Graphics& graphics() { return graphics_; }
  // pc: the function keys' texts (KEY n, "text"), kept through NEW, CLEAR and RUN.
  FunctionKeys& function_keys() { return function_keys_; }
  const MachineConfig& config() const { return config_; }
  bool batch() const { return config_.batch; }
  bool echo() const { return echo_; }

  // Reads from `input` from now on (not owned).
  void set_input(InputSource& input) { input_ = &input; }
  // The live keyboard and display (console.hpp; not owned); null in batch mode.
  Console* console() { return console_; }
  void set_console(Console* console) { console_ = console; }
  // The sink the printer writes to (the screen's, or batch output).
  OutputSink& output() { return printer_.sink(); }

  // INPUT and LINE INPUT on this machine's printer and input (echo as configured). With
  // Rules::kC64, INPUT is the C64's (c64_input: ??, ?REDO FROM START, ?EXTRA IGNORED; an
  // empty answer gives back what the last INPUT gave, the variables left as they were).
  std::optional<std::vector<InputValue>> input_fields(std::string_view prompt,
                                                      std::span<const FieldKind> fields,
                                                      bool question = true);
  std::optional<std::vector<InputValue>> input_fields(std::string_view prompt,
                                                      std::initializer_list<FieldKind> fields,
                                                      bool question = true) {
    return input_fields(prompt, std::span<const FieldKind>(fields.begin(), fields.size()),
                        question);
  }
  std::optional<std::string> input_line(std::string_view prompt);
  // The last input_fields gave nullopt because a typed number passed the C64's range
  // (c64_input): the program stops with ?OVERFLOW  ERROR in its INPUT's line.
  bool input_overflowed() const { return input_overflowed_; }

  // PEEK/POKE; a poke into screen memory marks the screen changed.
  uint8_t peek(std::size_t address) const { return ram_.peek(address); }
  void poke(std::size_t address, uint8_t value);

  // Flushes batch output; false if writing it failed.
  bool flush();

 private:
  MachineConfig config_;
  core::Ram ram_;
  Screen screen_;
  ScreenSink screen_sink_;
  StdoutSink stdout_sink_;
  std::unique_ptr<TeeSink> tee_;
  StdinSource stdin_source_;
  TextPage page_;
  Pages<TextPage> text_pages_;
  // A change of the batch pages (`change` given the maker of a blank page), the attribute
  // of the moment kept through it.
  template <class Change>
  void change_batch_pages(Change&& change);
  bool printer_page_ = false;
  Printer printer_;
  InputSource* input_;
  core::GwRnd rnd_;
  Graphics graphics_;
  FunctionKeys function_keys_;
  Console* console_ = nullptr;
  bool echo_ = false;
  std::vector<InputValue> c64_kept_;  // c64: what an empty answer leaves
  bool input_overflowed_ = false;
};

}  // namespace amazing::machine
