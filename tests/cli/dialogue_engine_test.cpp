// The bare command without a terminal (the dialogue) with --engine: basic runs the listing
// itself on the interpreter and prints, byte for byte and with the same exit status, what
// the machine's default engine prints (native on the pc, amazing.lua on the c64), for good
// answers, bad ones (a typed 1E39 the C64 stops at with ?OVERFLOW), the end of the input
// and out of memory; --speed original paces it and
// changes no byte; an engine that has no dialogue for the machine is refused by name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/run.hpp"

namespace {

using amazing::test::Ran;
using amazing::test::run_amazing;

Ran dialogue(std::vector<std::string> args, const std::string& typed) {
  return run_amazing(args, typed);
}

struct Case {
  const char* machine;
  const char* seed;  // "" for none
  const char* typed;
};

TEST(DialogueEngine, BasicPrintsWhatTheMachinesDialoguePrints) {
  const Case cases[] = {
      {"pc", "5", "10,8\n"},
      {"pc", "", "0,5\n"},
      {"pc", "", "x\n10,12\n"},
      {"pc", "", "100,100\n"},
      {"pc", "-3", ""},
      {"pc", "", "5\n6\n"},
      {"pc", "", "1,1\n"},
      {"c64", "5", "10,8\n"},
      {"c64", "", "0,5\n"},
      {"c64", "", "x\n10,12\n"},
      {"c64", "", "100,100\n"},
      {"c64", "", "33,106\n"},
      {"c64", "7", ""},
      {"c64", "", "5\n6\n"},
      {"c64", "", "1E39,5\n"},
      {"c64", "", "5\n1E39\n"},
      {"c64", "", "1e2,5\n"},
      {"pc", "", "1E39,5\n"},
      {"pc", "",
       "m\xff>0\x9b"
       "2J\n5,5\n"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args{"--machine", c.machine};
    if (*c.seed) args.insert(args.end(), {"--seed", c.seed});
    Ran usual = dialogue(args, c.typed);
    args.insert(args.end(), {"--engine", "basic"});
    Ran basic = dialogue(args, c.typed);
    SCOPED_TRACE(std::string(c.machine) + " seed '" + c.seed + "' typed '" + c.typed + "'");
    EXPECT_FALSE(usual.out.empty());
    EXPECT_EQ(basic.out, usual.out);
    EXPECT_EQ(basic.code, usual.code) << basic.err << usual.err;
  }
}

TEST(DialogueEngine, OriginalSpeedChangesNoByte) {
  for (const char* machine : {"pc", "c64"}) {
    Ran warp = dialogue({"--machine", machine, "--engine", "basic"}, "2,2\n");
    Ran original =
        dialogue({"--machine", machine, "--engine", "basic", "--speed", "original"}, "2,2\n");
    EXPECT_EQ(original.code, 0) << original.err;
    EXPECT_EQ(original.out, warp.out);
    EXPECT_NE(warp.out.find("WIDTH AND LENGTH"), std::string::npos) << warp.out;
  }
}

TEST(DialogueEngine, WhatCannotRunIsRefusedByName) {
  Ran lua_pc = dialogue({"--engine", "lua"}, "5,5\n");
  EXPECT_EQ(lua_pc.code, 2);
  EXPECT_NE(lua_pc.err.find("native or basic"), std::string::npos) << lua_pc.err;
  Ran native_c64 = dialogue({"--machine", "c64", "--engine", "native"}, "5,5\n");
  EXPECT_EQ(native_c64.code, 2);
  EXPECT_NE(native_c64.err.find("lua or basic"), std::string::npos) << native_c64.err;
  Ran paced = dialogue({"--speed", "original"}, "5,5\n");
  EXPECT_EQ(paced.code, 2);
  EXPECT_NE(paced.err.find("--engine basic"), std::string::npos) << paced.err;
  Ran rom = dialogue({"--rom", "x.bas"}, "5,5\n");
  EXPECT_EQ(rom.code, 2);
  EXPECT_NE(rom.err.find("--rom"), std::string::npos) << rom.err;
  Ran missing = dialogue({"--engine", "basic", "--rom", "/nonexistent/x.bas"}, "5,5\n");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("x.bas"), std::string::npos) << missing.err;
  for (const Ran* r : {&lua_pc, &native_c64, &paced, &rom, &missing}) EXPECT_EQ(r->out, "");
}

}  // namespace
