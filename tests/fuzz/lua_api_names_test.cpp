// fuzz_lua_api's names (lua_api_names.hpp) against the `amazing` table at run time: a
// function registered in src/lua but missing from the fuzzer's list fails here, and so
// does a listed name the table no longer has (the fuzzer would only call nil).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lua/engine.hpp"
#include "lua_api_names.hpp"
#include "machine/input.hpp"
#include "machine/machine.hpp"
#include "machine/output.hpp"

namespace amazing::fuzz {
namespace {

// Runs `source` on a batch machine and returns the lines it wrote.
std::set<std::string> lines_of(const std::string& source) {
  machine::StringSink sink;
  machine::ScriptedInput input(std::vector<std::string>{});
  machine::MachineConfig config;
  config.batch = true;
  config.batch_width = 80;
  config.output = &sink;
  config.input = &input;
  auto m = machine::Machine::create(config);
  EXPECT_TRUE(m.ok());
  if (!m) return {};
  {
    lua::Engine engine(**m, lua::Limits{});
    lua::RunResult r = engine.run(source, "names.lua", lua::ScriptArgs{});
    EXPECT_TRUE(r.ok()) << r.message;
  }
  (*m)->flush();
  std::set<std::string> out;
  std::istringstream in(sink.text());
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.insert(line);
  return out;
}

TEST(LuaApiNames, FuzzerCallsEveryFunctionOfTheAmazingTable) {
  std::set<std::string> registered = lines_of(
      "for k, v in pairs(amazing) do\n"
      "  if type(v) == 'function' then amazing.write(k .. '\\n') end\n"
      "end\n");
  ASSERT_FALSE(registered.empty());
  std::set<std::string> listed(std::begin(kLuaApiFunctions), std::end(kLuaApiFunctions));
  for (const std::string& name : registered)
    EXPECT_TRUE(listed.count(name))
        << "amazing." << name << " is not in tests/fuzz/lua_api_names.hpp";
  for (const std::string& name : listed)
    EXPECT_TRUE(registered.count(name)) << "amazing." << name << " is listed but not registered";
}

TEST(LuaApiNames, EveryListedMethodIsAMazeMethod) {
  // The method table hides behind __metatable, so the list is checked one name at a time.
  std::string source = "local m = amazing.maze(2, 2)\n";
  for (const char* name : kLuaApiMethods)
    source += std::string("if type(m.") + name + ") == 'function' then amazing.write('" + name +
              "\\n') end\n";
  std::set<std::string> found = lines_of(source);
  for (const char* name : kLuaApiMethods)
    EXPECT_TRUE(found.count(name)) << "maze:" << name << " is listed but is no method";
}

}  // namespace
}  // namespace amazing::fuzz
