#include "serve/workers/answer_budget.hpp"

#include "runner/workdir.hpp"

namespace pygate::serve {

bool AnswerBudget::list(const std::string& path) {
    if (m_files >= runner::k_max_output_files || m_path_bytes + path.size() > runner::k_max_output_path_bytes) {
        m_truncated = true;
        return false;
    }
    ++m_files;
    m_path_bytes += path.size();
    return true;
}

bool AnswerBudget::inline_bytes(std::uint64_t size, nlohmann::ordered_json& entry) {
    if (size > k_max_inline_bytes - m_inline) {
        entry["omitted"] = "the answer carries at most 16 MiB of files; fetch it alone";
        return false;
    }
    m_inline += size;
    return true;
}

void AnswerBudget::note(nlohmann::ordered_json& answer) const {
    if (m_truncated) answer["files_truncated"] = true;
}

}  // namespace pygate::serve
