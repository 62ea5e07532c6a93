#include "runner/workdir.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "runner/layers/private_mounts.hpp"
#include "runner/process_gone.hpp"
#include "runner/sha256.hpp"
#include "support/unique_fd.hpp"

namespace pygate::runner {
namespace fs = std::filesystem;
namespace {

std::string errno_text(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

std::optional<std::string> write_file(const fs::path& path, const std::string& bytes, mode_t mode) {
    support::UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!fd.valid()) return errno_text("cannot create " + path.string());
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return errno_text("cannot write " + path.string());
        done += static_cast<std::size_t>(n);
    }
    // close's answer is asked: it is the last word on whether the bytes were written.
    if (::fchmod(fd.get(), mode) != 0 || ::close(fd.release()) != 0)
        return errno_text("cannot finish " + path.string());
    return std::nullopt;
}

std::optional<std::string> read_file(const std::string& path, std::string& bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot read the input " + path;
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return "cannot read the input " + path;
    return std::nullopt;
}

// Reads a regular file without following a link and without blocking on a
// FIFO; nullopt when it is anything else.
std::optional<std::string> read_regular(const fs::path& path) {
    const support::UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (!fd.valid()) return std::nullopt;
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
    std::string bytes;
    char buffer[65536];
    ssize_t n;
    while ((n = ::read(fd.get(), buffer, sizeof buffer)) > 0)
        bytes.append(buffer, static_cast<std::size_t>(n));
    if (n < 0) return std::nullopt;
    return bytes;
}

constexpr std::string_view k_workdir_prefix = "pygate-run-";

std::string more_outputs_note() {
    return "output/ holds more than " + std::to_string(k_max_output_files) + " files (or " +
           std::to_string(k_max_output_path_bytes / 1024) + " KiB of paths): only those listed were hashed and copied";
}

// The pid in a work directory's name, pygate-run-<pid>-XXXXXX; 0 when the
// name is not one.
pid_t pid_in_name(const std::string& name) {
    if (name.rfind(k_workdir_prefix, 0) != 0) return 0;
    const std::size_t digits = k_workdir_prefix.size();
    const std::size_t dash = name.find('-', digits);
    if (dash == std::string::npos || dash == digits || dash - digits > 9) return 0;
    if (name.find_first_not_of("0123456789", digits) != dash) return 0;
    return static_cast<pid_t>(std::stol(name.substr(digits, dash - digits)));
}

// Work directories under `temp` whose run was killed before it could remove
// them (SIGKILL): the process named by the directory is gone (or a zombie) and nothing
// holds its lock (a process in another pid namespace sharing $TMPDIR still
// does).
void remove_stale_workdirs(const fs::path& temp) {
    std::error_code ec;
    for (fs::directory_iterator entry(temp, ec), end; !ec && entry != end; entry.increment(ec)) {
        const std::string name = entry->path().filename().string();
        const pid_t pid = pid_in_name(name);
        if (pid <= 0 || !process_gone(pid)) continue;
        const support::UniqueFd dir(::open(entry->path().c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!dir.valid() || ::flock(dir.get(), LOCK_EX | LOCK_NB) != 0) continue;
        remove_workdir(entry->path().string());
    }
}

}  // namespace

std::optional<std::string> invalid_input_name(const std::string& name) {
    if (name.empty() || name == "." || name == "..") return "the input name \"" + name + "\" names no file";
    if (name.find('/') != std::string::npos)
        return "the input name \"" + name + "\" is a path; input/ holds plain file names";
    if (name.find('\0') != std::string::npos) return "an input name holds a NUL byte";
    if (name.size() > 255) return "the input name \"" + name.substr(0, 32) + "...\" is longer than 255 bytes";
    return std::nullopt;
}

std::variant<Workdir, std::string> create_workdir(const std::string& code, const std::vector<std::string>& inputs,
                                                  std::optional<WorkdirOwner> owner,
                                                  const std::vector<InputFile>& input_files, std::int64_t disk_mb,
                                                  const std::string& parent) {
    // Check the inputs before creating anything.
    std::vector<std::pair<std::string, std::string>> named;  // name, bytes
    auto add_named = [&named](std::string name, std::string bytes) -> std::optional<std::string> {
        for (const auto& [other, other_bytes] : named)
            if (other == name) return "two inputs are named " + name + "; input/ holds one file per name";
        named.emplace_back(std::move(name), std::move(bytes));
        return std::nullopt;
    };
    for (const std::string& input : inputs) {
        std::string name = fs::path(input).filename().string();
        if (name.empty() || name == "." || name == "..") return "the input " + input + " names no file";
        std::string bytes;
        if (auto error = read_file(input, bytes)) return *error;
        if (auto error = add_named(std::move(name), std::move(bytes))) return *error;
    }
    for (const InputFile& file : input_files) {
        if (auto error = invalid_input_name(file.name)) return *error;
        if (auto error = add_named(file.name, file.bytes)) return *error;
    }

    std::error_code ec;
    fs::path temp = parent.empty() ? fs::temp_directory_path(ec) : fs::path(parent);
    if (ec) temp = "/tmp";
    remove_stale_workdirs(temp);
    std::string pattern = (temp / (std::string(k_workdir_prefix) + std::to_string(::getpid()) + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) return errno_text("cannot create a work directory in " + temp.string());
    Workdir workdir;
    workdir.path = pattern;
    // Taken while this process, named in the directory, is alive: no other
    // run can take the directory for a stale one meanwhile.
    workdir.lock.reset(::open(workdir.path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!workdir.lock.valid() || ::flock(workdir.lock.get(), LOCK_EX | LOCK_NB) != 0) {
        const std::string error = errno_text("cannot lock the work directory " + workdir.path);
        remove_unused_workdir(workdir);
        return error;
    }
    workdir.output = workdir.path + "/output";
    const fs::path root(workdir.path);
    auto fail = [&](std::string message) -> std::variant<Workdir, std::string> {
        remove_unused_workdir(workdir);
        return message;
    };

    if (disk_mb > 0) {
        // Mounted by root only, in a mount namespace of this process's own
        // when the kernel allows one, so that no kill of the process can
        // leave it mounted on the host; an unprivileged caller gets the
        // per-file bound alone.
        const std::string options =
            "size=" + std::to_string(disk_mb) + "m,nr_inodes=" + std::to_string(workdir_inodes(disk_mb)) + ",mode=0700";
        const std::string not_private = ::geteuid() == 0 ? keep_mounts_private() : std::string();
        if (::geteuid() != 0) {
            workdir.disk_error = "not root: a size-bounded file system cannot be mounted; only each file's size is bounded";
        } else if (!not_private.empty()) {
            // A tmpfs mounted where the host's mount table would hold it
            // could outlive a killed run: none, and each file's size bounded.
            workdir.disk_error =
                "no private mount namespace for its tmpfs (" + not_private + "); only each file's size is bounded";
        } else if (::mount("tmpfs", workdir.path.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0) {
            workdir.disk_error = errno_text("mount tmpfs");
        } else {
            workdir.disk_bounded = true;
        }
    }
    if (auto error = write_file(root / "main.py", code, 0444)) return fail(*error);
    if (::mkdir((root / "input").c_str(), 0700) != 0 || ::mkdir(workdir.output.c_str(), 0700) != 0)
        return fail(errno_text("cannot create input/ and output/"));
    for (const auto& [name, bytes] : named) {
        if (auto error = write_file(root / "input" / name, bytes, 0444)) return fail(*error);
        workdir.inputs.push_back({"input/" + name, bytes.size(), sha256_hex(bytes)});
    }
    if (::chmod((root / "input").c_str(), 0555) != 0) return fail(errno_text("cannot make input/ read-only"));
    if (owner) {
        // The program's uid owns its directory and output/, nothing else:
        // the 0444 main.py and the 0555 input/ stay the caller's.
        if (::chown(workdir.path.c_str(), owner->uid, owner->gid) != 0 ||
            ::chown(workdir.output.c_str(), owner->uid, owner->gid) != 0)
            return fail(errno_text("cannot hand the work directory to uid " + std::to_string(owner->uid)));
    }
    return workdir;
}

std::int64_t workdir_inodes(std::int64_t disk_mb) {
    return std::max<std::int64_t>(disk_mb, 1) * k_inodes_per_disk_mb;
}

CollectedOutputs collect_outputs(const Workdir& workdir, const std::string& destination) {
    CollectedOutputs collected;
    const fs::path output(workdir.output);
    std::error_code ec;
    if (!destination.empty()) fs::create_directories(destination, ec);
    std::size_t path_bytes = 0;
    std::size_t notes_left_out = 0;
    auto note = [&](std::string text) {
        if (collected.notes.size() < k_max_output_notes)
            collected.notes.push_back(std::move(text));
        else
            ++notes_left_out;
    };
    fs::recursive_directory_iterator it(output, fs::directory_options::none, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path& path = it->path();
        const std::string relative = "output/" + path.lexically_relative(output).string();
        if (collected.files.size() >= k_max_output_files || path_bytes + relative.size() > k_max_output_path_bytes) {
            collected.notes.push_back(more_outputs_note());  // kept whatever the notes before it
            break;
        }
        fs::file_status status = it->symlink_status(ec);
        if (ec) break;
        if (fs::is_directory(status)) {
            if (!destination.empty())
                fs::create_directories(fs::path(destination) / path.lexically_relative(output), ec);
            ec.clear();
            continue;
        }
        if (!fs::is_regular_file(status)) {
            note(relative + " is not a regular file; not copied");
            continue;
        }
        std::optional<std::string> bytes = read_regular(path);
        if (!bytes) {
            note(relative + " could not be read; not copied");
            continue;
        }
        path_bytes += relative.size();
        collected.files.push_back({relative, bytes->size(), sha256_hex(*bytes)});
        if (!destination.empty()) {
            fs::path target = fs::path(destination) / path.lexically_relative(output);
            std::ofstream out(target, std::ios::binary | std::ios::trunc);
            if (!(out << *bytes) || !out.flush()) note("cannot write " + target.string());
        }
    }
    if (ec) note("cannot list output/: " + ec.message());
    if (notes_left_out > 0) collected.notes.push_back(std::to_string(notes_left_out) + " more notes left out");
    std::sort(collected.files.begin(), collected.files.end(),
              [](const FileDigest& a, const FileDigest& b) { return a.path < b.path; });
    return collected;
}

bool workdir_disk_full(const Workdir& workdir) {
    return workdir.disk_bounded && bounded_directory_full(workdir.path);
}

bool bounded_directory_full(const std::string& path) {
    struct statfs kind {};
    if (::statfs(path.c_str(), &kind) != 0 || kind.f_type != TMPFS_MAGIC) return false;
    struct statvfs space {};
    if (::statvfs(path.c_str(), &space) != 0) return false;
    // Less than two blocks of room, or no inode left: the next write, or the
    // next file, would fail.
    return space.f_bavail * space.f_frsize < 8192 || (space.f_files > 0 && space.f_favail == 0);
}

bool remove_unused_workdir(Workdir& workdir) {
    workdir.lock.reset();
    const std::string& path = workdir.path;
    ::umount2(path.c_str(), MNT_DETACH);
    // Path by path, what create_workdir made: no directory is listed, so no
    // descriptor is needed (the run may have failed for want of one).
    ::chmod((path + "/input").c_str(), 0700);
    bool removed = ::unlink((path + "/main.py").c_str()) == 0 || errno == ENOENT;
    for (const FileDigest& input : workdir.inputs)
        removed &= ::unlink((path + "/" + input.path).c_str()) == 0 || errno == ENOENT;
    for (const char* folder : {"/input", "/output", ""})
        removed &= ::rmdir((path + folder).c_str()) == 0 || errno == ENOENT;
    return removed || remove_workdir(path);
}

bool remove_workdir(const std::string& path) {
    // Its tmpfs, if it has one, goes with everything in it; EINVAL when it has none.
    ::umount2(path.c_str(), MNT_DETACH);
    std::error_code ec;
    fs::remove_all(path, ec);
    if (!ec) return true;
    // The program may have left directories without write or search
    // permission: open them up (never following links) and try again.
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add | fs::perm_options::nofollow, ec);
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_directory(ec) && !it->is_symlink(ec))
            fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add | fs::perm_options::nofollow, ec);
        ec.clear();
    }
    ec.clear();
    fs::remove_all(path, ec);
    return !ec;
}

}  // namespace pygate::runner
