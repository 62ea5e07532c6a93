#!/usr/bin/python3
"""Writes the size-scaled malformed inputs the check target is fuzzed from:
files shaped to make a parser slow or to overflow its counts (long error
runs, deep and long `not`, unary and binary chains, unclosed brackets, runs
of comments and line continuations), each at sizes around the bounds
pygate's parser enforces (analyzer/syntax/parse.hpp, leaf_bound.hpp).
Generated, not committed: some are hundreds of kilobytes.

    scaled_inputs.py OUTDIR
"""
import os
import sys

SHAPES = {
    "not_assignments": lambda n: "x = not " * n + "1",
    "deep_not": lambda n: "x = " + "not " * n + "1\n",
    "unary_chain": lambda n: "x = " + "-" * n + "1\n",
    "binary_chain": lambda n: "x = " + "1 + " * n + "1\n",
    "binary_chain_broken": lambda n: "x = " + "1 +" * n + "\n",
    "unclosed_brackets": lambda n: "x = " + "([{" * (n // 3) + "\n",
    "closing_brackets": lambda n: ")]}" * (n // 3) + "\n",
    "error_run": lambda n: "@" * n + "\n",
    "broken_assignment_lines": lambda n: "x =\n" * n,
    "broken_defs": lambda n: "def f(\n" * (n // 4),
    "comment_run": lambda n: "# c\n" * n + "x = 1\n",
    "line_continuation_run": lambda n: "x = [1, \\\n" + "\\\n" * n + "]\n",
    "strings_then_error": lambda n: "x = [\n" + "    'a b c d',\n" * (n // 8) + "\n",
}
SIZES = (2_000, 20_000, 66_000)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, shape in SHAPES.items():
        for size in SIZES:
            with open(os.path.join(out, f"{name}-{size}.py"), "w", encoding="utf-8") as f:
                f.write(shape(size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
