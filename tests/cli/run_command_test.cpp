// End-to-end tests of `pygate run`: the gate in front, the result and
// receipt behind, the exit codes of CLI.md.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"

using namespace pygate::testing;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json parse(const ProcessResult& result) {
    INFO("stderr: " << result.err);
    return json::parse(result.out);
}

// sha256sum's digest, computed apart from pygate.
std::string sha256sum(const std::string& path) {
    ProcessResult result = run_process({"/usr/bin/sha256sum", path});
    REQUIRE(result.exit_code == 0);
    return result.out.substr(0, 64);
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("run: an allowed program's output, exit code and receipt", "[cli][run]") {
    TempDir dir;
    std::string program = dir.file("hello.py", "print('hello', 6 * 7)\n");
    std::string receipt = dir.path() + "/receipt.json";
    ProcessResult result = run_pygate({"run", "--format", "json", "--receipt", receipt, program});
    CHECK(result.exit_code == 0);
    json run = parse(result);
    CHECK(run["decision"] == "allow");
    CHECK(run["status"] == "ok");
    CHECK(run["exit_code"] == 0);
    CHECK(run["signal"] == nullptr);
    CHECK(run["stdout"] == "hello 42\n");
    CHECK(run["stderr"] == "");
    CHECK(run["stdout_bytes"] == 9);
    CHECK(run["truncated"] == false);
    CHECK(run["limits"]["wall_seconds"] == 10);
    CHECK(run["provenance"]["code_sha256"] == sha256sum(program));
    CHECK(run["provenance"]["profile"] == "safe_eval");
    CHECK(run["provenance"]["python"] == "/usr/bin/python3");
    CHECK(run["provenance"]["python_version"].get<std::string>().rfind("3.", 0) == 0);
    CHECK(run["provenance"]["pygate_version"] == "0.1.0");
    CHECK(run["provenance"]["started_at"].get<std::string>().size() == 20);
    // The profile's hash is the hash of `pygate profile show`'s TOML.
    TempDir shown;
    ProcessResult toml = run_pygate({"profile", "show", "safe_eval"});
    std::string body = toml.out.substr(toml.out.find("\n", toml.out.find("\n") + 1) + 1);
    CHECK(run["provenance"]["profile_sha256"] == sha256sum(shown.file("profile.toml", body)));
    CHECK(json::parse(slurp(receipt)) == run);
}

TEST_CASE("run: the text format passes the program's streams through", "[cli][run]") {
    TempDir dir;
    std::string program = dir.file("fail.py", "print('out')\nraise SystemExit(7)\n");
    ProcessResult result = run_pygate({"run", program});
    CHECK(result.exit_code == 5);
    CHECK(result.out == "out\n");
    CHECK(result.err.find("pygate: exit_nonzero: exit code 7") != std::string::npos);
}

TEST_CASE("run: data_processing reads input/ and writes output/", "[cli][run]") {
    TempDir dir;
    std::string data = dir.file("data.csv", "a,b\n1,2\n3,4\n");
    std::string program = dir.file("sum.py",
                                   "import csv\n"
                                   "\n"
                                   "with open(\"input/data.csv\", newline=\"\") as source:\n"
                                   "    rows = list(csv.reader(source))\n"
                                   "total = sum(int(row[0]) + int(row[1]) for row in rows[1:])\n"
                                   "with open(\"output/result.txt\", \"w\") as target:\n"
                                   "    target.write(f\"total={total}\\n\")\n"
                                   "print(\"rows\", len(rows) - 1)\n");
    std::string out_dir = dir.path() + "/results";
    std::string receipt = dir.path() + "/receipt.json";
    // The README's example.
    ProcessResult result = run_pygate({"run", program, "--profile", "data_processing", "--input", data, "--output-dir",
                                       out_dir, "--receipt", receipt, "--format", "json"});
    CHECK(result.exit_code == 0);
    json run = parse(result);
    CHECK(run["status"] == "ok");
    CHECK(run["stdout"] == "rows 2\n");
    CHECK(slurp(out_dir + "/result.txt") == "total=10\n");
    REQUIRE(run["outputs"].size() == 1);
    CHECK(run["outputs"][0]["path"] == "output/result.txt");
    CHECK(run["outputs"][0]["bytes"] == 9);
    CHECK(run["outputs"][0]["sha256"] == sha256sum(out_dir + "/result.txt"));
    REQUIRE(run["provenance"]["inputs"].size() == 1);
    CHECK(run["provenance"]["inputs"][0]["path"] == "input/data.csv");
    CHECK(run["provenance"]["inputs"][0]["sha256"] == sha256sum(data));
    CHECK(json::parse(slurp(receipt)) == run);
}

TEST_CASE("run: the gate stops denied code, and review code without --allow-review", "[cli][run]") {
    TempDir dir;
    std::string marker = dir.path() + "/ran";
    std::string denied = dir.file("denied.py", "import subprocess\nopen('" + marker + "', 'w')\n");
    std::string receipt = dir.path() + "/receipt.json";
    ProcessResult deny = run_pygate({"run", "--receipt", receipt, denied});
    CHECK(deny.exit_code == 1);
    CHECK(deny.out.empty());
    CHECK(deny.err.find("import of `subprocess`") != std::string::npos);
    CHECK(deny.err.find("not run: the gate decided deny") != std::string::npos);
    CHECK(!fs::exists(marker));
    json stopped_receipt = json::parse(slurp(receipt));
    CHECK(stopped_receipt["status"] == "gate_denied");
    CHECK(stopped_receipt["provenance"]["code_sha256"] == sha256sum(denied));
    ProcessResult deny_json = run_pygate({"run", "--format", "json", denied});
    CHECK(deny_json.exit_code == 1);
    json stopped = parse(deny_json);
    CHECK(stopped["status"] == "gate_denied");
    CHECK(stopped["gate"]["decision"] == "deny");

    std::string review = dir.file("review.py", "print(\"a\" * 10**7)\n");
    CHECK(run_pygate({"run", review}).exit_code == 3);
    ProcessResult allowed = run_pygate({"run", "--allow-review", "--format", "json", review});
    CHECK(allowed.exit_code == 5);
    json run = parse(allowed);
    CHECK(run["decision"] == "review");
    CHECK(run["status"] == "output_truncated");
    CHECK(run["stdout_bytes"] == 10000001);
}

TEST_CASE("run: overrides may only tighten the profile's limits", "[cli][run]") {
    TempDir dir;
    std::string program = dir.file("ok.py", "print(1)\n");
    ProcessResult looser = run_pygate({"run", "--timeout", "11", program});
    CHECK(looser.exit_code == 2);
    CHECK(looser.err.find("--timeout 11 s is looser than the profile's 10 s") != std::string::npos);
    CHECK(run_pygate({"run", "--memory", "4096", program}).exit_code == 2);
    CHECK(run_pygate({"run", "--cpu", "0", program}).exit_code == 2);
    CHECK(run_pygate({"run", "--output-limit", "99999999", program}).exit_code == 2);
    ProcessResult tighter = run_pygate({"run", "--format", "json", "--timeout", "3", "--memory", "256", program});
    CHECK(tighter.exit_code == 0);
    json run = parse(tighter);
    CHECK(run["limits"]["wall_seconds"] == 3);
    CHECK(run["limits"]["memory_mb"] == 256);
}

TEST_CASE("run: usage errors exit 2", "[cli][run]") {
    TempDir dir;
    std::string program = dir.file("ok.py", "print(1)\n");
    CHECK(run_pygate({"run", dir.path() + "/missing.py"}).exit_code == 2);
    CHECK(run_pygate({"run", "--input", dir.path() + "/missing.csv", program}).exit_code == 2);
    CHECK(run_pygate({"run", "--python", "python3", program}).exit_code == 2);
    CHECK(run_pygate({"run", "--profile", "no_such_profile", program}).exit_code == 2);
    // Only the format's name is accepted, not the number behind it.
    auto numbered = run_pygate({"run", "--format", "1", program});
    CHECK(numbered.exit_code == 2);
    CHECK(numbered.err.find("--format: 1 not in {text,json}") != std::string::npos);
    CHECK(numbered.out.empty());
}

TEST_CASE("run: the file is read once, as check reads it: a FIFO is refused, never waited on", "[cli][run]") {
    TempDir dir;
    std::string fifo = dir.path() + "/pipe.py";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    ProcessResult result = run_pygate({"run", fifo});
    CHECK(result.exit_code == 2);
    CHECK(result.err.find("FIFO") != std::string::npos);
}

TEST_CASE("run: --stdin feeds the program", "[cli][run]") {
    TempDir dir;
    std::string input = dir.file("in.txt", "from stdin\n");
    std::string program = dir.file("echo.py", "print(input().upper())\n");
    ProcessResult result = run_pygate({"run", "--stdin", input, program});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "FROM STDIN\n");
}

