#!/usr/bin/env bash
# Times `pygate run` of a trivial program against bare /usr/bin/python3,
# against bubblewrap (bwrap) running the same program with comparable
# isolation, and against pygate-run-floor, which only starts the program as
# pygate does (with and without a network namespace), all in one hyperfine
# invocation, and prints each one's overhead over bare Python in milliseconds.
# Installs hyperfine and bubblewrap (Debian packages) when they are missing;
# builds nothing.
#
# Usage: bench/run_overhead.sh [--runs N]
#   PYGATE_BUILD: the build folder holding pygate (default build/release).
#   Target: pygate's own overhead (run --unsafe-skip-gate minus bare Python)
#   under 3 ms per run.
set -euo pipefail

die() { echo "run_overhead.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PYGATE_BUILD:-build/release}
[[ $build_dir == /* ]] || build_dir=$repo_root/$build_dir
runs=100
while (($#)); do
    case $1 in
        --runs) runs=${2:?--runs needs a value}; shift 2 ;;
        -h | --help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer, got '$runs'"
pygate=$build_dir/pygate
[[ -x $pygate ]] || die "missing $pygate; build it first (./bootstrap.sh check, or cmake --build $build_dir)"
floor=$build_dir/pygate-run-floor
[[ -x $floor ]] || die "missing $floor; build it first (cmake --build $build_dir)"
python=/usr/bin/python3
[[ -x $python ]] || die "missing $python"

source "$repo_root/bench/debian_packages.sh"
install_missing_packages run_overhead.sh hyperfine bubblewrap

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'pass\n' >"$work/trivial.py"
chmod 755 "$work"
chmod 644 "$work/trivial.py"

# bwrap with what pygate also does: no network, dies with its parent, its own
# session, read-only system, a private writable work directory, a clean
# environment, and the same interpreter flags.
bwrap_cmd="bwrap --unshare-net --unshare-user --die-with-parent --new-session \
--ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin \
--ro-bind /etc/ld.so.cache /etc/ld.so.cache --dev /dev --proc /proc --tmpfs /tmp \
--ro-bind $work/trivial.py /tmp/work/main.py --chdir /tmp/work --clearenv \
--setenv PATH /usr/bin:/bin --setenv LANG C.UTF-8 --setenv HOME /tmp/work \
$python -I -B main.py"

json=$work/results.json
hyperfine --shell=none --warmup 5 --runs "$runs" --export-json "$json" \
    -n python "$python -I -c pass" \
    -n pygate-run-skip-gate "$pygate run --unsafe-skip-gate $work/trivial.py" \
    -n pygate-run "$pygate run $work/trivial.py" \
    -n bwrap "$bwrap_cmd" \
    -n floor-spawn "$floor $python $work/trivial.py" \
    -n floor-spawn-netns "$floor --netns $python $work/trivial.py" >&2

$python - "$json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
base = results["python"]["mean"] * 1000
print(f"bare python -I -c pass: {base:.2f} ms (median {results['python']['median'] * 1000:.2f})")
for name in ("pygate-run-skip-gate", "pygate-run", "bwrap", "floor-spawn", "floor-spawn-netns"):
    r = results[name]
    print(f"{name:22s} {r['mean'] * 1000:7.2f} ms  overhead {r['mean'] * 1000 - base:+6.2f} ms "
          f"(median {r['median'] * 1000 - results['python']['median'] * 1000:+6.2f} ms)")
floor = results["floor-spawn-netns"]["mean"] * 1000
print(f"pygate run --unsafe-skip-gate over the spawn floor with a network namespace: "
      f"{results['pygate-run-skip-gate']['mean'] * 1000 - floor:+.2f} ms")
PY
