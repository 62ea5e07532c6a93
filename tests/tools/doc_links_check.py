#!/usr/bin/env python3
"""Every relative link of the README and docs/ names a file that exists and,
with a #fragment, a heading of that file: moving depth between pages must
not leave a reader at a dead link. In the pages that tell a maintainer where
things are (ARCHITECTURE.md, CONTRIBUTING.md), every file or folder of the
repository named in backticks (`rules/registry.cpp`, `analyzer/model/fold`)
must exist too, so a recipe cannot send a newcomer to a file that moved.
    tests/tools/doc_links_check.py REPOSITORY"""

import glob
import os
import re
import sys

# Pages whose backticked paths are instructions: each must name what exists.
PATH_PAGES = ("ARCHITECTURE.md", "CONTRIBUTING.md")


def missing_paths(root: str, page: str) -> list:
    """Backticked repository paths of `page` that name nothing. A path is one
    whose first component is a folder of the repository (not build/, which
    the build makes); placeholders (`pgNNN_name.cpp`, `*_command`) are
    templates, not names, and are skipped."""
    text = open(os.path.join(root, page), encoding="utf-8").read()
    folders = {name for name in os.listdir(root) if os.path.isdir(os.path.join(root, name))} - {"build"}
    problems = []
    for match in re.finditer(r"`([a-z_][\w.-]*/[\w./-]*)`", text):
        path = match.group(1).rstrip("/")
        if path.split("/")[0] not in folders or re.search(r"[A-Z*<]", path):
            continue
        full = os.path.join(root, path)
        if not (os.path.exists(full) or glob.glob(glob.escape(full) + ".*")):
            problems.append(f"{page}: `{match.group(1)}`: no such file or folder")
    return problems


def anchors(path: str) -> set:
    found = set()
    in_code = False
    with open(path, encoding="utf-8") as page:
        for line in page:
            if line.startswith("```"):
                in_code = not in_code
            if in_code or not line.startswith("#"):
                continue
            title = line.lstrip("#").strip().lower()
            # GitHub's anchors: punctuation dropped, spaces to hyphens.
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def main() -> int:
    root = sys.argv[1]
    pages = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "python/README.md"]
    pages += [os.path.join("docs", name) for name in sorted(os.listdir(os.path.join(root, "docs"))) if name.endswith(".md")]
    broken = []
    checked = 0
    for page in pages:
        path = os.path.join(root, page)
        if not os.path.exists(path):
            continue
        text = open(path, encoding="utf-8").read()
        for match in re.finditer(r"\]\(([^)#\s]*)(#[^)\s]+)?\)", text):
            target, fragment = match.group(1), match.group(2)
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            checked += 1
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), target)) if target else path
            if not os.path.exists(resolved):
                broken.append(f"{page}: {target}: no such file")
            elif fragment and resolved.endswith(".md") and fragment[1:] not in anchors(resolved):
                broken.append(f"{page}: {target}{fragment}: no such heading")
    for page in PATH_PAGES:
        broken += missing_paths(root, page)
    for line in broken:
        print(line)
    print(f"doc_links_check: {checked} links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
