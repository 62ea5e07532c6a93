#!/usr/bin/env bash
# Peak memory of a corpus-scale JSON Lines scan: generates RECORDS small
# records of model-written-looking code (default 1,000,000; streamed from a
# generator straight into pygate's standard input, never stored), scans them
# with `pygate check --records - --format jsonl > /dev/null`, and prints the
# peak resident set size from /usr/bin/time -v, with the wall time and the
# summary line's counts. Target: under 100 MB for 1,000,000 records.
#
# Usage: bench/records_rss.sh [RECORDS] [-- PYGATE-CHECK-ARGS...]
#   PYGATE_BUILD: the build folder holding pygate (default build/release).
set -euo pipefail

die() { echo "records_rss.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
pygate=$build_dir/pygate
records=1000000
if (($#)) && [[ $1 != -- ]]; then records=$1; shift; fi
[[ ${1:-} == -- ]] && shift
[[ $records =~ ^[1-9][0-9]*$ ]] || die "RECORDS must be a positive integer, got '$records'"
[[ -x $pygate ]] || die "no pygate at $pygate (build it, or set PYGATE_BUILD)"
[[ -x /usr/bin/time ]] || die "needs /usr/bin/time (apt-get install time)"

# Ten shapes of small program, allowed and denied, each record numbered so no
# two are the same text.
generate() {
    /usr/bin/python3 - "$records" <<'PY'
import json, sys
shapes = [
    "def solve(xs):\n    return sorted(xs)[{i} % len(xs)] if xs else None\n",
    "import math\n\ndef area(r):\n    return math.pi * r * r + {i}\n",
    "total = 0\nfor k in range({i} % 100):\n    total += k * k\nprint(total)\n",
    "import os\nos.system('echo {i}')\n",
    "result = eval(input() + '{i}')\n",
    "class Stack:\n    def __init__(self):\n        self.items = [{i}]\n    def push(self, x):\n        self.items.append(x)\n",
    "def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\nprint(fib({i} % 30))\n",
    "import subprocess\nsubprocess.run(['ls', '{i}'])\n",
    "words = 'a b c {i}'.split()\ncounts = {{w: words.count(w) for w in words}}\n",
    "x = = {i}\n",
]
out = sys.stdout
write = out.write
for i in range(int(sys.argv[1])):
    write(json.dumps({"id": f"sample-{i}", "code": shapes[i % len(shapes)].format(i=i)}))
    write("\n")
PY
}

log=$(mktemp)
summary=$(mktemp)
trap 'rm -f "$log" "$summary"' EXIT
set +e
generate | /usr/bin/time -v "$pygate" check --records - --format jsonl --fail-on never --no-progress "$@" \
    2>"$log" | tail -n 1 >"$summary"
status=${PIPESTATUS[1]}
set -e
((status == 0)) || { cat "$log" >&2; die "pygate exited $status"; }
peak_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
echo "records: $records"
echo "summary: $(cat "$summary")"
echo "wall time: $wall"
echo "peak RSS: $((peak_kb / 1024)) MB ($peak_kb kB)"
