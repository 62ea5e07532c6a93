#pragma once
// Which files `pygate check` scans: files named on the command line as they
// are, and under folders every *.py file and every file with a Python shebang.

#include <string>
#include <vector>

namespace pygate::scanning {

struct UnreadableFolder {
    std::string path;
    std::string reason;
};

struct DiscoveredFiles {
    std::vector<std::string> files;         // sorted, unique, paths as the user spelled them
    std::vector<UnreadableFolder> unreadable;  // folders that could not be listed: reported as findings
    std::vector<std::string> notices;       // things not scanned and why (symlink loops, excluded names)
    std::vector<std::string> missing;       // command-line paths that do not exist: a usage error
};

DiscoveredFiles discover_files(const std::vector<std::string>& paths, const std::vector<std::string>& exclude_globs);

// True when the first line of the file is a shebang naming a Python interpreter.
bool has_python_shebang(const std::string& path);

}  // namespace pygate::scanning
