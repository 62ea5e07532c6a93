#!/usr/bin/env bash
# Cold against warm `pygate check --cache`: scans FOLDER (default
# /usr/lib/python3.11) once with an empty cache folder and then RUNS times
# (default 5) with the folder filled, checks that every report is byte for
# byte the report of a scan without a cache, and prints the times (the warm
# median) and their ratio. Target: warm at least 10x faster than cold.
#
# Usage: bench/cache.sh [FOLDER] [--runs N] [-- PYGATE-CHECK-ARGS...]
#   PYGATE_BUILD: the build folder holding pygate (default build/release).
set -euo pipefail

die() { echo "cache.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
pygate=$build_dir/pygate
folder=/usr/lib/python3.11
runs=5
while (($#)); do
    case $1 in
        --runs) runs=${2:?--runs needs a value}; shift 2 ;;
        --) shift; break ;;
        -h | --help) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) folder=$1; shift ;;
    esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer, got '$runs'"
[[ -x $pygate ]] || die "no pygate at $pygate (build it, or set PYGATE_BUILD)"
[[ -d $folder ]] || die "no folder $folder"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each timed run is one scan writing its report; the reports are compared afterwards.
timed_scan() {  # OUTPUT [ARGS...]
    local output=$1
    shift
    local start end
    start=$(date +%s.%N)
    "$pygate" check --format json --fail-on never --no-progress --output "$output" "$@" "$folder" 2>/dev/null
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}

timed_scan "$work/plain.json" >/dev/null
cold=$(timed_scan "$work/cold.json" --cache "$work/cache")
cmp -s "$work/plain.json" "$work/cold.json" || die "the cold report differs from the report without a cache"
warm_times=()
for ((i = 0; i < runs; i++)); do
    warm_times+=("$(timed_scan "$work/warm.json" --cache "$work/cache")")
    cmp -s "$work/plain.json" "$work/warm.json" || die "a warm report differs from the report without a cache"
done
warm=$(printf '%s\n' "${warm_times[@]}" | sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
files=$(grep -c '"path":' "$work/plain.json" || true)
echo "folder: $folder ($files files)"
echo "cold: ${cold} s (empty cache)"
echo "warm: ${warm} s (median of $runs: ${warm_times[*]})"
echo "reports: byte-identical to the report without a cache"
awk -v c="$cold" -v w="$warm" 'BEGIN { printf "warm is %.1fx faster than cold\n", c / w }'
echo "cache folder: $(du -sh "$work/cache" | cut -f1)"
