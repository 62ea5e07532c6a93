#include "serve/ops/check_op.hpp"

#include <fmt/format.h>

#include "analyzer/text/source_file.hpp"
#include "judging/judge.hpp"
#include "reporters/json_report.hpp"

namespace pygate::serve {

std::string answer_check(const CheckJob& job, analyzer::Parser& parser, ProfileCache& profiles) {
    const auto& id = job.id.value;
    auto profile = profiles.get(job.op.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&profile))
        return error_line(id, error_code::profile_error, error->to_string());
    analyzer::ReadResult read;
    if (job.op.path) {
        read = analyzer::read_source_file(*job.op.path);
        if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
            return error_line(id, error_code::read_error,
                              fmt::format("cannot read {}: {}", *job.op.path, failure->message));
    } else if (job.op.code->size() > analyzer::k_max_source_bytes) {
        read = analyzer::ReadFailure{fmt::format("the code is {} bytes, over the {} bytes pygate reads",
                                                 job.op.code->size(), analyzer::k_max_source_bytes)};
    } else {
        read = *job.op.code;
    }
    std::string internal_error;
    reporters::FileReport file =
        judging::judge_read(job.op.filename, std::move(read), parser, *std::get<SharedProfile>(profile), internal_error);
    if (!internal_error.empty()) return error_line(id, error_code::internal_error, "internal error: " + internal_error);
    return result_line(id, reporters::json_file_entry(file));
}

}  // namespace pygate::serve
