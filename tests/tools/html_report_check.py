#!/usr/bin/python3
"""`pygate check --format html` opened in a real browser (Debian's chromium,
headless): docs/scanning.md, "The HTML report".

Usage: html_report_check.py PYGATE CORPUS-FOLDER OUTPUT-FOLDER

Scans the corpus and a folder of hostile names and contents (a file named
`<img src=x onerror=alert(1)>.py` whose source lines hold `<script>` and
`onerror`), once as HTML and once as JSON, then asserts on the DOM chromium
renders (--dump-dom, after the page's script ran):

- the counts (files, allowed, review, denied, findings per rule) equal the
  JSON report's summary, and the table has a row per file;
- the only <script> is the page's own, no <img> or on* attribute exists, and
  the hostile names and lines are there as text; a script and a handler
  pasted into a copy of the page do not run (its Content-Security-Policy);
- the page's script ran under its Content-Security-Policy, and its filters
  and sorting work: opened at #decision=deny only denied rows show, at
  #rule=PG004&decision=deny only those, at #sort=findings&dir=desc the rows
  are in descending order of findings;
- a screenshot (OUTPUT-FOLDER/html_report.png, 1280x1600) is a real image.
Prints one line per check and exits non-zero on the first failure.
"""
import html.parser
import json
import os
import pathlib
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

PYGATE = os.path.abspath(sys.argv[1])
CORPUS = os.path.abspath(sys.argv[2])
OUTPUT = pathlib.Path(sys.argv[3]).resolve()

HOSTILE_NAME = "<img src=x onerror=alert(1)>.py"
HOSTILE_QUOTES = "\"'><svg onload=alert(3)>.py"
HOSTILE_SOURCE = """import os
banner = "<script>alert(1)</script>"
os.system(banner)  # <img src=y onerror=alert(2)>
"""
HOSTILE_CHAIN = """import subprocess as sp
run = sp.run  # </code><script>alert(4)</script>
run("ls")
"""


