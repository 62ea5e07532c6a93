#!/usr/bin/env bash
# Speed at corpus scale, in one invocation: for each corpus, the parse-only
# floor and `pygate check` with every rule under safe_eval and repo_tooling,
# each with --jobs 1 and --jobs 2, and Bandit 1.6.2 on the same files; then
# files/s, MB/s, peak memory, the ratio to the floor, the speed-up over
# Bandit and the scaling from one job to two. Then the one-shot latency of
# `pygate check` on a 40-line file against `python3 -c pass` and Bandit.
# The floor and pygate run in turn, round after round (bench/rounds.py), and
# each ratio is the median of the rounds' own ratios.
#
# Usage: bench/corpora.sh [--runs N] [--bandit-runs N] [CORPUS...]
#   CORPUS: stdlib (the standard library without its test suite, copied to a
#   temporary folder as docs/benchmarks.md shows), testsuite (/usr/lib/python3.11/test,
#   Debian package libpython3.11-testsuite), django (python3-django), or a
#   folder. Default: stdlib testsuite django. Missing Debian packages
#   (hyperfine, bandit, time and the corpora's) are installed.
#   PYGATE_BUILD: the build folder holding pygate and pygate-parse-floor
#   (default build/release). Builds nothing.
set -euo pipefail

die() { echo "corpora.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
runs=5
bandit_runs=1
corpora=()
while (($#)); do
    case $1 in
        --runs) runs=${2:?--runs needs a value}; shift 2 ;;
        --bandit-runs) bandit_runs=${2:?--bandit-runs needs a value}; shift 2 ;;
        -h | --help) sed -n '2,19s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) corpora+=("$1"); shift ;;
    esac
done
((${#corpora[@]})) || corpora=(stdlib testsuite django)
[[ $runs =~ ^[1-9][0-9]*$ && $bandit_runs =~ ^[1-9][0-9]*$ ]] || die "--runs and --bandit-runs take positive integers"

pygate=$build_dir/pygate
floor=$build_dir/pygate-parse-floor
for binary in "$pygate" "$floor"; do
    [[ -x $binary ]] || die "missing $binary; build first (cmake --build $build_dir)"
done

packages=(hyperfine bandit time)
for corpus in "${corpora[@]}"; do
    case $corpus in
        stdlib | testsuite) packages+=(libpython3.11-testsuite) ;;
        django) packages+=(python3-django) ;;
    esac
done
source "$repo_root/bench/debian_packages.sh"
install_missing_packages corpora.sh "${packages[@]}"

out=$(mktemp -d "${TMPDIR:-/tmp}/pygate-corpora.XXXXXX")
corpus_dir() {
    case $1 in
        stdlib)
            # The standard library without the files of libpython3.11-testsuite.
            local dir=$out/stdlib
            mkdir -p "$dir"
            (cd /usr/lib/python3.11 &&
                comm -23 <(find . -name '*.py' | sort) \
                    <(dpkg -L libpython3.11-testsuite | sed -n 's|^/usr/lib/python3.11|.|p' | sort) |
                tar -cf - -T - | tar -xf - -C "$dir")
            echo "$dir" ;;
        testsuite) echo /usr/lib/python3.11/test ;;
        django) echo /usr/lib/python3/dist-packages/django ;;
        *) [[ -d $1 ]] || die "no corpus folder '$1'"; echo "$1" ;;
    esac
}

