#include "scanning/file_discovery.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <set>
#include <utility>

namespace pygate::scanning {
namespace {

using DirectoryId = std::pair<dev_t, ino_t>;

std::string join(const std::string& folder, const std::string& name) {
    return folder.ends_with('/') ? folder + name : folder + "/" + name;
}

std::string base_name(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

class Walker {
public:
    Walker(const std::vector<std::string>& excludes, DiscoveredFiles& out) : m_excludes(excludes), m_out(out) {}

    bool excluded(const std::string& path) const {
        std::string base = base_name(path);
        for (const auto& glob : m_excludes) {
            if (fnmatch(glob.c_str(), path.c_str(), 0) == 0 || fnmatch(glob.c_str(), base.c_str(), 0) == 0) return true;
            // "dir/" and "dir" both exclude a folder's subtree.
            std::string trimmed = glob.ends_with('/') ? glob.substr(0, glob.size() - 1) : glob;
            if (!trimmed.empty() && fnmatch(trimmed.c_str(), path.c_str(), 0) == 0) return true;
        }
        return false;
    }

    void walk_folder(const std::string& folder, const struct stat& status) {
        DirectoryId id{status.st_dev, status.st_ino};
        if (!m_visited.insert(id).second) {
            m_out.notices.push_back(
                fmt::format("{}: not descended: this folder was already scanned (a symlink loop or a second link to it)",
                            folder));
            return;
        }
        DIR* dir = ::opendir(folder.c_str());
        if (dir == nullptr) {
            m_out.unreadable.push_back({folder, std::strerror(errno)});
            return;
        }
        std::vector<std::string> names;
        while (dirent* entry = ::readdir(dir)) {
            std::string name = entry->d_name;
            if (name != "." && name != "..") names.push_back(std::move(name));
        }
        ::closedir(dir);
        std::sort(names.begin(), names.end());
        for (const auto& name : names) visit_entry(join(folder, name));
    }

    void visit_entry(const std::string& path) {
        if (excluded(path)) return;
        struct stat link_status{};
        if (::lstat(path.c_str(), &link_status) != 0) return;  // vanished while walking
        struct stat status{};
        bool resolves = ::stat(path.c_str(), &status) == 0;
        bool python_name = path.ends_with(".py");
        if (!resolves) {
            // A dangling .py link is still a Python file the user expects scanned: report it.
            if (python_name) m_out.files.push_back(path);
            else if (S_ISLNK(link_status.st_mode))
                m_out.notices.push_back(fmt::format("{}: not scanned: a symlink whose target is missing", path));
            return;
        }
        if (S_ISDIR(status.st_mode)) {
            walk_folder(path, status);
        } else if (python_name || (S_ISREG(status.st_mode) && has_python_shebang(path))) {
            m_out.files.push_back(path);
        }
    }

private:
    const std::vector<std::string>& m_excludes;
    DiscoveredFiles& m_out;
    std::set<DirectoryId> m_visited;
};

}  // namespace

bool has_python_shebang(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return false;
    char head[256];
    ssize_t n = ::read(fd, head, sizeof head);
    ::close(fd);
    if (n < 2 || head[0] != '#' || head[1] != '!') return false;
    std::string_view line(head, static_cast<std::size_t>(n));
    line = line.substr(0, line.find('\n'));
    return line.find("python") != std::string_view::npos;
}

DiscoveredFiles discover_files(const std::vector<std::string>& paths, const std::vector<std::string>& exclude_globs) {
    DiscoveredFiles out;
    Walker walker(exclude_globs, out);
    for (const auto& path : paths) {
        if (path == "-") {  // standard input
            out.files.push_back(path);
            continue;
        }
        struct stat status{};
        if (::stat(path.c_str(), &status) != 0) {
            struct stat link_status{};
            if (::lstat(path.c_str(), &link_status) == 0) out.files.push_back(path);  // dangling link: PG000 later
            else out.missing.push_back(fmt::format("{}: {}", path, std::strerror(errno)));
            continue;
        }
        if (S_ISDIR(status.st_mode)) walker.walk_folder(path, status);
        else out.files.push_back(path);  // named explicitly: scanned whatever its name
    }
    std::sort(out.files.begin(), out.files.end());
    out.files.erase(std::unique(out.files.begin(), out.files.end()), out.files.end());
    return out;
}

}  // namespace pygate::scanning
