#!/usr/bin/env bash
# How long pygate takes to judge pathological constant expressions beyond
# parsing them, measured in one invocation: a file of N bombs
# (`10**10**10**10`, `'a' * 10**100`, a power tower 300 high, ...) through
# `pygate check` (every rule, PG008's size estimate among them) against the
# parse-only floor on the same file, and a file of N `x = 1 + 1` lines for
# scale. Prints the time per bomb beyond the parse.
#
# Usage: bench/constant_bombs.sh [N]   (default 1000; PYGATE_BUILD as in compare.sh)
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
pygate=$build_dir/pygate
count=${1:-1000}
[[ $count =~ ^[1-9][0-9]*$ ]] || { echo "constant_bombs.sh: N must be a positive integer" >&2; exit 2; }
floor=$build_dir/pygate-parse-floor
[[ -x $pygate && -x $floor ]] || { echo "constant_bombs.sh: missing $pygate or $floor; build first" >&2; exit 2; }
[[ -x /usr/bin/hyperfine ]] || { echo "constant_bombs.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }

out=$(mktemp -d "${TMPDIR:-/tmp}/pygate-bombs.XXXXXX")
trap 'rm -rf "$out"' EXIT
tower=$(printf '7**%.0s' $(seq 299))7
python3 - "$count" "$tower" "$out" <<'PY'
import sys
count, tower, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
bombs = ["10**10**10**10", "'a' * 10**100", tower, "[0] * 10**10", "pow(10, 10**10)", "bytearray(10**11)"]
with open(f"{out}/bombs.py", "w") as f:
    for i in range(count):
        f.write(f"x{i} = {bombs[i % len(bombs)]}\n")
with open(f"{out}/plain.py", "w") as f:
    for i in range(count):
        f.write(f"x{i} = 1 + 1\n")
PY
# Source limits are raised so only the expressions differ between the two files.
cat > "$out/profile.toml" <<'TOML'
name = "bench_bombs"
extends = "safe_eval"
[source]
max_bytes = 100000000
max_lines = 10000000
max_nodes = 100000000
TOML
hyperfine -N -w 2 -r 10 --export-json "$out/times.json" \
    "$floor --jobs 1 $out/bombs.py" \
    "$pygate check --jobs 1 --profile $out/profile.toml --quiet --fail-on never $out/bombs.py" \
    "$floor --jobs 1 $out/plain.py" \
    "$pygate check --jobs 1 --profile $out/profile.toml --quiet --fail-on never $out/plain.py" >/dev/null
python3 - "$out/times.json" "$count" <<'PY'
import json, sys
floor_bombs, bombs, floor_plain, plain = (r["mean"] for r in json.load(open(sys.argv[1]))["results"])
count = int(sys.argv[2])
print(f"{count} bombs:          parse floor {floor_bombs * 1000:7.1f} ms, pygate {bombs * 1000:7.1f} ms")
print(f"{count} harmless lines: parse floor {floor_plain * 1000:7.1f} ms, pygate {plain * 1000:7.1f} ms")
print(f"judging one bomb beyond its parse: {(bombs - floor_bombs) / count * 1e6:.0f} us "
      f"(a harmless line: {(plain - floor_plain) / count * 1e6:.0f} us)")
PY
