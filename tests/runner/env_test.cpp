#include "runner/layers/env.hpp"

#include <catch2/catch.hpp>
#include <cstring>

#include "runner/child_probe.hpp"

using namespace pygate::runner;

TEST_CASE("the environment is the three variables and nothing inherited", "[runner][env]") {
    CHECK(clean_environment("/tmp/w") == std::vector<std::string>{"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=/tmp/w"});
    CHECK(python_argv("/usr/bin/python3") == std::vector<std::string>{"/usr/bin/python3", "-I", "-B", "main.py"});
}

TEST_CASE("CStringArray is what execve expects", "[runner][env]") {
    CStringArray array({"a=1", "b=2"});
    REQUIRE(array.data()[0] != nullptr);
    CHECK(std::strcmp(array.data()[0], "a=1") == 0);
    CHECK(std::strcmp(array.data()[1], "b=2") == 0);
    CHECK(array.data()[2] == nullptr);
}

TEST_CASE("a program started with the clean environment sees only it", "[runner][env]") {
    ::setenv("PYGATE_TEST_SECRET", "leak", 1);
    CStringArray envp(clean_environment("/tmp/w"));
    auto probe = pygate::testing::run_in_child(
        [&envp] {
            char* argv[] = {const_cast<char*>("/usr/bin/env"), nullptr};
            ::execve(argv[0], argv, envp.data());
            return errno;
        },
        {"/bin/false"});
    ::unsetenv("PYGATE_TEST_SECRET");
    CHECK(probe.exit_code == 0);
    CHECK(probe.out == "PATH=/usr/bin:/bin\nLANG=C.UTF-8\nHOME=/tmp/w\n");
}
