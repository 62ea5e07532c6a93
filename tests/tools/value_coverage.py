#!/usr/bin/env python3
"""How much of the value code the value oracle reaches.

    value_coverage.py BUILD_DIR [--count N] [--seed S] [--keep DIR]

Compiles the value code (analyzer/model/fold.cpp, codecs.cpp, string_values.cpp,
format_template.cpp, rules/utils/constant_size.cpp) with `-O0 --coverage`, links
it into a copy of BUILD_DIR's pygate-values in place of the release objects,
runs tests/tools/value_oracle.py with it, and prints per file the lines and
the branches reached, then each branch not reached.

Branches are counted as gcov reports them at -O0 (nothing inlined), on the
file's own lines, leaving out the edges gcov marks as exceptional (`throw`:
a call that may raise a C++ exception): what is left is each decision the
source writes (`if`, `&&`, `||`, `?:`, loop conditions, `switch` cases).
BUILD_DIR must be a configured Ninja build with pygate-values built.
"""

import argparse
import gzip
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]
FILES = {"analyzer/model/fold.cpp": "pygate_analyzer", "analyzer/model/codecs.cpp": "pygate_analyzer",
         "analyzer/model/string_values.cpp": "pygate_analyzer", "analyzer/model/format_template.cpp": "pygate_analyzer",
         "rules/utils/constant_size.cpp": "pygate_rules"}


def ninja_commands(build, target):
    out = subprocess.run(["ninja", "-C", str(build), "-t", "commands", target], check=True, capture_output=True,
                         text=True).stdout
    return out.splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build")
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", help="keep the coverage objects and .gcov files here")
    args = parser.parse_args()
    build = Path(args.build).resolve()
    work = Path(args.keep).resolve() if args.keep else Path(tempfile.mkdtemp(prefix="value-coverage-"))
    work.mkdir(parents=True, exist_ok=True)
    commands = ninja_commands(build, "pygate-values")

    # Each value file compiled again, without optimisation and with coverage counters.
    objects = {}
    for source in FILES:
        compile_line = next(line for line in commands if line.endswith(f" -c {SOURCE / source}"))
        # The release flags, optimisation aside (NDEBUG stays: the code measured is the release code).
        words = [w for w in shlex.split(compile_line) if w != "ccache" and not re.fullmatch(r"-O[0-3s]", w)]
        out = work / (Path(source).name + ".o")
        words[words.index("-o") + 1] = str(out)
        at = words.index("-MF")
        del words[at:at + 2]
        words[1:1] = ["-O0", "--coverage"]
        subprocess.run(words, check=True, cwd=build)
        objects[source] = out

    # The libraries with those objects in place of the release ones, and pygate-values linked against them.
    libraries = {}
    for library in set(FILES.values()):
        original = next(build.rglob(f"lib{library}.a"))
        copy = work / original.name
        shutil.copyfile(original, copy)
        members = subprocess.run(["ar", "t", str(copy)], check=True, capture_output=True, text=True).stdout.split()
        for source, lib in FILES.items():
            if lib != library:
                continue
            member = Path(source).name + ".o"
            if member in members:
                subprocess.run(["ar", "d", str(copy), member], check=True)
            subprocess.run(["ar", "r", str(copy), str(objects[source])], check=True, capture_output=True)
        libraries[str(original.relative_to(build))] = str(copy)
    link_line = next(line for line in commands if " -o pygate-values" in line)
    link_line = link_line.removeprefix(": && ").removesuffix(" && :")
    words = [w for w in shlex.split(link_line) if w != "ccache"]
    words = [libraries.get(w, w) for w in words]
    binary = work / "pygate-values"
    words[words.index("-o") + 1] = str(binary)
    words[1:1] = ["--coverage"]
    subprocess.run(words, check=True, cwd=build)

    for gcda in work.glob("*.gcda"):
        gcda.unlink()
    oracle = SOURCE / "tests/tools/value_oracle.py"
    subprocess.run([sys.executable, str(oracle), str(binary), "--count", str(args.count), "--seed", str(args.seed)],
                   check=False)

    report = {}
    for source, obj in objects.items():
        for old in work.glob("*.gcov.json.gz"):
            old.unlink()
        subprocess.run(["gcov", "-b", "-c", "--json-format", "-o", str(work), str(obj)], check=True, cwd=work,
                       capture_output=True)
        data = json.loads(gzip.open(next(work.glob("*.gcov.json.gz"))).read())
        lines_total = lines_hit = branches_total = branches_hit = 0
        unreached = []
        for entry in data["files"]:
            if not entry["file"].endswith(source):
                continue
            for line in entry["lines"]:
                lines_total += 1
                lines_hit += line["count"] > 0
                decisions = [b for b in line["branches"] if not b["throw"]]
                branches_total += len(decisions)
                hit = sum(b["count"] > 0 for b in decisions)
                branches_hit += hit
                if hit < len(decisions):
                    unreached.append((line["line_number"], len(decisions) - hit, line["count"]))
        report[source] = (lines_hit, lines_total, branches_hit, branches_total, unreached)

    for source, (lh, lt, bh, bt, unreached) in report.items():
        print(f"{source}: lines {lh}/{lt} ({100 * lh / max(lt, 1):.1f}%), branches {bh}/{bt} "
              f"({100 * bh / max(bt, 1):.1f}%)")
    for source, (_, _, _, _, unreached) in report.items():
        lines = (SOURCE / source).read_text().splitlines()
        for number, missing, count in unreached:
            state = "line not reached" if count == 0 else f"{missing} branch(es) not taken"
            print(f"  {source}:{number}: {state}: {lines[number - 1].strip()[:110]}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
