#include "reporters/html_report.hpp"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "analyzer/text/unicode.hpp"
#include "reporters/json_report.hpp"
#include "reporters/safe_text.hpp"
#include "rules/registry.hpp"

namespace pygate::reporters {
namespace {

// The page's own style and script. The Content-Security-Policy names their
// SHA-256, so a <style> or <script> smuggled into the page by a scanned file
// (were escaping ever wrong) would not be applied or run.
constexpr std::string_view k_style = R"css(
:root { --allow: #1a7f37; --review: #9a6700; --deny: #cf222e; --line: #d0d7de; --muted: #57606a; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #fff; }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
.meta { color: var(--muted); margin: 0; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-weight: 600; font-size: 12px; color: #fff; text-transform: uppercase; letter-spacing: .03em; }
.badge.allow { background: var(--allow); } .badge.review { background: var(--review); } .badge.deny { background: var(--deny); }
.cards { display: grid; grid-template-columns: repeat(5, 1fr); gap: 12px; margin-top: 20px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; background: var(--bg); }
.card .number { display: block; font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
.card .label { color: var(--muted); }
.card.allow { border-top: 4px solid var(--allow); } .card.review { border-top: 4px solid var(--review); } .card.deny { border-top: 4px solid var(--deny); }
.card.allow .number { color: var(--allow); } .card.review .number { color: var(--review); } .card.deny .number { color: var(--deny); }
svg.chart { width: 100%; height: auto; }
svg.chart text { font: 13px system-ui, sans-serif; fill: #1f2328; }
svg.chart text.rule-name { fill: var(--muted); }
svg.chart rect { fill: #0969da; }
svg.chart g.error rect { fill: var(--deny); } svg.chart g.warning rect { fill: var(--review); } svg.chart g.note rect { fill: #6e7781; }
.controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 8px; }
.controls label { color: var(--muted); }
select, input { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 6px; }
#table-status { color: var(--muted); margin: 0 0 0 auto; }
.table-wrap { max-height: 640px; overflow: auto; border: 1px solid var(--line); border-radius: 8px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { position: sticky; top: 0; background: var(--bg); z-index: 1; }
th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " \25B2"; } th[aria-sort="descending"] button::after { content: " \25BC"; }
td.path { word-break: break-all; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
td.rules { color: var(--muted); font-size: 13px; }
a { color: #0969da; text-decoration: none; } a:hover { text-decoration: underline; }
details.file { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
details.file > summary { padding: 8px 12px; cursor: pointer; background: var(--bg); border-radius: 8px; }
details.file[open] > summary { border-bottom: 1px solid var(--line); border-radius: 8px 8px 0 0; }
details.file > summary .path { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.finding { padding: 10px 12px; border-bottom: 1px solid #eaeef2; }
.finding:last-child { border-bottom: 0; }
.finding-head { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.rule { font-weight: 600; } .where { color: var(--muted); font-variant-numeric: tabular-nums; }
.severity { font-size: 12px; font-weight: 600; text-transform: uppercase; }
.severity.error { color: var(--deny); } .severity.warning { color: var(--review); } .severity.note { color: var(--muted); }
.message { margin: 4px 0 6px; }
pre.excerpt { margin: 0; padding: 6px 0; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; font: 12.5px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre.excerpt .line { display: block; padding: 0 10px 0 0; white-space: pre; }
pre.excerpt .line.hit { background: #fff8c5; }
pre.excerpt .number { display: inline-block; min-width: 4.5em; padding-right: 10px; text-align: right; color: #8c959f; user-select: none; }
pre.excerpt mark { background: #ffd8b5; border-bottom: 2px solid var(--deny); color: inherit; }
.cut { color: #8c959f; }
ol.chain { margin: 6px 0 0; padding-left: 22px; color: var(--muted); }
ol.chain code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; color: #1f2328; white-space: pre-wrap; word-break: break-all; }
.note { color: var(--muted); font-style: italic; }
[hidden] { display: none !important; }
)css";

constexpr std::string_view k_script = R"js(
"use strict";
(function () {
  const table = document.getElementById("file-table");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const details = Array.from(document.querySelectorAll("details.file"));
  const decision = document.getElementById("decision-filter");
  const rule = document.getElementById("rule-filter");
  const path = document.getElementById("path-filter");
  const status = document.getElementById("table-status");
  const rank = { deny: 0, review: 1, allow: 2 };
  const keys = {
    path: (row) => row.dataset.path,
    decision: (row) => rank[row.dataset.decision],
    findings: (row) => Number(row.dataset.findings),
    rules: (row) => row.dataset.rules.trim(),
  };
  const firstDirection = { path: true, decision: true, findings: false, rules: true };
  let sortKey = "path";
  let ascending = true;

  function matches(element) {
    const text = path.value.toLowerCase();
    return (!decision.value || element.dataset.decision === decision.value) &&
      (!rule.value || element.dataset.rules.includes(" " + rule.value + " ")) &&
      (!text || element.dataset.path.toLowerCase().includes(text));
  }

  function filter() {
    let shown = 0;
    for (const row of rows) {
      row.hidden = !matches(row);
      if (!row.hidden) shown += 1;
    }
    for (const file of details) file.hidden = !matches(file);
    status.dataset.shown = String(shown);
    status.textContent = shown + " of " + rows.length + " files shown";
  }

  function sort() {
    const key = keys[sortKey];
    const sign = ascending ? 1 : -1;
    rows.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x < y) return -sign;
      if (x > y) return sign;
      return Number(a.dataset.order) - Number(b.dataset.order);
    });
    const fragment = document.createDocumentFragment();
    for (const row of rows) fragment.appendChild(row);
    body.appendChild(fragment);
    for (const cell of table.tHead.rows[0].cells) {
      const state = ascending ? "ascending" : "descending";
      cell.setAttribute("aria-sort", cell.dataset.sort === sortKey ? state : "none");
    }
  }

  // The view's state lives in the address's fragment (#decision=deny&sort=findings&dir=desc),
  // so a filtered view can be bookmarked or opened as such.
  function remember() {
    const state = new URLSearchParams();
    if (decision.value) state.set("decision", decision.value);
    if (rule.value) state.set("rule", rule.value);
    if (path.value) state.set("path", path.value);
    if (sortKey !== "path" || !ascending) {
      state.set("sort", sortKey);
      state.set("dir", ascending ? "asc" : "desc");
    }
    const fragment = state.toString();
    try {
      history.replaceState(null, "", fragment ? "#" + fragment : location.pathname + location.search);
    } catch (ignored) {
      // A browser that refuses replaceState on file: keeps the view, not the address.
    }
  }

  function choose(select, value) {
    select.value = value || "";
    if (select.selectedIndex < 0) select.value = "";
  }

  function recall() {
    const state = new URLSearchParams(location.hash.slice(1));
    choose(decision, state.get("decision"));
    choose(rule, state.get("rule"));
    path.value = state.get("path") || "";
    const key = state.get("sort");
    sortKey = key && Object.prototype.hasOwnProperty.call(keys, key) ? key : "path";
    ascending = state.get("dir") ? state.get("dir") !== "desc" : firstDirection[sortKey];
  }

  for (const control of [decision, rule]) control.addEventListener("change", () => { filter(); remember(); });
  path.addEventListener("input", () => { filter(); remember(); });
  for (const cell of table.tHead.rows[0].cells) {
    cell.querySelector("button").addEventListener("click", () => {
      const key = cell.dataset.sort;
      ascending = key === sortKey ? !ascending : firstDirection[key];
      sortKey = key;
      sort();
      remember();
    });
  }
  // A path's link opens its findings.
  for (const link of document.querySelectorAll("a.to-file")) {
    link.addEventListener("click", () => {
      const target = document.getElementById(link.getAttribute("href").slice(1));
      if (target) target.open = true;
    });
  }
  recall();
  sort();
  filter();
  document.documentElement.dataset.script = "ran";
})();
)js";

std::string sha256_base64(std::string_view text) {
    std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
    SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data());
    std::array<unsigned char, 4 * ((SHA256_DIGEST_LENGTH + 2) / 3) + 1> encoded{};
    const int length = EVP_EncodeBlock(encoded.data(), digest.data(), static_cast<int>(digest.size()));
    return std::string(reinterpret_cast<const char*>(encoded.data()), static_cast<std::size_t>(length));
}

const std::string& content_security_policy() {
    static const std::string policy = fmt::format(
        "default-src 'none'; script-src 'sha256-{}'; style-src 'sha256-{}'; img-src 'none'; base-uri 'none'; "
        "form-action 'none'",
        sha256_base64(k_script), sha256_base64(k_style));
    return policy;
}

int decision_rank(analyzer::Decision decision) {  // deny first
    switch (decision) {
        case analyzer::Decision::deny:
            return 0;
        case analyzer::Decision::review:
            return 1;
        case analyzer::Decision::allow:
            return 2;
    }
    return 2;
}

// The first `limit` indices of `files` that `wanted` accepts, deny first, then
// review, then allow, each in the report's order; returned in the report's order.
template <typename Wanted>
std::vector<std::size_t> chosen_files(const std::vector<FileReport>& files, std::size_t limit, Wanted wanted) {
    std::vector<std::size_t> chosen;
    for (int rank = 0; rank <= 2 && chosen.size() < limit; ++rank)
        for (std::size_t i = 0; i < files.size() && chosen.size() < limit; ++i)
            if (decision_rank(files[i].decision) == rank && wanted(files[i])) chosen.push_back(i);
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

// The rules a file's findings name, each once, sorted.
std::set<std::string> rules_of(const FileReport& file) {
    std::set<std::string> rules;
    for (const auto& finding : file.findings)
        rules.insert(analyzer::rule_code(finding.rule));
    return rules;
}

// " PG004 PG009 ": a rule is matched by " PG004 " (the page's script does so).
std::string spaced(const std::set<std::string>& rules) {
    std::string out = " ";
    for (const auto& rule : rules)
        out += rule + ' ';
    return out;
}

// Byte offset of 1-based code-point `column` in `line` (its end when past it).
std::size_t offset_of_column(std::string_view line, std::uint32_t column) {
    std::size_t offset = 0;
    for (std::uint32_t at = 1; at < column && offset < line.size(); ++at) {
        const std::size_t length = analyzer::utf8_sequence_length(line, offset);
        offset += length == 0 ? 1 : length;
    }
    return offset;
}

std::uint32_t code_points(std::string_view line) {
    std::uint32_t count = 0;
    for (std::size_t offset = 0; offset < line.size(); ++count) {
        const std::size_t length = analyzer::utf8_sequence_length(line, offset);
        offset += length == 0 ? 1 : length;
    }
    return count;
}

class HtmlWriter {
public:
    HtmlWriter(std::ostream& stream, const Report& report, const HtmlLimits& limits)
        : m_stream(stream), m_report(report), m_limits(limits) {
        for (const auto& file : report.files) {
            m_tally.add(file);
            for (const auto& finding : file.findings) {
                analyzer::Severity& worst = m_worst_severity[analyzer::rule_code(finding.rule)];
                worst = std::max(worst, finding.severity);
            }
        }
    }

    void write() {
        head();
        summary();
        chart();
        file_table();
        findings();
        m_out += "</main>\n<script>";
        m_out += k_script;
        m_out += "</script>\n</body>\n</html>\n";
        hand_on();
    }

private:
    // Rendered in pieces and handed on as it goes, as the JSON report is.
    void hand_on(bool if_large = false) {
        constexpr std::size_t k_piece_bytes = 1 << 16;
        if (if_large && m_out.size() < k_piece_bytes) return;
        m_stream.write(m_out.data(), static_cast<std::streamsize>(m_out.size()));
        m_out.clear();
    }

    void text(std::string_view untrusted) { m_out += html_escape(untrusted); }

    void head() {
        m_out +=
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"";
        m_out += content_security_policy();
        m_out +=
            "\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"generator\" content=\"pygate ";
        text(m_report.tool_version);
        m_out += "\">\n<title>pygate report: ";
        text(analyzer::decision_name(m_report.decision));
        m_out += "</title>\n<style>";
        m_out += k_style;
        m_out += "</style>\n</head>\n<body>\n<main>\n";
    }

    void card(std::string_view css_class, std::string_view id, std::size_t count, std::string_view label) {
        m_out += fmt::format(
            "<div class=\"card {}\"><span class=\"number\" id=\"{}\" data-count=\"{}\">{}</span>"
            "<span class=\"label\">{}</span></div>\n",
            css_class, id, count, count, label);
    }

    void summary() {
        std::size_t findings = 0;
        for (const auto& [rule, count] : m_tally.findings_per_rule)
            findings += count;
        const char* decision = analyzer::decision_name(m_report.decision);
        m_out += fmt::format(
            "<header>\n<h1>pygate report <span class=\"badge {0}\" id=\"overall-decision\">{0}</span></h1>\n"
            "<p class=\"meta\">Profile <strong>",
            decision);
        text(m_report.profile);
        m_out += "</strong> &middot; pygate ";
        text(m_report.tool_version);
        m_out += "</p>\n<div class=\"cards\">\n";
        card("files", "count-files", m_tally.files, "files");
        card("allow", "count-allow", m_tally.allowed, "allowed");
        card("review", "count-review", m_tally.review, "review");
        card("deny", "count-deny", m_tally.denied, "denied");
        card("findings", "count-findings", findings, "findings");
        m_out += "</div>\n</header>\n";
    }

    void chart() {
        m_out += "<section id=\"rules\">\n<h2>Findings per rule</h2>\n";
        if (m_tally.findings_per_rule.empty()) {
            m_out += "<p class=\"note\">No findings.</p>\n</section>\n";
            return;
        }
        std::vector<std::pair<std::string, std::size_t>> bars(m_tally.findings_per_rule.begin(),
                                                              m_tally.findings_per_rule.end());
        std::stable_sort(bars.begin(), bars.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        constexpr int k_width = 1100, k_label = 300, k_bar = 680, k_row = 26;
        const std::size_t most = bars.front().second;
        const int height = static_cast<int>(bars.size()) * k_row + 8;
        m_out += fmt::format(
            "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
            "height=\"{1}\" role=\"img\" aria-labelledby=\"chart-title\">\n<title id=\"chart-title\">Findings per "
            "rule</title>\n",
            k_width, height);
        int y = 4;
        for (const auto& [code, count] : bars) {
            const rules::RuleMetadata* rule = rules::find_rule(std::string_view(code));
            const std::string_view name = rule != nullptr ? rule->name : std::string_view();
            const char* severity = analyzer::severity_name(m_worst_severity[code]);
            const int bar =
                std::max(2, static_cast<int>(static_cast<double>(count) * k_bar / static_cast<double>(most)));
            m_out += fmt::format("<g class=\"bar {}\" data-rule=\"", severity);
            text(code);
            m_out += fmt::format("\" data-count=\"{}\"><text x=\"0\" y=\"{}\">", count, y + 17);
            text(code);
            m_out += " <tspan class=\"rule-name\">";
            text(name);
            m_out += fmt::format(
                "</tspan></text><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"></rect>"
                "<text x=\"{}\" y=\"{}\">{}</text></g>\n",
                k_label, y + 3, bar, k_row - 8, k_label + bar + 8, y + 17, count);
            y += k_row;
        }
        m_out += "</svg>\n</section>\n";
    }

    void file_table() {
        m_table_rows = chosen_files(m_report.files, m_limits.table_rows, [](const FileReport&) { return true; });
        m_detailed = chosen_files(m_report.files, m_limits.detailed_files,
                                  [](const FileReport& file) { return !file.findings.empty(); });
        m_out += "<section id=\"files\">\n<h2>Files</h2>\n<div class=\"controls\">\n";
        m_out +=
            "<label>Decision <select id=\"decision-filter\"><option value=\"\">all</option>"
            "<option value=\"deny\">deny</option><option value=\"review\">review</option>"
            "<option value=\"allow\">allow</option></select></label>\n"
            "<label>Rule <select id=\"rule-filter\"><option value=\"\">all</option>";
        for (const auto& [code, count] : m_tally.findings_per_rule) {
            m_out += "<option value=\"";
            text(code);
            m_out += "\">";
            text(code);
            m_out += fmt::format(" ({})</option>", count);
        }
        m_out +=
            "</select></label>\n<label>Path <input id=\"path-filter\" type=\"search\" "
            "placeholder=\"part of a path\"></label>\n";
        m_out += fmt::format("<p id=\"table-status\" data-shown=\"{0}\">{0} of {0} files shown</p>\n</div>\n",
                             m_table_rows.size());
        if (m_table_rows.size() < m_report.files.size())
            m_out += fmt::format(
                "<p class=\"note\" id=\"table-cut\">The table lists {} of {} files (denied first, then review, "
                "then allowed); the JSON report lists every one.</p>\n",
                m_table_rows.size(), m_report.files.size());
        m_out +=
            "<div class=\"table-wrap\"><table id=\"file-table\">\n<thead><tr>"
            "<th data-sort=\"path\" aria-sort=\"ascending\"><button type=\"button\">Path</button></th>"
            "<th data-sort=\"decision\" aria-sort=\"none\"><button type=\"button\">Decision</button></th>"
            "<th data-sort=\"findings\" aria-sort=\"none\"><button type=\"button\">Findings</button></th>"
            "<th data-sort=\"rules\" aria-sort=\"none\"><button type=\"button\">Rules</button></th>"
            "</tr></thead>\n<tbody>\n";
        std::size_t detailed = 0;
        for (std::size_t index : m_table_rows) {
            const FileReport& file = m_report.files[index];
            while (detailed < m_detailed.size() && m_detailed[detailed] < index)
                ++detailed;
            const bool has_details = detailed < m_detailed.size() && m_detailed[detailed] == index;
            const std::set<std::string> rules = rules_of(file);
            const char* decision = analyzer::decision_name(file.decision);
            m_out += fmt::format("<tr data-order=\"{}\" data-decision=\"{}\" data-findings=\"{}\" data-rules=\"", index,
                                 decision, file.findings.size());
            text(spaced(rules));
            m_out += "\" data-path=\"";
            text(file.path);
            m_out += "\"><td class=\"path\">";
            if (has_details) m_out += fmt::format("<a class=\"to-file\" href=\"#file-{}\">", index);
            text(file.path);
            if (has_details) m_out += "</a>";
            m_out += fmt::format(
                "</td><td><span class=\"badge {0}\">{0}</span></td><td class=\"number\">{1}</td><td class=\"rules\">",
                decision, file.findings.size());
            text(spaced(rules));
            m_out += "</td></tr>\n";
            hand_on(true);
        }
        m_out += "</tbody>\n</table></div>\n</section>\n";
    }

    void findings() {
        m_out += "<section id=\"findings\">\n<h2>Findings</h2>\n";
        std::size_t with_findings = 0;
        for (const auto& file : m_report.files)
            with_findings += file.findings.empty() ? 0 : 1;
        if (with_findings == 0) m_out += "<p class=\"note\">No file has a finding.</p>\n";
        if (m_detailed.size() < with_findings)
            m_out += fmt::format(
                "<p class=\"note\" id=\"findings-cut\">The findings of {} of the {} files that have some are shown "
                "(denied first, then review, then allowed); the JSON report has every one.</p>\n",
                m_detailed.size(), with_findings);
        constexpr std::size_t k_open_files = 10;  // the first few open; the rest one click away
        for (std::size_t n = 0; n < m_detailed.size(); ++n) {
            file_findings(m_detailed[n], n < k_open_files);
            hand_on(true);
        }
        m_out += "</section>\n";
    }

    void file_findings(std::size_t index, bool open) {
        const FileReport& file = m_report.files[index];
        const char* decision = analyzer::decision_name(file.decision);
        m_out += fmt::format("<details class=\"file\" id=\"file-{}\"{} data-decision=\"{}\" data-rules=\"", index,
                             open ? " open" : "", decision);
        text(spaced(rules_of(file)));
        m_out += "\" data-path=\"";
        text(file.path);
        m_out +=
            fmt::format("\">\n<summary><span class=\"badge {}\">{}</span> <span class=\"path\">", decision, decision);
        text(file.path);
        m_out += fmt::format("</span> &middot; {} finding{}</summary>\n", file.findings.size(),
                             file.findings.size() == 1 ? "" : "s");
        const std::size_t shown = std::min(file.findings.size(), m_limits.findings_per_file);
        for (std::size_t i = 0; i < shown; ++i)
            finding(file, file.findings[i]);
        if (shown < file.findings.size())
            m_out +=
                fmt::format("<p class=\"note finding\">{} more findings in this file: the JSON report has them.</p>\n",
                            file.findings.size() - shown);
        m_out += "</details>\n";
    }

    void finding(const FileReport& file, const analyzer::Finding& finding) {
        const rules::RuleMetadata* rule = rules::find_rule(finding.rule);
        const char* severity = analyzer::severity_name(finding.severity);
        m_out +=
            fmt::format("<div class=\"finding\" data-rule=\"{}\">\n<div class=\"finding-head\"><span class=\"rule\">",
                        analyzer::rule_code(finding.rule));
        text(analyzer::rule_code(finding.rule));
        if (rule != nullptr) {
            m_out += ' ';
            text(rule->name);
        }
        m_out += fmt::format(
            "</span><span class=\"severity {0}\">{0}</span><span class=\"where\">line {1}, column {2}</span>", severity,
            finding.range.line, finding.range.column);
        m_out += "</div>\n<div class=\"message\">";
        text(finding.message);
        m_out += "</div>\n";
        excerpt(file, finding);
        if (!finding.chain.empty()) {
            m_out += "<ol class=\"chain\" aria-label=\"how the name was reached\">";
            for (const analyzer::ChainStep& step : finding.chain) {
                m_out += fmt::format("<li>line {}: <code>", step.range.line);
                text(step.text);
                m_out += "</code></li>";
            }
            m_out += "</ol>\n";
        }
        m_out += "</div>\n";
    }

    // The finding's lines and `context_lines` either side, from the lines the
    // scan kept (FileReport::context), or the finding's own line alone.
    void excerpt(const FileReport& file, const analyzer::Finding& finding) {
        const analyzer::SourceRange& range = finding.range;
        const std::uint32_t around = static_cast<std::uint32_t>(m_limits.context_lines);
        const std::uint32_t end_line = std::max(range.end_line, range.line);
        const std::uint32_t first = range.line > around ? range.line - around : 1;
        const std::uint32_t last = end_line + around;
        std::vector<const SourceLine*> lines;
        auto from = std::lower_bound(file.context.begin(), file.context.end(), first,
                                     [](const SourceLine& line, std::uint32_t number) { return line.number < number; });
        for (auto it = from; it != file.context.end() && it->number <= last; ++it)
            lines.push_back(&*it);
        const bool has_own_line =
            std::any_of(lines.begin(), lines.end(), [&](const SourceLine* line) { return line->number == range.line; });
        SourceLine own{range.line, finding.source_line};
        if (!has_own_line) {
            if (finding.source_line.empty()) return;  // nothing to show: an unreadable file, say
            lines = {&own};
        }
        m_out += "<pre class=\"excerpt\">";
        for (const SourceLine* line : lines)
            source_line(*line, range);
        m_out += "</pre>\n";
    }

    void source_line(const SourceLine& line, const analyzer::SourceRange& range) {
        const std::uint32_t end_line = std::max(range.end_line, range.line);
        const bool hit = line.number >= range.line && line.number <= end_line;
        const std::string_view text_of_line = line.text;
        const std::uint32_t length = code_points(text_of_line);
        // The highlighted span, in code points [mark_begin, mark_end).
        std::uint32_t mark_begin = 1, mark_end = 1;
        if (hit) {
            mark_begin = line.number == range.line ? range.column : 1;
            mark_end = line.number == range.end_line ? range.end_column : length + 1;
            if (mark_end <= mark_begin && line.number == range.line) mark_end = mark_begin + 1;
        }
        // The window shown: the whole line, or a cut around the span.
        const auto limit = static_cast<std::uint32_t>(std::max<std::size_t>(m_limits.line_code_points, 16));
        std::uint32_t window_begin = 1;
        if (length > limit && hit && mark_begin > limit / 4) window_begin = mark_begin - limit / 4;
        const std::uint32_t window_end = std::min(length + 1, window_begin + limit);
        auto piece = [&](std::uint32_t from, std::uint32_t to) {  // code points [from, to) of the window
            from = std::clamp(from, window_begin, window_end);
            to = std::clamp(to, from, window_end);
            const std::size_t begin = offset_of_column(text_of_line, from);
            const std::size_t end = offset_of_column(text_of_line, to);
            text(text_of_line.substr(begin, end - begin));
        };
        m_out += fmt::format("<span class=\"line{}\"><span class=\"number\">{}</span>", hit ? " hit" : "", line.number);
        if (window_begin > 1) m_out += "<span class=\"cut\">\xE2\x80\xA6</span>";
        if (hit) {
            piece(window_begin, mark_begin);
            m_out += "<mark>";
            piece(mark_begin, mark_end);
            m_out += "</mark>";
            piece(mark_end, window_end);
        } else {
            piece(window_begin, window_end);
        }
        if (window_end <= length) m_out += "<span class=\"cut\">\xE2\x80\xA6</span>";
        m_out += "</span>";
    }

    std::ostream& m_stream;
    const Report& m_report;
    const HtmlLimits& m_limits;
    ReportTally m_tally;
    std::map<std::string, analyzer::Severity, std::less<>> m_worst_severity;  // per rule: its bar's colour
    std::vector<std::size_t> m_table_rows;                                    // indices into m_report.files
    std::vector<std::size_t> m_detailed;                                      // files whose findings are shown
    std::string m_out;
};

}  // namespace

std::string html_escape(std::string_view text) {
    static const CodePointEscape k_escape = [](std::uint32_t cp) -> std::optional<std::string_view> {
        switch (cp) {
            case '&':
                return "&amp;";
            case '<':
                return "&lt;";
            case '>':
                return "&gt;";
            case '"':
                return "&quot;";
            case '\'':
                return "&#39;";
            default:
                return std::nullopt;
        }
    };
    return safe_text(text, k_escape);
}

void write_html_report(std::ostream& out, const Report& report, const HtmlLimits& limits) {
    HtmlWriter(out, report, limits).write();
}

std::string html_report(const Report& report, const HtmlLimits& limits) {
    std::ostringstream out;
    write_html_report(out, report, limits);
    return std::move(out).str();
}

}  // namespace pygate::reporters