TEST_CASE("run: a setup step that fails is an internal error, not the program's failure", "[cli][run]") {
    TempDir dir;
    dir.open_to_everyone();
    std::string program = dir.file("ok.py", "print(1)\n");
    // Executable, but its interpreter does not exist: exec fails in the child.
    std::string python = dir.file("bin/python3", "#!/nonexistent/interpreter\n");
    fs::permissions(python, fs::perms(0755));
    fs::permissions(dir.path() + "/bin", fs::perms(0755));
    ProcessResult result = run_pygate({"run", "--format", "json", "--python", python, program});
    CHECK(result.exit_code == 4);
    json run = parse(result);
    CHECK(run["status"] == "internal_error");
    CHECK(run["exit_code"] == nullptr);
    CHECK(run["error"] == "could not sandbox the program: exec of the interpreter: No such file or directory");
}

TEST_CASE("run: the interpreter's version comes from the cache once asked", "[cli][run]") {
    TempDir dir;
    std::string program = dir.file("ok.py", "print(1)\n");
    const std::string cache = dir.path() + "/cache";
    auto run_with_cache = [&] {
        ProcessResult result =
            run_process({"/usr/bin/env", "XDG_CACHE_HOME=" + cache, PYGATE_BINARY, "run", "--format", "json", program});
        REQUIRE(result.exit_code == 0);
        return parse(result)["provenance"]["python_version"].get<std::string>();
    };
    ProcessResult asked = run_process({"/usr/bin/python3", "-V"});
    const std::string version = asked.out.substr(asked.out.find(' ') + 1, asked.out.find('\n') - 7);
    REQUIRE(version.rfind("3.", 0) == 0);
    // The first run asks the interpreter and remembers the answer.
    CHECK(run_with_cache() == version);
    std::vector<fs::path> entries;  // the version's entry (the library versions have one of their own)
    for (const auto& found : fs::directory_iterator(cache + "/pygate"))
        if (found.path().filename().string().starts_with("python-")) entries.push_back(found.path());
    REQUIRE(entries.size() == 1);
    CHECK(run_with_cache() == version);
    // The next runs read it from there: a (hand-edited) entry is believed
    // while /usr/bin/python3 is the same file.
    std::string entry = slurp(entries.front().string());
    REQUIRE(entry.size() > version.size() + 1);
    entry.replace(entry.size() - version.size() - 1, version.size(), "3.99.0");
    std::ofstream(entries.front(), std::ios::binary | std::ios::trunc) << entry;
    CHECK(run_with_cache() == "3.99.0");
    // A damaged entry is not: the interpreter is asked again.
    std::ofstream(entries.front(), std::ios::binary | std::ios::trunc) << "garbage\n";
    CHECK(run_with_cache() == version);
}