q() { printf '%q ' "$@"; }
add_command() { local name=$1; shift; rounds+=("$name" "$#" "$@"); }
summary=$out/summary.txt
: >"$summary"
for corpus in "${corpora[@]}"; do
    dir=$(corpus_dir "$corpus")
    name=$(basename "$corpus")
    line=$("$floor" --jobs 1 "$dir")
    for profile in safe_eval repo_tooling; do
        /usr/bin/time -f '%M' -o "$out/$name-$profile.rss" "$pygate" check --jobs 2 --profile "$profile" \
            --format json --fail-on never --output /dev/null "$dir"
    done
    # In turn, round after round (bench/rounds.py): one untimed round, then $runs.
    rounds=()
    for jobs in 1 2; do
        add_command "floor-j$jobs" "$floor" --jobs "$jobs" "$dir"
        for profile in safe_eval repo_tooling; do
            add_command "$profile-j$jobs" "$pygate" check --jobs "$jobs" --profile "$profile" --format json \
                --fail-on never --output /dev/null "$dir"
        done
    done
    echo "corpora.sh: timing $name ($dir)" >&2
    /usr/bin/python3 "$repo_root/bench/rounds.py" "$out/$name.json" "$runs" 1 "${rounds[@]}"
    hyperfine --shell=bash --warmup 0 --runs "$bandit_runs" --ignore-failure --export-json "$out/$name-bandit.json" \
        -n bandit "$(q /usr/bin/bandit -r -q -f json -o /dev/null "$dir")" >&2
    echo "$name|$dir|$line" >>"$summary"
done

# One-shot latency: a 40-line file, process start to exit.
sample=$out/sample40.py
head -n 40 "$repo_root/corpus/clean/$(ls "$repo_root/corpus/clean" | head -n 1)" >"$sample"
while (($(wc -l <"$sample") < 40)); do echo "x = [i * 2 for i in range(10)]" >>"$sample"; done
hyperfine --shell=none --warmup 3 --runs 30 --ignore-failure --export-json "$out/latency.json" \
    -n "python3 -c pass" "/usr/bin/python3 -c pass" \
    -n "pygate check" "$pygate check --fail-on never $sample" \
    -n "bandit" "/usr/bin/bandit -q $sample" >&2

/usr/bin/python3 - "$out" <<'PY'
import json, re, statistics, sys
out = sys.argv[1]
median = statistics.median
def results(path):
    return {r["command"]: r for r in json.load(open(path))["results"]}
# Ratios are taken round by round, then their median: drift between rounds cancels.
def round_ratio(times, a, b):
    return median(x / y for x, y in zip(times[a], times[b]))
print(f"{'corpus':10} {'files':>6} {'MB':>6} {'run':16} {'median s':>8} {'/floor':>7} {'files/s':>8} {'MB/s':>6}"
      f" {'x bandit':>8} {'j1/j2':>6} {'peak MiB':>8}")
for row in open(f"{out}/summary.txt"):
    name, folder, line = row.rstrip("\n").split("|")
    files, size = map(int, re.match(r"parse-floor: (\d+) files parsed, (\d+) bytes", line).groups())
    times = json.load(open(f"{out}/{name}.json"))
    bandit = results(f"{out}/{name}-bandit.json")["bandit"]["mean"]
    for run in ("floor-j1", "safe_eval-j1", "repo_tooling-j1", "floor-j2", "safe_eval-j2", "repo_tooling-j2"):
        seconds = median(times[run])
        jobs = run[-1]
        ratio = round_ratio(times, run, f"floor-j{jobs}")
        scaling = round_ratio(times, run[:-1] + "1", run) if jobs == "2" else None
        profile = run[:-3]
        rss = ""
        if profile != "floor" and jobs == "2":
            rss = f"{int(open(f'{out}/{name}-{profile}.rss').read().split()[-1]) / 1024:.1f}"
        print(f"{name:10} {files:6} {size / 1e6:6.2f} {run:16} {seconds:8.3f} {ratio:6.2f}x {files / seconds:8.0f}"
              f" {size / 1e6 / seconds:6.1f} {bandit / seconds:7.1f}x {(f'{scaling:.2f}x' if scaling else ''):>6} {rss:>8}")
    print(f"{name:10} {files:6} {size / 1e6:6.2f} {'bandit':16} {bandit:8.3f}")
lat = results(f"{out}/latency.json")
print("\none-shot latency, 40-line file (mean ms):",
      ", ".join(f"{k} {v['mean'] * 1000:.1f}" for k, v in lat.items()))
print(f"(JSON in {out})")
PY
