#pragma once
// Everything `pygate check` was asked to scan, as one stream of inputs in a
// fixed order: the paths on the command line (sorted, as the reports list
// them), then the paths of --files-from in the list's order, then the records
// of --records in the file's order; of these, only the shard's. Lists and
// records are read as the scan goes, never held whole.

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scanning/input_lines.hpp"
#include "scanning/record_reader.hpp"
#include "scanning/shard.hpp"
#include "scanning/stream_scan.hpp"

namespace pygate::scanning {

struct InputSpec {
    std::vector<ScanInput> listed;  // from the command line, in report order
    std::string files_from;         // a list of paths, one a line; "-" is standard input
    bool null_separated = false;    // the list's paths end with NUL, not newline
    std::string records;            // JSON Lines (or gzip of them); "-" is standard input
    RecordFields fields;
    std::vector<std::string> excludes;  // for folders named in the list
    std::optional<Shard> shard;
};

class CheckInputs {
public:
    explicit CheckInputs(InputSpec spec) : m_spec(std::move(spec)) {}

    // Opens the list and the records; an error (a usage error: nothing is
    // scanned) says which cannot be opened.
    std::optional<std::string> open();

    std::optional<ScanInput> next();

    // How much of the inputs has been handed out, when that can be known.
    std::optional<double> fraction_done() const;

    // What was not scanned under folders named in the list, and why, since the last call.
    std::vector<std::string> take_notices() { return std::exchange(m_notices, {}); }

private:
    std::optional<ScanInput> next_of_any_shard();
    std::optional<ScanInput> next_from_list();
    std::optional<ScanInput> next_record();

    InputSpec m_spec;
    std::size_t m_next_listed = 0;
    std::optional<InputLines> m_list;
    bool m_list_ended = false;
    std::deque<ScanInput> m_found;  // files found under a folder named in the list, still to hand out
    std::optional<InputLines> m_records;
    bool m_records_ended = false;
    std::string m_line;
    std::vector<std::string> m_notices;
};

}  // namespace pygate::scanning
