"""What a cell's code makes reaches the front end inert: run through the
kernel, a notebook of hostile outputs (HTML with script, event handlers,
SVG with script, frames, mXSS, links, styles that fetch, escape sequences)
is converted to HTML by nbconvert, as `jupyter nbconvert --to html` does, and
opened in headless Chromium: no script runs, while the pandas table and the
matplotlib figure still render. The same outputs put into a notebook by hand
(not through the kernel) do run there: the check can fail."""

from __future__ import annotations

import html.parser
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import List, Tuple

import nbformat
import pytest
from nbconvert import HTMLExporter

from test_kernel import agent, execute, notebook  # noqa: F401 (agent: a fixture)

MARK = 'document.documentElement.setAttribute("data-pwned", "{0}")'

# Each returns its payload as a value's HTML (`_repr_html_`, as the issue's
# cell does), so each passes the gate of a profile that allows classes.
PAYLOADS = {
    "script": f"<script>{MARK.format('script')}</script>",
    "onerror": f"<img src=x onerror='{MARK.format('onerror')}'>",
    "svg_script": f"<svg><script>{MARK.format('svg_script')}</script></svg>",
    "svg_onload": f"<svg onload='{MARK.format('svg_onload')}'></svg>",
    "iframe": f"<iframe srcdoc='<script>parent.{MARK.format('iframe')}</script>'></iframe>",
    "mxss": f"<math><mtext><table><mglyph><style><img src=x onerror='{MARK.format('mxss')}'>",
    "details": f"<details open ontoggle='{MARK.format('details')}'>x</details>",
    "object": "<object data='data:text/html,<script>alert(1)</script>'></object>",
    "style_fetch": "<style>@import url(http://127.0.0.1:9/pwned.css)</style><b>styled</b>",
    "javascript_link": "<a href='javascript:alert(1)'>link</a>",
}


def hostile_cell(name: str, payload: str) -> str:
    return (f"class Shown_{name}:\n"
            f"    def _repr_html_(self):\n"
            f"        return {payload!r}\n"
            f"Shown_{name}()")


CELLS = [hostile_cell(name, payload) for name, payload in PAYLOADS.items()] + [
    "print('\\x1b]0;pwned title\\x07\\x1b]52;c;cHduZWQ=\\x07\\x1b[2J\\x9b31mred')",
    "import pandas as pd\npd.DataFrame({'A': [1, 2], 'B': [3, 4]})",
    "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.plot([1, 2, 3], [1, 4, 9])\nplt.show()",
]


class Dom(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements: List[Tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def rendered(book: nbformat.NotebookNode, folder: Path) -> Dom:
    """The notebook as nbconvert's HTML, opened in headless Chromium, once
    its scripts had their time: the DOM it serialised."""
    page = folder / "notebook.html"
    body, _ = HTMLExporter().from_notebook_node(book)
    page.write_text(body)
    browser = shutil.which("chromium")
    assert browser, "chromium is not installed: ./bootstrap.sh installs it (apt-get install chromium)"
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--virtual-time-budget=5000",
             "--dump-dom", page.as_uri()],
            capture_output=True, timeout=180)
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    dom = Dom()
    dom.feed(result.stdout.decode())
    return dom


def pwned(dom: Dom) -> List[str]:
    return [attributes["data-pwned"] for tag, attributes in dom.elements
            if tag == "html" and "data-pwned" in attributes]


def test_hostile_outputs_run_no_script_in_a_browser_and_tables_and_figures_render(tmp_path):
    book = execute(notebook(*CELLS, kernel="pygate-plotting"))
    dom = rendered(book, tmp_path)
    assert pwned(dom) == []
    shown = [output for cell in book.cells for output in cell.outputs]
    for output in shown:
        for mime in output.get("data", {}):
            assert mime in ("text/plain", "text/html", "image/png"), mime
    streams = "".join(output.get("text", "") for output in shown if output["output_type"] == "stream")
    assert "\x1b" not in streams and "\x9b" not in streams and "\\x1b]52;c;" in streams
    tags = [tag for tag, _ in dom.elements]
    assert "script" not in [tag for tag, attributes in dom.elements if "pwned" in str(attributes)]
    assert "iframe" not in tags and "object" not in tags
    assert any(tag == "table" and attributes.get("class") == "dataframe" for tag, attributes in dom.elements)
    assert any(tag == "img" and attributes.get("src", "").startswith("data:image/png;base64,")
               for tag, attributes in dom.elements)
    assert not any(attributes.get("href", "").startswith("javascript:") for _, attributes in dom.elements)


