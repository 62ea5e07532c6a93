"""What leaves the sandbox, made inert before a front end shows it.

A notebook front end trusts the outputs a kernel sends while the notebook is
open: HTML it inserts as it is, SVG inline, JavaScript it runs, with the
user's token, where it could start an ordinary kernel. The code that made a
cell's outputs is untrusted, so nothing it made reaches the front end as
markup that can act:

- `text/html` passes through an allowlist sanitizer, bleach (Debian's
  python3-bleach, on html5lib, which parses as browsers do): tables, text
  and its formatting only; no script, no event handler, no style, no link,
  no image or frame (they would fetch from outside, a channel out of the
  sandbox). The elements whose content is code or foreign markup (script,
  style, svg, math...) go with their content.
- `image/png` and `image/jpeg` pass when they are base64 of such an image.
- `text/plain` passes with its escape sequences neutralised.
- Everything else is dropped: `image/svg+xml` (markup that can carry script;
  a figure has its PNG), `text/markdown` and `text/latex` (markup a front end
  renders), `application/javascript`, widget views and any unknown type.

Text streams and tracebacks have their terminal control sequences
neutralised too (ESC, the other C0 controls but tab, newline and carriage
return, DEL and the C1 controls, shown as `\\xNN`): a terminal client prints
them as they come, and an OSC or CSI sequence could set its title, write
its clipboard or rewrite what it showed.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any, Dict, Mapping

import bleach
import html5lib
from html5lib import serializer, treewalkers

# What a pandas table, a NumPy array's or a library's HTML summary needs.
_TAGS = frozenset({
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col",
    "div", "span", "p", "br", "hr", "pre", "code", "samp", "kbd", "blockquote",
    "b", "strong", "i", "em", "u", "s", "small", "sub", "sup", "mark", "abbr",
    "ul", "ol", "li", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6",
    "details", "summary",
})
_ATTRIBUTES = {
    "*": ["class", "title"],
    "table": ["border"],
    "th": ["colspan", "rowspan", "scope"],
    "td": ["colspan", "rowspan"],
    "col": ["span"],
    "colgroup": ["span"],
    "ol": ["start"],
}
# Elements whose content is code, foreign markup or raw text: removed whole,
# so that neither runs nor shows as text.
_DROPPED_WHOLE = frozenset({
    "script", "style", "template", "noscript", "iframe", "frame", "frameset", "object", "embed",
    "applet", "svg", "math", "textarea", "title", "xmp", "noembed", "noframes", "plaintext", "head",
})
_IMAGES = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff"}

_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def inert_text(text: str) -> str:
    """`text` with every terminal control sequence's introducer shown as `\\xNN`."""
    return _CONTROLS.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def _without_code(html: str) -> str:
    """The fragment without the elements of _DROPPED_WHOLE and their content."""
    fragment = html5lib.parseFragment(html, treebuilder="etree", namespaceHTMLElements=False)

    def local(tag: Any) -> str:
        return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""

    def prune(element: Any) -> None:
        children = list(element)
        for index, child in enumerate(children):
            if local(child.tag) in _DROPPED_WHOLE or not isinstance(child.tag, str):
                # Its tail is the text after it: kept, as the text before it.
                if child.tail:
                    if index > 0:
                        children[index - 1].tail = (children[index - 1].tail or "") + child.tail
                    else:
                        element.text = (element.text or "") + child.tail
                element.remove(child)
            else:
                prune(child)

    prune(fragment)
    walker = treewalkers.getTreeWalker("etree")
    return serializer.HTMLSerializer(omit_optional_tags=False).render(walker(fragment))


def sanitized_html(html: str) -> str:
    return bleach.clean(_without_code(html), tags=_TAGS, attributes=_ATTRIBUTES, protocols=[],
                        strip=True, strip_comments=True)


def _is_image(value: str, magic: bytes) -> bool:
    try:
        return base64.b64decode(value, validate=True).startswith(magic)
    except (binascii.Error, ValueError):
        return False


def inert_bundle(bundle: Mapping[str, Any]) -> Dict[str, str]:
    """The representations of `bundle` a front end may show: see the module's
    docstring. Possibly empty."""
    kept: Dict[str, str] = {}
    for mime, value in bundle.items():
        if not isinstance(value, str):
            continue
        if mime == "text/plain":
            kept[mime] = inert_text(value)
        elif mime == "text/html":
            kept[mime] = sanitized_html(value)
        elif mime in _IMAGES and _is_image(value, _IMAGES[mime]):
            kept[mime] = value
    return kept
