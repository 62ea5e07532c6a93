#pragma once
// The run's private work directory, $TMPDIR/pygate-run-<pid>-XXXXXX (mode 0700):
//   main.py   the code (read-only)
//   input/    copies of the --input files (read-only)
//   output/   empty, the program's to write; copied out after the run
// and, after the run, its removal.

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "support/unique_fd.hpp"

namespace pygate::runner {

struct FileDigest {
    std::string path;  // relative to the work directory: "input/data.csv", "output/result.json"
    std::uint64_t bytes = 0;
    std::string sha256;
};

struct Workdir {
    std::string path;
    // Held (flock) while the run lives, so that a later run can tell a
    // directory whose run was killed (SIGKILL) from one still in use.
    support::UniqueFd lock;
    std::string output;              // path + "/output"
    std::vector<FileDigest> inputs;  // as copied in
    bool disk_bounded = false;       // a tmpfs of disk_mb holds it
    std::string disk_error;          // why not, when a bound was asked for
};

// An input given as bytes rather than as a file to copy.
struct InputFile {
    std::string name;  // one path component: input/NAME
    std::string bytes;
};

struct WorkdirOwner {
    uid_t uid;
    gid_t gid;
};

// `inputs` are files copied in under their own names, `input_files` bytes
// written under theirs. `owner`: when the program will run as another uid
// (root dropping to nobody), the work directory and output/ are handed to
// it; main.py and input/ stay the caller's, readable by all. An error is a
// message.
// `disk_mb` > 0 bounds the directory's total size: as root it is a tmpfs of
// that size (writing past it fails with ENOSPC); without root no file system
// can be mounted and only each file's size is bounded (disk_error says so).
// The tmpfs is mounted in the process's own mount namespace
// (private_mounts.hpp), so it ends with the process, however it ends.
// Work directories that runs killed before they could remove them (their
// pid gone, their lock free) are removed first.
// `parent`: where it is made; empty: $TMPDIR (a warm run's is made in its
// template's work directory, the only place the template may reach).
std::variant<Workdir, std::string> create_workdir(const std::string& code, const std::vector<std::string>& inputs,
                                                  std::optional<WorkdirOwner> owner,
                                                  const std::vector<InputFile>& input_files = {},
                                                  std::int64_t disk_mb = 0, const std::string& parent = {});

// True when the work directory's bounded file system has no room left.
bool workdir_disk_full(const Workdir& workdir);
// The same, for a work directory known by its path only (a session's, while
// it runs): its file system is a tmpfs and has no room left.
bool bounded_directory_full(const std::string& path);

// Why `name` cannot name a file in input/ (a path, "..", a NUL...), or
// nullopt when it can.
std::optional<std::string> invalid_input_name(const std::string& name);

struct CollectedOutputs {
    std::vector<FileDigest> files;   // regular files under output/, sorted by path
    std::vector<std::string> notes;  // what was not copied and why (symlinks, devices, ...)
};

// Hashes every regular file under output/ and, when `destination` is not
// empty, copies it there (the folder is created). Symbolic links are never
// followed, and only regular files are read. Call it once no process of the
// run is left.
CollectedOutputs collect_outputs(const Workdir& workdir, const std::string& destination);

// Removes the work directory (unmounting its tmpfs first), whatever modes
// the program left on it.
// Returns false when something remains.
bool remove_workdir(const std::string& path);

// The same for a work directory no program ran in: its files are the ones
// create_workdir made, removed by their paths without listing a directory,
// so that it goes even when no descriptor is left. Releases its lock.
bool remove_unused_workdir(Workdir& workdir);

}  // namespace pygate::runner
