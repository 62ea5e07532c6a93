// The fuzz smoke run of the test suite: a fuzz target's entry point, built
// with any compiler (libFuzzer needs Clang), fed every seed file given and a
// fixed number of deterministic mutants of each. The mutations are the ones
// that matter to a Python gate: line terminators, form feeds, tabs,
// backslashes, quotes, brackets, NUL, non-ASCII and invisible characters,
// BOMs and coding lines, and plain byte flips and truncations. Under the
// ASan+UBSan build any memory error or undefined behaviour ends the run; the
// exit code says whether every input was handled. Coverage-guided campaigns
// are fuzz/run.sh's.
//
// Usage: pygate-fuzz-smoke-TARGET [--mutants N] [--prefix-byte] SEED...
//   --prefix-byte: put a byte before each input (the check target reads its
//   profile from the first byte), cycling through all six profiles.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

constexpr std::string_view k_insertions[] = {
    "\r",       "\r\n",   "\n",      "\f",           "\t",       "\\",       "\\\n",       "'",
    "\"",       "'''",    "\"\"\"",  "(",            ")",        "[",        "{",          "}",
    std::string_view("\0", 1),       "\xC2\xA0",     "\xE2\x80\x8B",         "\xE2\x80\xAE", "\xEF\xBB\xBF",
    "\xFF",     "# -*- coding: latin-1 -*-\n",       "#",        "\\u",      "\\N{",       "f'{",
    "*",        "**",     "=",       ":",            "lambda:",  "__class__"};

std::string mutate(const std::string& seed, std::mt19937& random) {
    std::string out = seed;
    int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
        std::size_t at = out.empty() ? 0 : random() % (out.size() + 1);
        switch (random() % 4) {
            case 0:  // insert a tricky piece
                out.insert(at, k_insertions[random() % std::size(k_insertions)]);
                break;
            case 1:  // flip a byte
                if (at < out.size()) out[at] = static_cast<char>(out[at] ^ static_cast<char>(1u << (random() % 8)));
                break;
            case 2:  // delete a few bytes
                if (at < out.size()) out.erase(at, 1 + random() % 8);
                break;
            default:  // truncate
                out.resize(at);
                break;
        }
    }
    return out;
}

void run(const std::string& input, bool prefix, unsigned& profile) {
    std::string bytes;
    if (prefix) bytes.push_back(static_cast<char>(profile++ % 6));
    bytes += input;
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::filesystem::path> seeds;
    int mutants = 20;
    bool prefix = false;
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--mutants" && i + 1 < argc)
            mutants = std::atoi(argv[++i]);
        else if (arg == "--prefix-byte")
            prefix = true;
        else
            seeds.emplace_back(arg);
    }
    std::vector<std::filesystem::path> files;
    for (const auto& seed : seeds) {
        if (std::filesystem::is_directory(seed)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(seed))
                if (entry.is_regular_file()) files.push_back(entry.path());
        } else {
            files.push_back(seed);
        }
    }
    if (files.empty()) {
        std::cerr << "fuzz smoke: no seed files\n";
        return 2;
    }
    std::mt19937 random(20261124);  // fixed: the same inputs on every run
    unsigned profile = 0;
    std::size_t inputs = 0;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::string seed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        run(seed, prefix, profile);
        ++inputs;
        for (int m = 0; m < mutants; ++m, ++inputs)
            run(mutate(seed, random), prefix, profile);
    }
    std::cout << "fuzz smoke: " << files.size() << " seeds, " << inputs << " inputs, no crash\n";
    return 0;
}
