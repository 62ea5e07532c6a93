#include "scanning/check_inputs.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include "scanning/file_discovery.hpp"
#include "scanning/scan.hpp"

namespace pygate::scanning {
namespace {

// Far above any path the kernel accepts (PATH_MAX is 4096): a longer line is no path.
constexpr std::size_t k_max_path_line_bytes = 1 << 16;

std::string display_name(const std::string& path) {
    return path == "-" ? "standard input" : path;
}

bool is_folder(const std::string& path) {
    struct stat status {};
    return ::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

}  // namespace

std::optional<std::string> CheckInputs::open() {
    std::string error;
    if (!m_spec.files_from.empty()) {
        m_list = InputLines::open(m_spec.files_from, k_max_path_line_bytes, m_spec.null_separated ? '\0' : '\n', error);
        if (!m_list) return fmt::format("--files-from {}", error);
    }
    if (!m_spec.records.empty()) {
        m_records = InputLines::open(m_spec.records, k_max_record_line_bytes, '\n', error);
        if (!m_records) return fmt::format("--records {}", error);
    }
    return std::nullopt;
}

std::optional<ScanInput> CheckInputs::next() {
    for (;;) {
        std::optional<ScanInput> input = next_of_any_shard();
        if (!input || !m_spec.shard || in_shard(input->name, *m_spec.shard)) return input;
    }
}

std::optional<ScanInput> CheckInputs::next_of_any_shard() {
    if (m_next_listed < m_spec.listed.size()) return std::move(m_spec.listed[m_next_listed++]);
    if (auto input = next_from_list()) return input;
    return next_record();
}

std::optional<ScanInput> CheckInputs::next_from_list() {
    for (;;) {
        if (!m_found.empty()) {
            ScanInput input = std::move(m_found.front());
            m_found.pop_front();
            return input;
        }
        if (!m_list || m_list_ended) return std::nullopt;
        const std::string list = display_name(m_spec.files_from);
        switch (m_list->next(m_line)) {
            case InputLines::Status::end:
                m_list_ended = true;
                return std::nullopt;
            case InputLines::Status::failed:
                // Fail closed: the paths that could not be read are not silently dropped.
                m_list_ended = true;
                return ScanInput{
                    m_spec.files_from,
                    Unreadable{fmt::format("{}: {}: the paths after it were not scanned", list, m_list->error())}};
            case InputLines::Status::too_long:
                return ScanInput{fmt::format("{}:{}", m_spec.files_from, m_list->line_number()),
                                 Unreadable{fmt::format("line {} of {}: longer than {} bytes, not a path: not read",
                                                        m_list->line_number(), list, k_max_path_line_bytes)}};
            case InputLines::Status::line:
                break;
        }
        if (m_line.empty()) continue;
        if (!is_folder(m_line)) {
            // As named on the command line: scanned whatever its name, and a
            // path that cannot be read is a finding. "-" here is a file so named.
            return ScanInput{m_line, FileToRead{m_line == "-" ? "./-" : m_line}};
        }
        DiscoveredFiles found = discover_files({m_line}, m_spec.excludes);
        for (auto& notice : found.notices)
            m_notices.push_back(std::move(notice));
        for (auto& input : sorted_inputs(found.files, found.unreadable, "-"))
            m_found.push_back(std::move(input));
    }
}

std::optional<ScanInput> CheckInputs::next_record() {
    if (!m_records || m_records_ended) return std::nullopt;
    const std::string source = display_name(m_spec.records);
    switch (m_records->next(m_line)) {
        case InputLines::Status::end:
            m_records_ended = true;
            return std::nullopt;
        case InputLines::Status::failed:
            m_records_ended = true;
            return ScanInput{m_spec.records, Unreadable{fmt::format("{}: {}: the records after it were not scanned",
                                                                    source, m_records->error())}};
        case InputLines::Status::too_long:
            return ScanInput{std::to_string(m_records->line_number()),
                             Unreadable{fmt::format("line {} of {}: longer than pygate's limit of {} bytes for a "
                                                    "record: not read",
                                                    m_records->line_number(), source, k_max_record_line_bytes)}};
        case InputLines::Status::line:
            break;
    }
    auto parsed = parse_record(m_line, m_records->line_number(), source, m_spec.fields);
    if (auto* error = std::get_if<RecordError>(&parsed))
        return ScanInput{std::move(error->name), Unreadable{std::move(error->message)}};
    Record& record = std::get<Record>(parsed);
    if (record.code.size() > analyzer::k_max_source_bytes) {
        return ScanInput{std::move(record.name),
                         analyzer::ReadResult{analyzer::ReadFailure{
                             fmt::format("code is {} bytes, over pygate's analysis limit of {} bytes: refused unread",
                                         record.code.size(), analyzer::k_max_source_bytes)}}};
    }
    return ScanInput{std::move(record.name), analyzer::ReadResult{std::move(record.code)}};
}

std::optional<double> CheckInputs::fraction_done() const {
    if (m_records) return m_records_ended ? 1.0 : m_records->fraction_read();
    if (m_list) return m_list_ended ? std::optional<double>(1.0) : m_list->fraction_read();
    if (m_spec.listed.empty()) return std::nullopt;
    return static_cast<double>(m_next_listed) / static_cast<double>(m_spec.listed.size());
}

}  // namespace pygate::scanning
