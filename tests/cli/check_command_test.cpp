// End-to-end tests of `pygate check`: the binary, its output and exit codes.
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"

using namespace pygate::testing;
using nlohmann::json;

namespace {

json parse_report(const ProcessResult& result) {
    INFO(result.err);
    return json::parse(result.out);
}

const json& file_entry(const json& report, const std::string& path) {
    for (const auto& file : report["files"])
        if (file["path"] == path) return file;
    FAIL("no report for " << path);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("usage errors exit 2 with a message", "[cli]") {
    auto missing = run_pygate({"check", "/nonexistent/agent.py"});
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("/nonexistent/agent.py") != std::string::npos);
    CHECK(missing.out.empty());

    CHECK(run_pygate({"check", "--no-such-flag", "x.py"}).exit_code == 2);
    CHECK(run_pygate({"check", "--format", "xml", "x.py"}).exit_code == 2);
    // Names only: not the numbers of the values they stand for.
    CHECK(run_pygate({"check", "--format", "1", "x.py"}).exit_code == 2);
    CHECK(run_pygate({"check", "--fail-on", "2", "x.py"}).exit_code == 2);
    CHECK(run_pygate({"check", "--jobs", "0", "x.py"}).exit_code == 2);
    CHECK(run_pygate({"check"}).exit_code == 2);
    CHECK(run_pygate({}).exit_code == 2);
}

TEST_CASE("the help lists each choice by name", "[cli]") {
    auto help = run_pygate({"check", "--help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("--format NAME:{text,json,jsonl,sarif,github,html}") != std::string::npos);
    CHECK(help.out.find("--fail-on NAME:{deny,review,never}") != std::string::npos);
    CHECK(help.out.find("->") == std::string::npos);
}

TEST_CASE("the version flag prints the version", "[cli]") {
    auto version = run_pygate({"--version"});
    CHECK(version.exit_code == 0);
    CHECK(version.out == "pygate 0.1.0\n");
}

TEST_CASE("exit codes follow the decision and --fail-on", "[cli]") {
    TempDir dir;
    std::string clean = dir.file("clean.py", "x = 1\n");
    std::string broken = dir.file("broken.py", "x = = 1\n");
    CHECK(run_pygate({"check", clean}).exit_code == 0);
    CHECK(run_pygate({"check", broken}).exit_code == 1);
    CHECK(run_pygate({"check", "--fail-on", "deny", broken}).exit_code == 1);
    CHECK(run_pygate({"check", "--fail-on", "never", broken}).exit_code == 0);
    CHECK(run_pygate({"check", clean, broken}).exit_code == 1);
}

TEST_CASE("the text report shows location, rule, source line, caret and summary", "[cli]") {
    TempDir dir;
    std::string path = dir.file("a.py",
                                "x = 1\ns = 'ab\xE2\x80\xAE"
                                "cd'\n");
    auto result = run_pygate({"check", "--no-color", path});
    CHECK(result.exit_code == 1);
    std::string expected_head = path + ":2:8: error: PG000 unsafe-source: bidirectional control character U+202E";
    CHECK(result.out.rfind(expected_head, 0) == 0);
    // The control itself is never echoed to the terminal.
    CHECK(result.out.find("\xE2\x80\xAE") == std::string::npos);
    CHECK(result.out.find("    2 | s = 'ab\xEF\xBF\xBD"
                          "cd'\n      |        ^\n") != std::string::npos);
    CHECK(result.out.find("\n" + path + ": deny (1 finding: PG000)\n") != std::string::npos);
    // The summary names the target version and what chose it (the interpreter here, or a pyproject.toml above).
    CHECK(result.out.find("1 file scanned with profile safe_eval for Python 3.") != std::string::npos);
    CHECK(result.out.find("): 0 allowed, 0 review, 1 denied; 1 finding; decision: deny\n") != std::string::npos);
    CHECK(result.out.find("\x1b[") == std::string::npos);
    auto colored = run_pygate({"check", "--color", path});
    CHECK(colored.out.find("\x1b[") != std::string::npos);
}

TEST_CASE("the JSON report follows CLI.md", "[cli]") {
    TempDir dir;
    std::string path = dir.file("step.py", "x = 1\nprint 'x'\n");
    auto report = parse_report(run_pygate({"check", "--format", "json", path}));
    CHECK(report["tool"]["name"] == "pygate");
    CHECK(report["tool"]["version"] == "0.1.0");
    CHECK(report["profile"] == "safe_eval");
    CHECK(report["decision"] == "deny");
    REQUIRE(report["files"].size() == 1);
    const json& finding = report["files"][0]["findings"][0];
    CHECK(finding["rule"] == "PG000");
    CHECK(finding["name"] == "unsafe-source");
    CHECK(finding["severity"] == "error");
    CHECK(finding["line"] == 2);
    CHECK(finding["column"] == 1);
    CHECK(finding["end_line"] == 2);
    CHECK(finding["end_column"] == 10);
    CHECK(finding["source_line"] == "print 'x'");
    CHECK(report["summary"] == json::parse(R"({"files": 1, "allowed": 0, "review": 0, "denied": 1,
                                               "findings": {"PG000": 1}})"));
}

TEST_CASE("the JSON report gives the qualified name and the chain that reached it", "[cli]") {
    TempDir dir;
    std::string path = dir.file("step3.py", "import subprocess as sp\n\nsp.run(['id'])\n");
    auto report = parse_report(run_pygate({"check", "--format", "json", path}));
    CHECK(report["decision"] == "deny");
    const json& findings = report["files"][0]["findings"];
    REQUIRE(findings.size() == 2);
    CHECK(findings[0]["rule"] == "PG003");
    CHECK(findings[0]["line"] == 1);
    const json& run = findings[1];
    CHECK(run["rule"] == "PG004");
    CHECK(run["name"] == "process-execution");
    CHECK(run["qualified_name"] == "subprocess.run");
    CHECK(run["message"] ==
          "runs other programs: `sp.run` resolves to `subprocess.run` via `import subprocess as sp` (line 1)");
    CHECK(run["line"] == 3);
    CHECK(run["column"] == 1);
    CHECK(run["end_column"] == 7);
    REQUIRE(run["chain"].size() == 1);
    CHECK(run["chain"][0]["line"] == 1);
    CHECK(run["chain"][0]["text"] == "import subprocess as sp");
}

TEST_CASE("standard input is scanned under --stdin-filename", "[cli]") {
    auto result = run_pygate({"check", "--format", "json", "--stdin-filename", "agent/step3.py", "-"}, "x = = 1\n");
    CHECK(result.exit_code == 1);
    auto report = parse_report(result);
    CHECK(report["files"][0]["path"] == "agent/step3.py");
    CHECK(report["files"][0]["decision"] == "deny");
}

TEST_CASE("the output option writes the report to a file and quiet prints nothing", "[cli]") {
    TempDir dir;
    std::string path = dir.file("a.py", "x = 1\n");
    std::string out = dir.path() + "/report.json";
    auto result = run_pygate({"check", "--format", "json", "--output", out, path});
    CHECK(result.exit_code == 0);
    CHECK(result.out.empty());
    CHECK(std::filesystem::file_size(out) > 0);
    auto quiet = run_pygate({"check", "--quiet", dir.file("b.py", "x = = 1\n")});
    CHECK(quiet.exit_code == 1);
    CHECK(quiet.out.empty());
    CHECK(run_pygate({"check", "--output", "/nonexistent/dir/r.json", path}).exit_code == 2);
}

TEST_CASE("bad input in a folder is reported file by file and the rest is scanned", "[cli][bad-input]") {
    TempDir dir;
    dir.file("tree/ok.py", "x = 1\n");
    dir.file("tree/empty.py", "");
    dir.file("tree/binary.py", std::string("\x7f"
                                           "ELF\x02\x01\x01\0\0\0\xff\xfe",
                                           12));
    dir.file("tree/deep.py", "x = " + std::string(10000, '[') + std::string(10000, ']') + "\n");
    dir.file("tree/tool", "#!/usr/bin/env python3\nprint 'py2'\n");
    dir.file("tree/notes.txt", "not python\n");
    std::string huge = dir.path() + "/tree/huge.py";
    {
        std::FILE* f = std::fopen(huge.c_str(), "w");
        REQUIRE(f != nullptr);
        REQUIRE(::ftruncate(::fileno(f), 100L * 1024 * 1024) == 0);  // 100 MB, sparse
        std::fclose(f);
    }
    REQUIRE(::mkfifo((dir.path() + "/tree/fifo.py").c_str(), 0600) == 0);
    REQUIRE(::symlink("missing-target.py", (dir.path() + "/tree/dangling.py").c_str()) == 0);
    REQUIRE(::symlink(".", (dir.path() + "/tree/loop").c_str()) == 0);

    std::string tree = dir.path() + "/tree";
    auto result = run_pygate({"check", "--format", "json", tree});
    CHECK(result.exit_code == 1);
    auto report = parse_report(result);
    std::vector<std::string> paths;
    for (const auto& file : report["files"])
        paths.push_back(file["path"]);
    CHECK(paths == std::vector<std::string>{tree + "/binary.py", tree + "/dangling.py", tree + "/deep.py",
                                            tree + "/empty.py", tree + "/fifo.py", tree + "/huge.py", tree + "/ok.py",
                                            tree + "/tool"});
    CHECK(file_entry(report, tree + "/ok.py")["decision"] == "allow");
    CHECK(file_entry(report, tree + "/empty.py")["decision"] == "allow");  // an empty module is valid Python
    for (const char* denied : {"/binary.py", "/dangling.py", "/deep.py", "/fifo.py", "/huge.py", "/tool"}) {
        INFO(denied);
        const std::string path = tree + denied;
        const json& entry = file_entry(report, path);
        CHECK(entry["decision"] == "deny");
        CHECK(entry["findings"][0]["rule"] == "PG000");
    }
    auto message = [&](const char* name) {
        return file_entry(report, tree + name)["findings"][0]["message"].get<std::string>();
    };
    CHECK(message("/fifo.py").find("FIFO") != std::string::npos);
    CHECK(message("/huge.py").find("104857600 bytes") != std::string::npos);
    CHECK(message("/dangling.py").find("No such file") != std::string::npos);
    bool mentions_utf8 = false;
    const std::string binary = tree + "/binary.py";
    for (const auto& finding : file_entry(report, binary)["findings"])
        mentions_utf8 |= finding["message"].get<std::string>().find("invalid UTF-8") != std::string::npos;
    CHECK(mentions_utf8);
    CHECK(result.err.find(tree + "/loop: not descended") != std::string::npos);
}

TEST_CASE("an unlistable folder is a denied entry, not a silent skip", "[cli][bad-input]") {
    TempDir dir;
    dir.open_to_everyone();
    dir.file("tree/ok.py", "x = 1\n");
    dir.file("tree/locked/a.py", "x = 1\n");
    std::string locked = dir.path() + "/tree/locked";
    REQUIRE(::chmod(locked.c_str(), 0) == 0);
    // Root lists every folder, so as root pygate runs as nobody here.
    ProcessOptions options;
    if (::geteuid() == 0) options.run_as_uid = static_cast<int>(k_nobody_uid);
    auto result = run_pygate({"check", "--format", "json", dir.path() + "/tree"}, options);
    ::chmod(locked.c_str(), 0700);
    CHECK(result.exit_code == 1);
    auto report = parse_report(result);
    CHECK(file_entry(report, dir.path() + "/tree/ok.py")["decision"] == "allow");
    const json& entry = file_entry(report, locked);
    CHECK(entry["decision"] == "deny");
    CHECK(entry["findings"][0]["rule"] == "PG000");
    CHECK(entry["findings"][0]["message"].get<std::string>().find("Permission denied") != std::string::npos);
}

TEST_CASE("check --list-files prints what a scan would judge, in its order, and scans nothing", "[cli]") {
    std::string corpus = std::string(PYGATE_SOURCE_DIR) + "/corpus";
    auto report = parse_report(run_pygate({"check", "--format", "json", corpus, "--exclude", "pg00[1-3]"}));
    auto listed = run_pygate({"check", "--list-files", "--null", corpus, "--exclude", "pg00[1-3]"});
    CHECK(listed.exit_code == 0);
    std::vector<std::string> names;
    for (std::size_t start = 0, end; (end = listed.out.find('\0', start)) != std::string::npos; start = end + 1)
        names.push_back(listed.out.substr(start, end - start));
    std::vector<std::string> paths;
    for (const auto& file : report["files"])
        paths.push_back(file["path"]);
    CHECK(names == paths);
    CHECK(names.size() > 100);

    // A folder it cannot list is an error, not a file left out.
    TempDir dir;
    dir.open_to_everyone();
    dir.file("tree/ok.py", "x = 1\n");
    dir.file("tree/locked/a.py", "x = 1\n");
    std::string locked = dir.path() + "/tree/locked";
    REQUIRE(::chmod(locked.c_str(), 0) == 0);
    ProcessOptions options;
    if (::geteuid() == 0) options.run_as_uid = static_cast<int>(k_nobody_uid);
    auto refused = run_pygate({"check", "--list-files", dir.path() + "/tree"}, options);
    ::chmod(locked.c_str(), 0700);
    CHECK(refused.exit_code == 2);
    CHECK(refused.err.find(locked + ": cannot list this folder") != std::string::npos);
    CHECK(run_pygate({"check", "--list-files", "--records", "r.jsonl", corpus}).exit_code == 2);
}

TEST_CASE("output is byte-identical whatever --jobs is", "[cli][determinism]") {
    std::string corpus = std::string(PYGATE_SOURCE_DIR) + "/corpus";
    for (const char* format : {"json", "text"}) {
        auto one = run_pygate({"check", "--no-color", "--format", format, "--jobs", "1", corpus});
        auto two = run_pygate({"check", "--no-color", "--format", format, "--jobs", "2", corpus});
        auto many = run_pygate({"check", "--no-color", "--format", format, "--jobs", "7", corpus});
        REQUIRE_FALSE(one.out.empty());
        CHECK(one.out == two.out);
        CHECK(one.out == many.out);
        CHECK(one.exit_code == two.exit_code);
    }
}

TEST_CASE("SARIF and GitHub formats from the command line carry findings and decisions", "[cli]") {
    TempDir dir;
    std::string bad = dir.file("bad.py", "x = (\n");
    std::string good = dir.file("good.py", "x = 1\n");

    auto sarif = run_pygate({"check", "--format", "sarif", bad, good});
    CHECK(sarif.exit_code == 1);
    json log = parse_report(sarif);
    CHECK(log["version"] == "2.1.0");
    const json& run = log["runs"][0];
    CHECK(run["tool"]["driver"]["name"] == "pygate");
    CHECK(run["properties"]["pygate/decision"] == "deny");
    CHECK(run["properties"]["pygate/profile"] == "safe_eval");
    REQUIRE(run["results"].size() == 1);
    CHECK(run["results"][0]["ruleId"] == "PG000");
    CHECK(run["results"][0]["level"] == "error");
    // Absolute paths are file:// URIs, placed by the working directory.
    CHECK(
        run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].get<std::string>().starts_with(
            "file://"));

    auto github = run_pygate({"check", "--format", "github", bad, good});
    CHECK(github.exit_code == 1);
    CHECK(github.out.starts_with("::error file=" + bad + ",line=1,col="));
    CHECK(github.out.find("title=PG000 unsafe-source::") != std::string::npos);
    CHECK(github.out.find("::notice::pygate: deny") != std::string::npos);
}

TEST_CASE("a name the resolver cannot finish within its limits fails closed", "[cli][bad-input]") {
    TempDir dir;
    // Copies written in reverse order: the first use needs 400 steps of copies at once.
    std::string code = "import os\n";
    for (int i = 400; i > 0; --i)
        code += fmt::format("v{} = v{}\n", i, i - 1);
    code += "v0 = os.system\n";
    std::string path = dir.file("chain.py", code);
    auto result = run_pygate({"check", "--format", "json", path});
    CHECK(result.exit_code == 1);
    json report = parse_report(result);
    bool refused = false;
    for (const auto& finding : report["files"][0]["findings"])
        refused = refused || (finding["rule"] == "PG000" &&
                              finding["message"].get<std::string>().find("cannot resolve `v399`") != std::string::npos);
    CHECK(refused);
}

TEST_CASE("a path outside the sandbox's folders is refused with where to put it", "[cli]") {
    TempDir dir;
    std::string notebook = dir.file("notebook.py",
                                    "import pandas as pd\n"
                                    "import matplotlib.pyplot as plt\n"
                                    "births = pd.read_csv(\"data/births.csv\")\n"
                                    "plt.savefig(\"figures/fig.png\")\n");
    auto checked = run_pygate({"check", "--no-color", "--profile", "plotting", notebook});
    CHECK(checked.exit_code == 1);
    CHECK(checked.out.find("reads `data/births.csv`, outside profile plotting's filesystem.read (input/, output/): "
                           "put the file in input/ and read `input/births.csv` (`pygate run --input data/births.csv` "
                           "copies it there, as a session's `files` and a kernel's `--input-dir` do);") !=
          std::string::npos);
    CHECK(checked.out.find("writes `figures/fig.png`, outside profile plotting's filesystem.write (output/): save it "
                           "under output/, e.g. `output/fig.png` (`pygate run --output-dir DIR` copies output/ to DIR, "
                           "as a kernel's `--output-dir` does);") != std::string::npos);
    // A profile with folders of its own is told those, and no option pygate run does not fill.
    std::string profile = dir.file("elsewhere.toml",
                                   "name = \"elsewhere\"\nextends = \"plotting\"\n[filesystem]\nread = [\"data/\"]\nwrite = [\"results/\"]\n");
    auto elsewhere = run_pygate({"check", "--no-color", "--profile", profile, notebook});
    CHECK(elsewhere.out.find("writes `figures/fig.png`, outside profile elsewhere's filesystem.write (results/): "
                             "save it under results/, e.g. `results/fig.png`; `plt.savefig`") != std::string::npos);
}

TEST_CASE("check --target-version reads the syntax of that CPython and every report names it", "[cli][target]") {
    TempDir dir;
    // A type statement: CPython 3.11 refuses it, 3.12 reads it.
    std::string path = dir.file("alias.py", "type Pair = tuple[int, int]\n");
    auto for_311 = run_pygate({"check", "--isolated", "--format", "json", "--target-version", "3.11", path});
    CHECK(for_311.exit_code == 1);
    json report = parse_report(for_311);
    CHECK(report["target_version"] == "3.11");
    CHECK(report["target_version_source"] == "command line");
    CHECK(file_entry(report, path)["findings"][0]["rule"] == "PG000");

    auto for_312 = run_pygate({"check", "--isolated", "--format", "json", "--target-version", "3.12", path});
    report = parse_report(for_312);
    CHECK(report["target_version"] == "3.12");
    for (const auto& finding : file_entry(report, path)["findings"])
        CHECK(finding["rule"] != "PG000");

    auto text = run_pygate({"check", "--isolated", "--no-color", "--target-version", "3.13", path});
    CHECK(text.out.find("1 file scanned with profile safe_eval for Python 3.13 (command line): ") != std::string::npos);
    auto sarif = run_pygate({"check", "--isolated", "--format", "sarif", "--target-version", "3.14", path});
    CHECK(json::parse(sarif.out)["runs"][0]["properties"]["pygate/targetVersion"] == "3.14");

    // Outside 3.11..3.14, empty, or contradicted by --libraries: a usage error, nothing scanned.
    for (const std::string bad : {"3.10", "3.15", "", "3", "three"}) {
        INFO("--target-version `" << bad << "`");
        auto refused = run_pygate({"check", "--isolated", "--target-version", bad, path});
        CHECK(refused.exit_code == 2);
        CHECK(refused.out.empty());
    }
    auto contradicted =
        run_pygate({"check", "--isolated", "--target-version", "3.12", "--libraries", "cpython=3.13", path});
    CHECK(contradicted.exit_code == 2);
    CHECK(contradicted.err.find("--libraries names cpython=3.13 but the target version is 3.12") != std::string::npos);
    // The help names the value's form once.
    for (const char* command : {"check", "run"}) {
        auto help = run_pygate({command, "--help"});
        CHECK(help.out.find("--target-version X.Y ") != std::string::npos);
    }
}
