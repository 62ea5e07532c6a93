#pragma once
// What one answer of a session carries of its output/ folder: at most
// runner::k_max_output_files entries with runner::k_max_output_path_bytes of
// paths, and at most k_max_inline_bytes of the files' contents (base64).
// Past that, the list stops (`files_truncated`) and a file's contents are
// left out (the entry says `omitted`): an answer line stays bounded however
// many files a program made.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace pygate::serve {

inline constexpr std::uint64_t k_max_inline_bytes = 16 * 1024 * 1024;

class AnswerBudget {
public:
    // Whether one more file, at `path`, may be listed.
    bool list(const std::string& path);
    // Whether a file of `size` bytes may be carried whole; otherwise `entry`
    // says it was left out.
    bool inline_bytes(std::uint64_t size, nlohmann::ordered_json& entry);
    // Marks `answer` when the list stopped short.
    void note(nlohmann::ordered_json& answer) const;

private:
    std::size_t m_files = 0;
    std::size_t m_path_bytes = 0;
    std::uint64_t m_inline = 0;
    bool m_truncated = false;
};

}  // namespace pygate::serve
