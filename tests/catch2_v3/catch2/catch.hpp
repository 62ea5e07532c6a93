#pragma once
// Catch2 3 (Debian 13) has no single header and keeps Approx in namespace
// Catch; the tests include <catch2/catch.hpp> and write Approx as Catch2 2
// (Debian 12) has them. tests/CMakeLists.txt puts this folder on the include
// path only when the Catch2 it finds is version 3, whose main() is the
// Catch2WithMain library.
#include <catch2/catch_all.hpp>

using Catch::Approx;
