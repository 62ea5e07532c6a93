#!/usr/bin/env python3
"""A terminal's screen as tmux's `capture-pane -e` gives it (text and SGR
escape sequences) as one HTML page of coloured monospace cells, for the
screenshot of docs/editors.md. Usage: ansi_to_html.py SCREEN.ansi OUT.html"""
import html
import re
import sys

BASE = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def color_256(n: int) -> str:
    if n < 16:
        return BASE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    level = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (level, level, level)


def apply(codes: list[int], style: dict) -> None:
    i = 0
    while i < len(codes):
        code = codes[i]
        if code == 0:
            style.clear()
        elif code == 1:
            style["bold"] = True
        elif code == 3:
            style["italic"] = True
        elif code in (4, 21):
            style["underline"] = True
        elif code == 7:
            style["reverse"] = True
        elif code == 22:
            style.pop("bold", None)
        elif code == 23:
            style.pop("italic", None)
        elif code == 24:
            style.pop("underline", None)
        elif code == 27:
            style.pop("reverse", None)
        elif 30 <= code <= 37:
            style["fg"] = BASE[code - 30]
        elif 90 <= code <= 97:
            style["fg"] = BASE[code - 90 + 8]
        elif 40 <= code <= 47:
            style["bg"] = BASE[code - 40]
        elif 100 <= code <= 107:
            style["bg"] = BASE[code - 100 + 8]
        elif code == 39:
            style.pop("fg", None)
        elif code == 49:
            style.pop("bg", None)
        elif code in (38, 48) and i + 1 < len(codes):
            key = "fg" if code == 38 else "bg"
            if codes[i + 1] == 5 and i + 2 < len(codes):
                style[key] = color_256(codes[i + 2])
                i += 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                style[key] = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5])
                i += 4
        i += 1


def css(style: dict) -> str:
    fg, bg = style.get("fg", "#d0d0d0"), style.get("bg", "#1c1c1c")
    if style.get("reverse"):
        fg, bg = bg, fg
    parts = [f"color:{fg}", f"background:{bg}"]
    if style.get("bold"):
        parts.append("font-weight:bold")
    if style.get("italic"):
        parts.append("font-style:italic")
    if style.get("underline"):
        parts.append("text-decoration:underline")
    return ";".join(parts)


def main() -> None:
    screen = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    style: dict = {}
    out = []
    for line in screen.rstrip("\n").split("\n"):
        row = []
        for piece in re.split(r"(\x1b\[[0-9;:]*m)", line):
            if piece.startswith("\x1b["):
                apply([int(c) if c else 0 for c in re.split("[;:]", piece[2:-1])], style)
            elif piece:
                row.append(f'<span style="{css(style)}">{html.escape(piece)}</span>')
        out.append("".join(row))
    page = ("<!doctype html><meta charset=utf-8><style>body{margin:0;background:#1c1c1c}"
            "pre{margin:12px;font:15px/1.35 'DejaVu Sans Mono',monospace;color:#d0d0d0}</style><pre>"
            + "\n".join(out) + "</pre>")
    open(sys.argv[2], "w", encoding="utf-8").write(page)


if __name__ == "__main__":
    main()
