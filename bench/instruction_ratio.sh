#!/usr/bin/env bash
# Counts the instructions `pygate check` and its parse floor execute over one
# corpus, one thread each, under callgrind, and prints their ratio. Unlike
# bench/compare.sh's timings, the counts do not move when the machine is busy,
# so two builds can be compared on a loaded machine; they do not see cache
# misses, so the timed ratio is usually somewhat higher.
#
# Usage: bench/instruction_ratio.sh [DIR]   (default /usr/lib/python3.11)
#   PYGATE_BUILD: the build folder (default build/release). Builds nothing.
set -euo pipefail
die() { echo "instruction_ratio.sh: $*" >&2; exit 2; }
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
corpus=${1:-/usr/lib/python3.11}
[[ -d $corpus ]] || die "corpus folder '$corpus' does not exist"
for binary in "$build_dir/pygate" "$build_dir/pygate-parse-floor"; do
    [[ -x $binary ]] || die "missing $binary; build first"
done
command -v valgrind >/dev/null || die "needs valgrind (apt-get install valgrind)"
out=$(mktemp -d "${TMPDIR:-/tmp}/pygate-instructions.XXXXXX")

# Prints the instruction count of one command.
instructions() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out/$name.callgrind" "$@" >/dev/null 2>"$out/$name.log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/$name.log"
}
floor=$(instructions floor "$build_dir/pygate-parse-floor" --jobs 1 "$corpus")
pygate=$(instructions pygate "$build_dir/pygate" check --jobs 1 --format json --fail-on never --output /dev/null "$corpus")
[[ -n $floor && -n $pygate ]] || die "callgrind reported no count; see $out"
awk -v f="$floor" -v p="$pygate" -v c="$corpus" 'BEGIN {
    printf "corpus %s, one thread\nfloor   %.3f G instructions\npygate  %.3f G instructions\npygate / floor %.3fx\n", c, f / 1e9, p / 1e9, p / f }'
echo "callgrind profiles in $out (callgrind_annotate FILE)"
