#include "machine/machine.hpp"

#include <cassert>

namespace amazing::machine {

namespace {

Screen make_screen(core::Ram& ram, Rules rules) {
  auto screen = Screen::create(ram, rules);
  assert(screen.ok() && "MachineConfig::ram cannot hold the screen; use Machine::create");
  if (!screen) return Screen();
  return std::move(screen).value();
}

}  // namespace

core::Result<std::unique_ptr<Machine>> Machine::create(const MachineConfig& config) {
  if (config.ram != core::kUnlimited && config.ram < Screen::kBytes) {
    return core::Error{"?OUT OF MEMORY ERROR: the 40x25 screen needs " +
                       std::to_string(Screen::kBytes) + " bytes of RAM, but the machine has " +
                       std::to_string(config.ram) + ". Run with --ram 48K (or more)."};
  }
  return std::make_unique<Machine>(config);
}

Machine::Machine(const MachineConfig& config)
    : config_(config),
      ram_(config.ram),
      screen_(make_screen(ram_, config.rules)),
      screen_sink_(screen_),
      printer_(screen_sink_, Screen::kColumns, config.rules),
      input_(config.input != nullptr ? config.input : &stdin_source_),
      echo_(config.echo.value_or(config.batch)) {
  if (config_.batch) {
    OutputSink& out =
        config_.output != nullptr ? *config_.output : static_cast<OutputSink&>(stdout_sink_);
    printer_.set_sink(out);
    // The C64's screen memory holds what was printed even with no screen shown: a
    // program reads it back with PEEK(1024...).
    if (config_.rules == Rules::kC64) {
      tee_ = std::make_unique<TeeSink>(out, screen_sink_);
      printer_.set_sink(*tee_);
    }
    printer_.set_width(config_.batch_width);
    if (config_.rules == Rules::kPc && config_.batch_width > 0) {
      page_.resize(config_.batch_width);
      printer_.set_page(&page_);
      printer_page_ = true;
    }
  } else if (config_.output != nullptr) {
    tee_ = std::make_unique<TeeSink>(screen_sink_, *config_.output);
    printer_.set_sink(*tee_);
  }
}

Machine::~Machine() {
  stdout_sink_.flush();
}

std::optional<std::vector<InputValue>> Machine::input_fields(std::string_view prompt,
                                                             std::span<const FieldKind> fields,
                                                             bool question) {
  if (config_.rules == Rules::kC64) {
    // The variables an empty answer leaves as they were: what the last INPUT gave.
    input_overflowed_ = false;
    auto values = c64_input(printer_, *input_, prompt, fields, echo_, question, c64_kept_,
                            &input_overflowed_);
    if (values) c64_kept_ = *values;
    return values;
  }
  return basic_input(printer_, *input_, prompt, fields, echo_, question);
}

std::optional<std::string> Machine::input_line(std::string_view prompt) {
  return line_input(printer_, *input_, prompt, echo_);
}

namespace {

// A blank page at the live one's width, in the attribute of the moment.
TextPage blank_like(const TextPage& live) {
  TextPage blank = live;
  blank.resize(live.columns());
  return blank;
}

}  // namespace

template <class Change>
void Machine::change_batch_pages(Change&& change) {
  // The attribute is the screen's, not the page's: it stays through the swap.
  const uint8_t attribute = page_.attribute();
  change([this] { return blank_like(page_); });
  page_.set_attribute(attribute);
}

void Machine::set_pages(int active, int visual) {
  graphics_.set_pages(active, visual);
  if (!batch()) return screen_.set_pages(active, visual);
  if (active == text_pages_.active() && visual == text_pages_.visual()) return;
  change_batch_pages([&](auto blank) { text_pages_.select(page_, active, visual, blank); });
}

void Machine::copy_page(int from, int to) {
  graphics_.copy_page(from, to);
  if (!batch()) return screen_.copy_page(from, to);
  change_batch_pages([&](auto blank) { text_pages_.copy(page_, from, to, blank); });
}

uint8_t Machine::text_page_byte(int page, int row, int col, bool attribute) {
  if (text_page() == nullptr) return screen_.page_byte(page, row, col, attribute);
  const TextPage* p = page == text_pages_.active() ? &page_ : text_pages_.stored(page);
  if (p == nullptr) return attribute ? page_.attribute() : Screen::kBlank;
  return attribute ? p->attribute_at(row, col) : p->at(row, col);
}

void Machine::set_text_page_byte(int page, int row, int col, bool attribute, uint8_t v) {
  if (text_page() == nullptr) return screen_.set_page_byte(page, row, col, attribute, v);
  TextPage& p = page == text_pages_.active()
                    ? page_
                    : text_pages_.stored_or_blank(page, [this] { return blank_like(page_); });
  if (attribute)
    p.set_attribute(row, col, v);
  else
    p.put(row, col, v);
}

void Machine::poke(std::size_t address, uint8_t value) {
  ram_.poke(address, value);
  if (address >= screen_.address() && address < screen_.address() + Screen::kBytes) screen_.touch();
}

bool Machine::flush() {
  printer_.flush();
  return stdout_sink_.ok();
}

}  // namespace amazing::machine
