#!/usr/bin/env bash
# Times `pygate check` against its parse-only floor (pygate-parse-floor), the
# walk floor (the same plus one cursor visit of every node, doing nothing) and
# Bandit 1.6.2 over one corpus, with the same number of jobs, and fails when
# pygate costs more than --max-floor-ratio times the parse floor. With
# --ruff-wasm it also times Ruff's official WebAssembly build
# (bench/fetch_ruff_wasm.sh: npm, pinned version and integrity hash) with only
# its flake8-bandit rules (`S`) under Debian's Node, one thread, against
# `pygate check --jobs 1` on the same files, in the same rounds.
#
# The floors and pygate run in turn, round after round, and the ratio is the
# median of each round's own ratio: on a shared VM the machine's speed drifts
# by several percent within a minute, and timing each command's runs in one
# block (as hyperfine does) puts that drift into the ratio.
#
# Usage: bench/compare.sh [--jobs N] [--runs N] [--max-floor-ratio R] [--ruff-wasm] [DIR]
#   DIR defaults to /usr/lib/python3.11 (668 .py files on Debian 12; 1,644 with
#   libpython3.11-testsuite installed: docs/benchmarks.md shows how to bench without it).
#   PYGATE_BUILD: the build folder holding pygate and pygate-parse-floor
#   (default build/release, relative to the repository root). Builds nothing.
set -euo pipefail

die() { echo "compare.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
corpus=/usr/lib/python3.11
jobs=$(nproc)
runs=10
max_floor_ratio=1.3
ruff_wasm=0

while (($#)); do
    case $1 in
        --jobs) jobs=${2:?--jobs needs a value}; shift 2 ;;
        --runs) runs=${2:?--runs needs a value}; shift 2 ;;
        --max-floor-ratio) max_floor_ratio=${2:?--max-floor-ratio needs a value}; shift 2 ;;
        --ruff-wasm) ruff_wasm=1; shift ;;
        -h | --help) sed -n '2,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) corpus=$1; shift ;;
    esac
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs must be a positive integer, got '$jobs'"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer, got '$runs'"
[[ $max_floor_ratio =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--max-floor-ratio must be a number, got '$max_floor_ratio'"
[[ -d $corpus ]] || die "corpus folder '$corpus' does not exist"

pygate=$build_dir/pygate
floor=$build_dir/pygate-parse-floor
for binary in "$pygate" "$floor"; do
    [[ -x $binary ]] || die "missing $binary; build first, e.g.
  cmake -S '$repo_root' -B '$build_dir' -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build '$build_dir'
or point PYGATE_BUILD at another build folder"
done

# Debian packages; absolute paths so a pyenv shim or the shell's `time`
# keyword cannot stand in for them.
source "$repo_root/bench/debian_packages.sh"
install_missing_packages compare.sh hyperfine bandit time

out=$(mktemp -d "${TMPDIR:-/tmp}/pygate-bench.XXXXXX")
# hyperfine runs Bandit through bash, so %q quoting keeps any path intact.
bandit_cmd=$(printf '%q ' /usr/bin/bandit -r -q -f json -o /dev/null "$corpus")

# One untimed run of each pygate binary: sizes the corpus, proves both work
# (hyperfine would only say "non-zero exit") and measures pygate's peak memory.
floor_line=$("$floor" --jobs "$jobs" "$corpus")
/usr/bin/time -v -o "$out/pygate-time.txt" "$pygate" check --jobs "$jobs" --format json --fail-on never \
    --output "$out/pygate-report.json" "$corpus"
[[ -s $out/pygate-report.json ]] || die "pygate wrote no report"

# The floors and pygate in turn: two untimed rounds, then $runs timed ones.
rounds=()
add_command() { local name=$1; shift; rounds+=("$name" "$#" "$@"); }
add_command floor "$floor" --jobs "$jobs" "$corpus"
add_command walk "$floor" --walk --jobs "$jobs" "$corpus"
add_command pygate "$pygate" check --jobs "$jobs" --format json --fail-on never --output /dev/null "$corpus"
if ((ruff_wasm)); then
    # Fetched into the build folder, never committed; Node from the machine's
    # nodejs package (bootstrap.sh installs it, npm included).
    [[ -x /usr/bin/node ]] && command -v npm >/dev/null || install_missing_packages compare.sh nodejs npm
    ruff_package=$("$repo_root/bench/fetch_ruff_wasm.sh" "$build_dir/_deps/ruff-wasm") || die "could not fetch Ruff's WebAssembly build"
    /usr/bin/node "$repo_root/bench/ruff_wasm_check.js" "$ruff_package" "$corpus" >"$out/ruff-wasm-line.txt"
    add_command pygate_1 "$pygate" check --jobs 1 --format json --fail-on never --output /dev/null "$corpus"
    add_command ruff_wasm /usr/bin/node "$repo_root/bench/ruff_wasm_check.js" "$ruff_package" "$corpus"
fi
/usr/bin/python3 "$repo_root/bench/rounds.py" "$out/rounds.json" "$runs" 2 "${rounds[@]}"
# Bandit exits 1 whenever it finds an issue, hence --ignore-failure.
hyperfine --shell=bash --warmup 0 --runs 3 --ignore-failure --export-json "$out/bandit.json" \
    -n bandit "$bandit_cmd"

/usr/bin/python3 - "$out" "$floor_line" "$jobs" "$corpus" "$max_floor_ratio" <<'PY'
import json, re, statistics, sys
out, floor_line, jobs, corpus, max_ratio = sys.argv[1:6]
files, size = map(int, re.match(r"parse-floor: (\d+) files parsed, (\d+) bytes", floor_line).groups())
times = json.load(open(f"{out}/rounds.json"))
times["bandit"] = json.load(open(f"{out}/bandit.json"))["results"][0]["times"]
rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(f"{out}/pygate-time.txt").read())[1])
median = statistics.median
# Each round's own ratio, then their median: drift between rounds cancels.
def round_ratio(a, b):
    return median(x / y for x, y in zip(times[a], times[b]))
