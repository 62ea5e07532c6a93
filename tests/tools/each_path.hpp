#pragma once
// The test tools' inputs (pygate-view, pygate-values): the paths on the
// command line, then, with --stdin, one path per line of standard input,
// each handed to `examine` and its JSON line printed (flushed per stdin line,
// so a driver can pipe paths in and read answers back).

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace pygate::testing {

template <class Examine>
void print_each_path(const std::vector<std::string>& paths, bool from_stdin, Examine&& examine) {
    auto emit = [&](const std::string& path) {
        std::cout << examine(path).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    };
    for (const std::string& path : paths)
        emit(path);
    if (!from_stdin) return;
    std::string path;
    while (std::getline(std::cin, path)) {
        emit(path);
        std::cout.flush();
    }
}

}  // namespace pygate::testing