class Dom(html.parser.HTMLParser):
    """The elements chromium serialised: each tag with its attributes, and the
    text of elements by id and by class, as a browser's DOM has them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # (tag, attributes dict)
        self.text = []
        self.rows = []  # attributes of tbody rows of #file-table
        self.bars = []  # attributes of the chart's bars
        self.path_cells = []
        self._in_path_cell = False
        self._cell_text = ""

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.elements.append((tag, attributes))
        if tag == "tr" and "data-order" in attributes:
            self.rows.append(attributes)
        if tag == "g" and "data-rule" in attributes:
            self.bars.append(attributes)
        if tag == "td" and attributes.get("class") == "path":
            self._in_path_cell = True
            self._cell_text = ""

    def handle_endtag(self, tag):
        if tag == "td" and self._in_path_cell:
            self.path_cells.append(self._cell_text)
            self._in_path_cell = False

    def handle_data(self, data):
        self.text.append(data)
        if self._in_path_cell:
            self._cell_text += data

    def by_id(self, wanted):
        found = [attributes for _, attributes in self.elements if attributes.get("id") == wanted]
        assert len(found) == 1, (wanted, found)
        return found[0]


def chromium(*args):
    browser = shutil.which("chromium")
    assert browser, "chromium is not installed: ./bootstrap.sh installs it (apt-get install chromium)"
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", f"--user-data-dir={profile}", *args],
            capture_output=True, timeout=180)
    assert result.returncode == 0, (args, result.returncode, result.stderr.decode(errors="replace")[-2000:])
    return result.stdout.decode()


def dom_at(page, fragment=""):
    dom = Dom()
    dom.feed(chromium("--dump-dom", page.as_uri() + fragment))
    root = [attributes for tag, attributes in dom.elements if tag == "html"]
    assert root and root[0].get("data-script") == "ran", "the page's script did not run (Content-Security-Policy?)"
    return dom


def visible(dom):
    return [row for row in dom.rows if "hidden" not in row]


def main():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        hostile = pathlib.Path(temporary) / "hostile"
        hostile.mkdir()
        (hostile / HOSTILE_NAME).write_text(HOSTILE_SOURCE)
        (hostile / HOSTILE_QUOTES).write_text(HOSTILE_CHAIN)
        page = OUTPUT / "html_report.html"
        scan = [PYGATE, "check", "--fail-on", "never", "--no-progress", CORPUS, str(hostile)]
        subprocess.run([*scan, "--format", "html", "--output", str(page)], check=True)
        report = json.loads(subprocess.run([*scan, "--format", "json"], check=True, capture_output=True).stdout)
    summary = report["summary"]
    by_path = {entry["path"]: entry for entry in report["files"]}
    hostile_paths = [path for path in by_path if path.endswith((HOSTILE_NAME, HOSTILE_QUOTES))]
    assert len(hostile_paths) == 2, hostile_paths
    for path in hostile_paths:
        assert by_path[path]["decision"] == "deny" and by_path[path]["findings"], by_path[path]

    # Before any browser: the file itself holds the hostile text only escaped.
    source = page.read_text()
    for raw in ("<script>alert", "<img src", "onerror=alert(1)>", "</code><script>"):
        assert raw not in source, f"unescaped {raw!r} in the page"
    assert source.count("<script") == 1, "one <script> element: the page's own"
    print("ok: the page holds no unescaped hostile text")

    dom = dom_at(page)
    for key, element_id in (("files", "count-files"), ("allowed", "count-allow"), ("review", "count-review"),
                            ("denied", "count-deny")):
        element = dom.by_id(element_id)
        assert int(element["data-count"]) == summary[key], (key, element, summary[key])
    assert int(dom.by_id("count-findings")["data-count"]) == sum(summary["findings"].values())
    assert {bar["data-rule"]: int(bar["data-count"]) for bar in dom.bars} == summary["findings"], dom.bars
    assert len(dom.rows) == summary["files"], (len(dom.rows), summary["files"])
    assert {row["data-path"]: row["data-decision"] for row in dom.rows} == \
        {path: entry["decision"] for path, entry in by_path.items()}
    assert int(dom.by_id("table-status")["data-shown"]) == summary["files"]
    print(f"ok: counts in the browser's DOM equal the JSON report's ({summary['files']} files, "
          f"{summary['denied']} denied, {len(dom.bars)} rules)")

    scripts = [attributes for tag, attributes in dom.elements if tag == "script"]
    assert len(scripts) == 1 and not scripts[0], scripts
    assert not [tag for tag, _ in dom.elements if tag in ("img", "iframe", "object", "embed", "link")]
    handlers = [(tag, name) for tag, attributes in dom.elements for name in attributes if name.startswith("on")]
    assert not handlers, handlers
    policies = [attributes["content"] for tag, attributes in dom.elements
                if tag == "meta" and attributes.get("http-equiv") == "Content-Security-Policy"]
    assert len(policies) == 1 and policies[0].startswith("default-src 'none';"), policies
    assert "unsafe-inline" not in policies[0]
    text = "".join(dom.text)
    for path in hostile_paths:
        assert path in dom.path_cells, (path, "not shown as a path")
    for line in ('banner = "<script>alert(1)</script>"', "os.system(banner)  # <img src=y onerror=alert(2)>",
                 "run = sp.run  # </code><script>alert(4)</script>"):
        assert line in text, (line, "not shown as text")
    print("ok: no injected element or handler; hostile names and lines are text")

    # Defence in depth: were escaping ever wrong, the policy would still stop
    # an inline script or handler that is not the page's own.
    injected = OUTPUT / "html_report_injected.html"
    injected.write_text(source.replace(
        "</main>", "<script>document.documentElement.dataset.injected = 'ran';</script>"
                   "<svg><image href=\"x\" onerror=\"document.documentElement.dataset.handler = 'ran'\"/></svg></main>", 1))
    root = [attributes for tag, attributes in dom_at(injected).elements if tag == "html"][0]
    assert "data-injected" not in root and "data-handler" not in root, root
    injected.unlink()
    print("ok: the Content-Security-Policy runs the page's script and no injected one")

    denied = visible(dom_at(page, "#decision=deny"))
    assert denied and all(row["data-decision"] == "deny" for row in denied), denied[:3]
    assert len(denied) == summary["denied"], (len(denied), summary["denied"])
    both = visible(dom_at(page, "#rule=PG004&decision=deny"))
    expected = [path for path, entry in by_path.items()
                if entry["decision"] == "deny" and any(f["rule"] == "PG004" for f in entry["findings"])]
    assert sorted(row["data-path"] for row in both) == sorted(expected), (len(both), len(expected))
    by_findings = dom_at(page, "#sort=findings&dir=desc")
    counts = [int(row["data-findings"]) for row in visible(by_findings)]
    assert counts == sorted(counts, reverse=True) and counts[0] == max(len(e["findings"]) for e in by_path.values())
    assert counts != [len(by_path[row["data-path"]]["findings"]) for row in dom.rows], "the order did not change"
    print(f"ok: filters and sorting in the browser ({len(denied)} denied rows, {len(both)} PG004 denied, "
          f"most findings first: {counts[0]})")

    screenshot = OUTPUT / "html_report.png"
    screenshot.unlink(missing_ok=True)
    # Drawn after the page's script has run and every stage has painted, however busy the machine.
    chromium(f"--screenshot={screenshot}", "--window-size=1280,1600", "--hide-scrollbars",
             "--run-all-compositor-stages-before-draw", "--virtual-time-budget=3000", page.as_uri())
    data = screenshot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 1600), (width, height)
    pixels = bytearray()
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            pixels += data[at + 8:at + 8 + length]
        at += 12 + length
    distinct = len(set(zlib.decompress(bytes(pixels))))
    assert len(data) > 20000 and distinct > 32, (len(data), distinct)
    print(f"ok: screenshot {screenshot} ({len(data)} bytes, {distinct} distinct byte values)")


if __name__ == "__main__":
    main()