ratio = round_ratio("pygate", "floor")
pygate_s, bandit_s = median(times["pygate"]), statistics.mean(times["bandit"])
print(f"\ncorpus {corpus}: {files} files, {size / 1e6:.2f} MB, --jobs {jobs}")
print(f"{'':10}{'median s':>9}{'min s':>8}{'max s':>8}{'runs':>6}")
for name in ("floor", "walk", "pygate", "bandit", "pygate_1", "ruff_wasm"):
    if name not in times:
        continue
    t = times[name]
    print(f"{name:10}{median(t):9.3f}{min(t):8.3f}{max(t):8.3f}{len(t):6}")
print(f"pygate throughput   {files / pygate_s:.0f} files/s, {size / 1e6 / pygate_s:.1f} MB/s")
print(f"pygate peak RSS     {rss_kb / 1024:.1f} MiB")
print(f"walk / floor        {round_ratio('walk', 'floor'):.2f}x (visiting every node once, doing nothing)")
print(f"pygate / floor      {ratio:.2f}x (max {max_ratio}; median of the rounds' ratios)")
print(f"pygate / walk       {round_ratio('pygate', 'walk'):.2f}x")
print(f"bandit / pygate     {bandit_s / pygate_s:.1f}x (Bandit's mean of 3 runs, pygate's median)")
if "ruff_wasm" in times:
    print(f"ruff-wasm / pygate  {round_ratio('ruff_wasm', 'pygate_1'):.2f}x (one thread each: Ruff's WebAssembly build, "
          f"`S` rules only, vs pygate check --jobs 1; median of the rounds' ratios)")
    print("                    native Ruff is usually 1.5-3x faster than its WebAssembly build; it cannot be installed here")
print(f"JSON in {out}")
if ratio > float(max_ratio):
    sys.exit(f"compare.sh: pygate is {ratio:.2f}x the parse floor, above --max-floor-ratio {max_ratio}")
PY
