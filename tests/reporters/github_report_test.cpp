#include "reporters/github_report.hpp"

#include <catch2/catch.hpp>
#include <sstream>
#include <vector>

using namespace pygate;
using namespace pygate::reporters;

namespace {

analyzer::Finding finding(analyzer::Severity severity, analyzer::SourceRange range, std::string message) {
    analyzer::Finding out;
    out.rule = 0;
    out.severity = severity;
    out.range = range;
    out.message = std::move(message);
    return out;
}

std::vector<std::string> lines_of(const Report& report) {
    std::ostringstream out;
    write_github_report(out, report);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

Report one_file(std::string path, std::vector<analyzer::Finding> findings) {
    Report report;
    report.decision = analyzer::Decision::deny;
    FileReport file;
    file.path = std::move(path);
    file.decision = analyzer::Decision::deny;
    file.findings = std::move(findings);
    report.files.push_back(std::move(file));
    return report;
}

}  // namespace

TEST_CASE("GitHub: one workflow command per finding, by effective severity", "[github]") {
    auto lines = lines_of(one_file("agent/step3.py", {
                                                         finding(analyzer::Severity::error, {3, 1, 3, 19}, "run"),
                                                         finding(analyzer::Severity::warning, {4, 2, 5, 7}, "warn"),
                                                         finding(analyzer::Severity::note, {6, 1, 6, 2}, "note"),
                                                     }));
    REQUIRE(lines.size() == 4);
    CHECK(lines[0] == "::error file=agent/step3.py,line=3,col=1,endLine=3,endColumn=19,title=PG000 unsafe-source::run");
    CHECK(lines[1] ==
          "::warning file=agent/step3.py,line=4,col=2,endLine=5,endColumn=7,title=PG000 unsafe-source::warn");
    CHECK(lines[2] ==
          "::notice file=agent/step3.py,line=6,col=1,endLine=6,endColumn=2,title=PG000 unsafe-source::note");
    CHECK(lines[3] == "::notice::pygate: deny (1 file: 0 allowed, 0 review, 1 denied)");
}

TEST_CASE("GitHub: the summary line gives the overall decision and the counts", "[github]") {
    Report report = one_file("a.py", {});
    FileReport allowed;
    allowed.path = "b.py";
    report.files.push_back(allowed);
    auto lines = lines_of(report);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == "::notice::pygate: deny (2 files: 1 allowed, 0 review, 1 denied)");
}

TEST_CASE("GitHub: property values escape % CR LF : and , and the message escapes % CR LF", "[github]") {
    auto lines = lines_of(one_file("dir,line=1:x%y\r\nz.py",
                                   {
                                       finding(analyzer::Severity::error, {1, 1, 1, 2}, "100% bad: a, b\r\nnext"),
                                   }));
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] ==
          "::error file=dir%2Cline=1%3Ax%25y%0D%0Az.py,line=1,col=1,endLine=1,endColumn=2,title=PG000 "
          "unsafe-source::100%25 bad: a, b%0D%0Anext");
    CHECK(github_escape_property("%3A") == "%253A");
    CHECK(github_escape_data("%0A") == "%250A");
}

TEST_CASE("GitHub: untrusted text can never start a second command", "[github]") {
    std::string evil = "x\n::error file=evil.py::forged\r::warning::also forged\xE2\x80\xA8::notice::sep";
    auto lines = lines_of(one_file(evil, {finding(analyzer::Severity::error, {1, 1, 1, 2}, evil)}));
    REQUIRE(lines.size() == 2);
    // The runner takes the first "::" after the command as the end of the properties, so
    // the "::" left in the message are only text.
    CHECK(lines[0] ==
          "::error file=x%0A%3A%3Aerror file=evil.py%3A%3Aforged%0D%3A%3Awarning%3A%3Aalso forged\xEF\xBF\xBD"
          "%3A%3Anotice%3A%3Asep,line=1,col=1,endLine=1,endColumn=2,title=PG000 unsafe-source::"
          "x%0A::error file=evil.py::forged%0D::warning::also forged\xEF\xBF\xBD::notice::sep");
    CHECK(lines[0].find('\r') == std::string::npos);
    // U+2028 LINE SEPARATOR, other controls, bidi controls and invalid UTF-8 become U+FFFD.
    CHECK(github_escape_data("a\xE2\x80\xA8"
                             "b\x1B[31mc\xE2\x80\xAE"
                             "d\xFF") ==
          "a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD[31mc\xEF\xBF\xBD"
          "d\xEF\xBF\xBD");
    CHECK(github_escape_data("tab\there") == "tab here");
}

TEST_CASE("GitHub: a zero or missing range is annotated from line 1, column 1", "[github]") {
    auto lines = lines_of(one_file("gone.py", {finding(analyzer::Severity::error, {0, 0, 0, 0}, "unreadable")}));
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "::error file=gone.py,line=1,col=1,endLine=1,endColumn=2,title=PG000 unsafe-source::unreadable");
}