def test_the_same_outputs_unsanitized_do_run_there(tmp_path):
    """The check above can fail: the payloads as a kernel would send them
    unsanitized (a notebook written by hand) run in the same browser."""
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(f"Shown_{name}()", outputs=[nbformat.v4.new_output(
        "execute_result", data={"text/html": payload, "text/plain": name}, execution_count=1)])
        for name, payload in PAYLOADS.items()]
    found = pwned(rendered(book, tmp_path))
    assert found, "no payload ran in the browser: the test above would prove nothing"


def test_comm_messages_from_the_front_end_open_nothing(agent):
    """No widget or comm channel: a comm_open from the front end is ignored,
    and the kernel sends no comm message."""
    kernel = agent("pygate-plotting")
    kernel.client.comm_info(reply=True, timeout=60)
    message = kernel.client.session.msg("comm_open", {"comm_id": "c1", "target_name": "jupyter.widget", "data": {}})
    kernel.client.shell_channel.send(message)
    reply, messages = kernel.run("1 + 1")
    assert reply["status"] == "ok"
    assert not [kind for kind, _ in messages if kind.startswith("comm")]
    info = kernel.client.comm_info(reply=True, timeout=60)["content"]
    assert info["comms"] == {}


def test_each_kind_of_output_is_kept_sanitized_or_dropped():
    import sys
    from conftest import SOURCE
    sys.path.insert(0, str(SOURCE))
    from pygate.kernel._inert import inert_bundle, inert_text

    png = "iVBORw0KGgo="  # the PNG signature, base64
    kept = inert_bundle({
        "text/plain": "a\x1b[2Jb", "text/html": "<b onclick='x()'>b</b><script>x()</script>",
        "image/png": png, "image/jpeg": "bm90IGEganBlZw==", "image/svg+xml": "<svg/>",
        "text/markdown": "*m*", "text/latex": "$x$", "application/javascript": "x()",
        "application/vnd.jupyter.widget-view+json": {"model_id": "m"}, "text/x-unknown": "u",
    })
    assert kept == {"text/plain": "a\\x1b[2Jb", "text/html": "<b>b</b>", "image/png": png}
    assert inert_text("tab\tnew\nret\rbel\x07c1\x9b del\x7f") == "tab\tnew\nret\rbel\\x07c1\\x9b del\\x7f"


def test_random_markup_never_keeps_an_active_part():
    """Fragments of hostile markup, shuffled and nested at random (seeded):
    the sanitizer's output holds no element, attribute or URL that can act."""
    import random
    import sys
    from conftest import SOURCE
    sys.path.insert(0, str(SOURCE))
    from pygate.kernel._inert import sanitized_html

    pieces = ["<script>", "</script>", "<svg", "<math>", "<mtext>", "<table>", "<mglyph>", "<style>", "</style>",
              "<img src=x", " onerror=alert(1)", " onload='x()'", ">", "<a href=", "javascript:alert(1)", "<!--",
              "-->", "<![CDATA[", "]]>", "<iframe srcdoc=", "'<script>x()</script>'", "<object data=", "<td>",
              "<noscript>", "</noscript>", "<template>", "<b", " style='background:url(//x)'", "&lt;script&gt;",
              "<div", " class=dataframe", "</div>", "\"", "'", "=", " ", "<", "</", "x", "<base href=//x>",
              "<form action=//x>", "<input autofocus onfocus=x()>", "<details open ontoggle=x()>", "<video><source"]
    from pygate.kernel._inert import _ATTRIBUTES, _TAGS

    def elements(html_text):
        parsed = Dom()
        parsed.feed(html_text)
        parsed.close()
        return parsed.elements

    chance = random.Random(47)
    for _ in range(3000):
        fragment = "".join(chance.choice(pieces) for _ in range(chance.randrange(1, 30)))
        cleaned = sanitized_html(fragment)
        # What a browser would build of it, read back: only listed elements
        # with listed attributes; the rest is text, and text does not act.
        for tag, attributes in elements(cleaned):
            assert tag in _TAGS, (fragment, cleaned)
            for name in attributes:
                assert name in _ATTRIBUTES["*"] or name in _ATTRIBUTES.get(tag, []), (fragment, cleaned)
