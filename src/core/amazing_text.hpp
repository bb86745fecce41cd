// The fixed texts the AMAZING listing prints (lines 10-30, 100, 104), for every engine
// that reproduces its dialogue.
#pragma once

#include <string>
#include <string_view>

namespace amazing::core {

// Line 10: PRINT TAB(28);"AMAZING PROGRAM" -- TAB(28) moves to column 28, after 27 spaces.
inline constexpr std::string_view kBannerTitle = "AMAZING PROGRAM";
inline constexpr int kBannerTitleTab = 28;
// Line 20: PRINT TAB(15);"CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY"
inline constexpr std::string_view kBannerCredit = "CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY";
inline constexpr int kBannerCreditTab = 15;
// Line 100: INPUT "WHAT ARE YOUR WIDTH AND LENGTH";H,V -- INPUT adds "? ".
inline constexpr std::string_view kPrompt = "WHAT ARE YOUR WIDTH AND LENGTH? ";
// Line 104.
inline constexpr std::string_view kMeaningless = "MEANINGLESS DIMENSIONS.  TRY AGAIN.";
// GW-BASIC's answer to INPUT that does not parse as the numbers asked for.
inline constexpr std::string_view kRedo = "?Redo from start";

// What the listing prints from RUN up to the maze, for a user who typed `typed` (W,L)
// at the prompt: the banner, four empty lines, the prompt and answer, four more.
inline std::string transcript_header(std::string_view typed) {
  std::string out;
  out += std::string(kBannerTitleTab - 1, ' ') + std::string(kBannerTitle) + "\n";
  out += std::string(kBannerCreditTab - 1, ' ') + std::string(kBannerCredit) + "\n";
  out += "\n\n\n\n";
  out += std::string(kPrompt) + std::string(typed) + "\n";
  out += "\n\n\n\n";
  return out;
}

}  // namespace amazing::core
