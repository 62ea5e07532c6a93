// The known folders of paths that are not constant (rules/utils/pg006_path_prefix.hpp).
#include "rules/utils/pg006_path_prefix.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/rules/rule_test_support.hpp"

using pygate::analyzer::k_module_scope;
using pygate::rules::known_folder;
using pygate::rules::testing::Analyzed;

namespace {

std::optional<std::string> folder(const std::string& path) {
    Analyzed file("import os.path\nfrom pathlib import Path\nname = input()\nx = " + path + "\n");
    return known_folder(file.last(), k_module_scope, file.model);
}

}  // namespace

TEST_CASE("A path that is not constant keeps the folders it starts with") {
    CHECK(folder("Path('.git/hooks') / name") == ".git/hooks/");
    CHECK(folder("Path('.git', 'hooks', name)") == ".git/hooks/");
    CHECK(folder("Path(*['.git', 'hooks', name])") == ".git/hooks/");
    CHECK(folder("Path('.').joinpath('.github/workflows', name)") == "./.github/workflows/");
    CHECK(folder("os.path.join('/etc', 'apt', name)") == "/etc/apt/");
    CHECK(folder("f'/etc/{name}'") == "/etc/");
    CHECK(folder("f'/etc/{{x}}/{name}'") == "/etc/{x}/");
    CHECK(folder("'../' + name") == "../");
    CHECK(folder("Path.home() / name") == "/<home>/");
    CHECK(folder("Path('input').joinpath('~', name)") == "input/~/");  // a `~` part is a folder so named
    // Another user's home depends on the machine's users: no path, but a home folder either way.
    CHECK(folder("os.path.expanduser('~root/.ssh/id_rsa')") == "/<home>/");
    CHECK(folder("os.path.join('input', os.path.expanduser('~root/x'))") == "/<home>/");
    CHECK(folder("Path('~root/x').expanduser()") == "/<home>/");
    CHECK(folder("(Path('src') / name) / 'x'") == "src/");
    // Only whole folders: `.gi` + name may be `.git` or `.gitignore`.
    CHECK(folder("'.gi' + name") == std::nullopt);
    CHECK(folder("name + '/x'") == std::nullopt);
    CHECK(folder("f'{name}/x'") == std::nullopt);
    // A constant path is judged whole elsewhere; a star argument keeps the resolver from
    // folding, and the parts are then judged whole here.
    CHECK(folder("Path('.git/hooks/x')") == std::nullopt);
    CHECK(folder("Path(*['/etc', 'passwd'])") == "/etc/passwd/");
    CHECK(folder("Path('input', *['..', '..', 'etc'])") == "input/../../etc/");
}

TEST_CASE("Names bound once to a path are followed") {
    Analyzed file("from pathlib import Path\nname = input()\nhooks = Path('.git') / name\nx = hooks\n");
    CHECK(known_folder(file.last(), k_module_scope, file.model) == ".git/");
}
