// Dotted names seen through the modules and builtins other modules hold
// (analyzer/model/module_reexports.hpp). Each standard-library expectation is what
// CPython 3.11 says: `pathlib.os is os`, `enum.bltns is builtins`.
#include "analyzer/model/module_reexports.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

namespace {

std::string seen_through(std::string_view dotted) {
    std::optional<std::string> canonical = canonical_dotted_name(dotted);
    return canonical ? *canonical : std::string(dotted);
}

}  // namespace

TEST_CASE("a standard module's imported modules are those modules", "[module_reexports]") {
    CHECK(seen_through("pathlib.os") == "os");
    CHECK(seen_through("pathlib.os.system") == "os.system");
    CHECK(seen_through("random._os.popen") == "os.popen");
    CHECK(seen_through("enum.bltns.eval") == "builtins.eval");
    CHECK(seen_through("typing.sys.modules") == "sys.modules");
    CHECK(seen_through("asyncio.unix_events.subprocess.Popen") == "subprocess.Popen");
    CHECK(seen_through("asyncio.base_events.socket.socket") == "socket.socket");
}

TEST_CASE("aliases are seen through one after another", "[module_reexports]") {
    CHECK(seen_through("statistics.random._os.system") == "os.system");
    // A submodule importing a sibling: asyncio.unix_events.events is asyncio.events.
    CHECK(seen_through("asyncio.unix_events.events.sys.exit") == "sys.exit");
}

TEST_CASE("builtins that modules keep under other names are the builtins", "[module_reexports]") {
    CHECK(seen_through("tokenize._builtin_open") == "builtins.open");
    CHECK(seen_through("io.open") == "builtins.open");
    CHECK(seen_through("timeit._globals") == "builtins.globals");
}

TEST_CASE("names importable as they are keep their names", "[module_reexports]") {
    // os.path is posixpath, but `import os.path` imports it under that name.
    CHECK_FALSE(canonical_dotted_name("os.path.join"));
    CHECK_FALSE(canonical_dotted_name("collections.abc.Mapping"));
    CHECK_FALSE(canonical_dotted_name("json.decoder.JSONDecodeError"));
    CHECK_FALSE(canonical_dotted_name("subprocess.run"));
    CHECK_FALSE(canonical_dotted_name("builtins.eval"));
    CHECK_FALSE(canonical_dotted_name("os"));
    // What os.path holds is seen through, though: os.path.os is os.
    CHECK(seen_through("os.path.os.system") == "os.system");
}

TEST_CASE("under a package no table lists, module-named segments are taken for the module", "[module_reexports]") {
    CHECK(seen_through("matplotlib.subprocess.run") == "subprocess.run");
    CHECK(seen_through("numpy.compat._os.system") == "os.system");
    CHECK(seen_through("pkg.sys.modules") == "sys.modules");
    CHECK(seen_through("requests.__builtins__") == "requests.__builtins__");  // dunders are PG009's
    CHECK_FALSE(canonical_dotted_name("numpy.random.default_rng"));
    CHECK_FALSE(canonical_dotted_name("pandas.io.parsers.read_csv"));
    CHECK(seen_through("numpy.os") == "os");
    CHECK_FALSE(canonical_dotted_name("socket"));  // a root is itself, even one of the list's names
}

TEST_CASE("relative names stay as written", "[module_reexports]") {
    CHECK_FALSE(canonical_dotted_name(".os.system"));
    CHECK_FALSE(canonical_dotted_name("..pkg.subprocess.run"));
}