TEST_CASE("run: an interpreter of another version than the file is judged for is refused, nothing runs",
          "[cli][run]") {
    TempDir dir;
    // Were it run, it would print and leave a receipt behind.
    std::string program = dir.file("ok.py", "print('ran')\n");
    std::string receipt = dir.path() + "/receipt.json";
    ProcessResult asked = run_process({"/usr/bin/python3", "-c", "import sys; print(sys.version_info[1])"});
    REQUIRE(asked.exit_code == 0);
    const int host_minor = std::stoi(asked.out);
    for (const std::string other : {"3.11", "3.12", "3.13", "3.14"}) {
        if (other == "3." + std::to_string(host_minor)) continue;
        INFO("--target-version " << other);
        ProcessResult result = run_pygate({"run", "--target-version", other, "--receipt", receipt, program});
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
        CHECK(result.err.find("/usr/bin/python3 is Python 3." + std::to_string(host_minor)) != std::string::npos);
        CHECK(result.err.find("judged for Python " + other + " (--target-version): refused before anything runs") !=
              std::string::npos);
        CHECK_FALSE(fs::exists(receipt));
    }
    // The interpreter's own version is accepted, and the receipt names it as the target.
    if (host_minor >= 11 && host_minor <= 14) {
        const std::string own = "3." + std::to_string(host_minor);
        ProcessResult result =
            run_pygate({"run", "--format", "json", "--target-version", own, "--receipt", receipt, program});
        CHECK(result.exit_code == 0);
        json run = parse(result);
        CHECK(run["stdout"] == "ran\n");
        CHECK(run["provenance"]["target_version"] == own);
        CHECK(json::parse(slurp(receipt)) == run);
    }
}

TEST_CASE("run: --target-version outside 3.11..3.14 is a usage error", "[cli][run]") {
    TempDir dir;
    std::string program = dir.file("ok.py", "print('ran')\n");
    for (const std::string bad : {"3.10", "3.15", "2.7", "three", ""}) {
        INFO("--target-version `" << bad << "`");
        ProcessResult result = run_pygate({"run", "--target-version", bad, program});
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
    }
    ProcessResult result = run_pygate({"run", "--target-version", "3.10", program});
    CHECK(result.err.find("--target-version: pygate reads 3.11, 3.12, 3.13 or 3.14, not `3.10`") != std::string::npos);
}
