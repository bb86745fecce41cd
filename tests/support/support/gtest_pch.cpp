// The source amazing_gtest_pch compiles to make GoogleTest's precompiled header
// (tests/support/CMakeLists.txt); it defines nothing.
