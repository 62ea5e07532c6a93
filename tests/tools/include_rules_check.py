#!/usr/bin/env python3
"""Fails when a source file includes a folder its own folder may not depend on.

The allowed dependencies are the table in ARCHITECTURE.md ("| folder | its job
| may include |"): one row per source folder, the third column naming the
folders it may include in backticks (`analyzer/`), "nothing of ours", or
"every folder above"; a header followed by "only" (`support/unique_fd.hpp`
only) allows that header of its folder and no other. Every
`#include "folder/..."` of every .cpp, .hpp and .inc file in a listed folder
is checked against its row; a source folder with no row, or a row naming a
folder that does not exist, fails too.

Usage: include_rules_check.py REPOSITORY
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

NOT_SOURCE = {"tests", "fuzz", "corpus", "docs", "examples", "build", "python", "scripts", "node_modules"}


def allowed_table(architecture: str):
    """Each folder's allowed folders, and the folders it may include only some headers of."""
    rows = {}
    only_headers = {}
    order = []
    in_table = False
    for line in architecture.splitlines():
        if line.startswith("| folder | its job | may include |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if not in_table or line.startswith("|---"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        folder = re.fullmatch(r"`([a-z_]+)/`", cells[0])
        if not folder:
            continue
        name = folder.group(1)
        deps_text = cells[-1]
        if "every folder above" in deps_text:
            deps = set(order)
        else:
            deps = set(re.findall(r"`([a-z_]+)/[^`]*`", deps_text))
        for header in re.findall(r"`([a-z_]+/[a-z_]+\.hpp)` only", deps_text):
            only_headers.setdefault(name, {}).setdefault(header.split("/")[0], set()).add(header)
        rows[name] = deps
        order.append(name)
    return rows, only_headers


def main() -> int:
    root = Path(sys.argv[1]).resolve()
    rows, only_headers = allowed_table((root / "ARCHITECTURE.md").read_text())
    if not rows:
        print("ARCHITECTURE.md has no '| folder | its job | may include |' table")
        return 1
    problems = []
    source_folders = sorted(path.name for path in root.iterdir()
                            if path.is_dir() and not path.name.startswith(".") and path.name not in NOT_SOURCE
                            and any(path.glob("*.cpp")) | any(path.glob("*.hpp")))
    for folder in source_folders:
        if folder not in rows:
            problems.append(f"{folder}/ holds C++ sources but has no row in ARCHITECTURE.md's table")
    for folder, deps in rows.items():
        for dep in deps | {folder}:
            if not (root / dep).is_dir():
                problems.append(f"ARCHITECTURE.md's row for {folder}/ names {dep}/, which does not exist")
    project_folders = set(source_folders)
    checked = 0
    for folder in sorted(rows):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".inc") or not path.is_file():
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = re.match(r'\s*#\s*include\s+"(([a-z_]+)/[^"]*)"', line)
                if not match:
                    continue
                checked += 1
                header, target = match.group(1), match.group(2)
                if target == folder or target not in project_folders:
                    continue
                allowed_headers = only_headers.get(folder, {}).get(target)
                if allowed_headers is not None and header not in allowed_headers:
                    problems.append(f"{path.relative_to(root)}:{number}: includes {header}; ARCHITECTURE.md allows "
                                    f"{folder}/ only {', '.join(sorted(allowed_headers))} of {target}/")
                elif target not in rows[folder]:
                    problems.append(f"{path.relative_to(root)}:{number}: includes {target}/, which {folder}/ may not "
                                    f"depend on (ARCHITECTURE.md allows: "
                                    f"{', '.join(sorted(rows[folder])) or 'nothing of ours'})")
    for problem in problems:
        print(problem)
    print(f"{checked} includes of {len(rows)} folders checked; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
