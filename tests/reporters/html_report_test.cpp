#include "reporters/html_report.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace pygate;
using namespace pygate::reporters;

namespace {

analyzer::Finding finding(analyzer::SourceRange range, std::string source_line,
                          std::string message = "runs a command") {
    analyzer::Finding out;
    out.rule = 4;
    out.severity = analyzer::Severity::error;
    out.range = range;
    out.message = std::move(message);
    out.source_line = std::move(source_line);
    return out;
}

FileReport file(std::string path, analyzer::Decision decision, std::vector<analyzer::Finding> findings = {}) {
    FileReport out;
    out.path = std::move(path);
    out.decision = decision;
    out.findings = std::move(findings);
    return out;
}

std::size_t occurrences(const std::string& text, const std::string& piece) {
    std::size_t count = 0;
    for (std::size_t at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1))
        ++count;
    return count;
}

}  // namespace

TEST_CASE("html_escape escapes markup and replaces controls", "[html]") {
    CHECK(html_escape("<img src=x onerror=\"a('1')\">&") ==
          "&lt;img src=x onerror=&quot;a(&#39;1&#39;)&quot;&gt;&amp;");
    CHECK(html_escape("a\xE2\x80\xA8"
                      "b\x1B") ==
          "a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD");
    CHECK(html_escape("\xFF") == "\xEF\xBF\xBD");
}

TEST_CASE("the html report escapes every untrusted text", "[html]") {
    Report report;
    report.tool_version = "0.1.0";
    report.profile = "safe_eval";
    report.decision = analyzer::Decision::deny;
    analyzer::Finding hit = finding({2, 1, 2, 10}, "os.system('<script>x</script>')", "calls `<b onerror=1>`");
    hit.chain.push_back({{1, 1, 1, 10}, "import os as <svg onload=alert(1)>"});
    report.files.push_back(file("<img src=x onerror=alert(1)>.py", analyzer::Decision::deny, {hit}));
    report.files.back().context = {{1, "import os"}, {2, "os.system('<script>x</script>')"}, {3, "'</pre>'"}};
    const std::string page = html_report(report);
    CHECK(occurrences(page, "<script") == 1);  // the page's own
    CHECK(page.find("<img") == std::string::npos);
    CHECK(page.find("<svg onload") == std::string::npos);
    CHECK(page.find("<b onerror") == std::string::npos);
    CHECK(page.find("&lt;img src=x onerror=alert(1)&gt;.py") != std::string::npos);
    CHECK(page.find("&#39;&lt;/pre&gt;&#39;") != std::string::npos);
    CHECK(page.find("import os as &lt;svg onload=alert(1)&gt;") != std::string::npos);
    CHECK(page.find("content=\"default-src 'none'; script-src 'sha256-") != std::string::npos);
}

TEST_CASE("the html report highlights the finding's span by code points", "[html]") {
    Report report;
    // "é" is two bytes and one column: the span is columns 5..8, `sys`.
    analyzer::Finding hit = finding({2, 5, 2, 8}, "\xC3\xA9 = sys.exit");
    report.files.push_back(file("a.py", analyzer::Decision::deny, {hit}));
    report.files.back().context = {
        {1, "import sys"}, {2, "\xC3\xA9 = sys.exit"}, {3, "x = 1"}, {4, "y = 2"}, {5, "z = 3"}};
    const std::string page = html_report(report);
    CHECK(page.find("<span class=\"number\">2</span>\xC3\xA9 = <mark>sys</mark>.exit") != std::string::npos);
    // Two lines either side, not more.
    CHECK(page.find("<span class=\"number\">4</span>y = 2") != std::string::npos);
    CHECK(page.find("<span class=\"number\">5</span>") == std::string::npos);
}

TEST_CASE("the html report falls back to the finding's own line without context", "[html]") {
    Report report;
    report.files.push_back(file("a.py", analyzer::Decision::deny, {finding({1, 1, 1, 10}, "os.system")}));
    const std::string page = html_report(report);
    CHECK(page.find("<span class=\"number\">1</span><mark>os.system</mark>") != std::string::npos);
}

TEST_CASE("the html report cuts a long line around the span", "[html]") {
    Report report;
    const std::string line = std::string(1000, 'a') + "eval(x)" + std::string(1000, 'b');
    report.files.push_back(file("long.py", analyzer::Decision::deny, {finding({1, 1001, 1, 1005}, line)}));
    HtmlLimits limits;
    limits.line_code_points = 100;
    const std::string page = html_report(report, limits);
    CHECK(page.find("<mark>eval</mark>") != std::string::npos);
    CHECK(page.find(std::string(200, 'a')) == std::string::npos);
    CHECK(occurrences(page, "<span class=\"cut\">") == 2);
}

TEST_CASE("the html report caps its table and its detailed findings, denied files first", "[html]") {
    Report report;
    for (int i = 0; i < 6; ++i)
        report.files.push_back(file("allow" + std::to_string(i) + ".py", analyzer::Decision::allow));
    report.files.push_back(file("z_denied.py", analyzer::Decision::deny, {finding({1, 1, 1, 2}, "x")}));
    report.files.push_back(file("y_review.py", analyzer::Decision::review, {finding({1, 1, 1, 2}, "x")}));
    HtmlLimits limits;
    limits.table_rows = 3;
    limits.detailed_files = 1;
    const std::string page = html_report(report, limits);
    CHECK(occurrences(page, "<tr data-order=") == 3);
    CHECK(page.find("data-path=\"z_denied.py\"") != std::string::npos);
    CHECK(page.find("data-path=\"y_review.py\"") != std::string::npos);
    CHECK(page.find("The table lists 3 of 8 files") != std::string::npos);
    CHECK(occurrences(page, "<details class=\"file\"") == 1);
    CHECK(page.find("<details class=\"file\" id=\"file-6\"") != std::string::npos);
    // The counts are of every file, not of the rows shown.
    CHECK(page.find("id=\"count-files\" data-count=\"8\"") != std::string::npos);
    CHECK(page.find("id=\"count-allow\" data-count=\"6\"") != std::string::npos);
}
