#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build/fuzz and
# fuzzes each for SECONDS (default 60), seeded from corpus/ and
# fuzz/seeds/scaled_inputs.py (Python),
# profiles/ (TOML), fuzz/seeds/serve (protocol lines), fuzz/seeds/records
# (JSON Lines records), fuzz/seeds/cache_entry (result-cache entries),
# fuzz/seeds/baseline (baseline files), fuzz/seeds/configuration
# (pygate.toml and pyproject.toml), fuzz/seeds/worker_job (the jobs a
# server hands its workers) and fuzz/seeds/template_link (what a warm run's
# worker reads from its template).
# Crashes are written to build/fuzz/crashes/.
#
# Usage: fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz/run.sh: SECONDS must be a positive integer" >&2; exit 2; }
command -v clang++ >/dev/null || { echo "fuzz/run.sh: needs clang (apt-get install clang)" >&2; exit 2; }
if [[ ! -f build/fuzz/build.ninja ]]; then
    CC=clang CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DPYGATE_FUZZ=ON -DPYGATE_TESTS=OFF -DPYGATE_WERROR=ON
fi
cmake --build build/fuzz --parallel "$(nproc)" --target pygate-fuzz-check pygate-fuzz-profile pygate-fuzz-serve \
    pygate-fuzz-records pygate-fuzz-cache_entry pygate-fuzz-shell_python pygate-fuzz-mcp pygate-fuzz-lsp pygate-fuzz-baseline \
    pygate-fuzz-configuration pygate-fuzz-worker_job pygate-fuzz-template_link
mkdir -p build/fuzz/crashes build/fuzz/corpus-check build/fuzz/corpus-profile build/fuzz/corpus-serve \
    build/fuzz/corpus-records build/fuzz/corpus-cache_entry build/fuzz/corpus-shell_python build/fuzz/corpus-mcp \
    build/fuzz/corpus-lsp build/fuzz/corpus-baseline build/fuzz/corpus-configuration build/fuzz/corpus-worker_job \
    build/fuzz/corpus-template_link
# Seeds: each corpus file behind a profile byte (0: safe_eval), each built-in profile as is.
if [[ -z $(ls -A build/fuzz/corpus-check) ]]; then
    i=0
    while IFS= read -r -d '' file; do
        { printf '\x00'; cat "$file"; } > "build/fuzz/corpus-check/seed-$((i++))"
    done < <(find corpus -name '*.py' -print0)
    # Size-scaled malformed inputs, generated (fuzz/seeds/scaled_inputs.py).
    /usr/bin/python3 fuzz/seeds/scaled_inputs.py build/fuzz/scaled
    for file in build/fuzz/scaled/*.py; do
        { printf '\x00'; cat "$file"; } > "build/fuzz/corpus-check/seed-$((i++))"
    done
fi
cp -n profiles/*.toml build/fuzz/corpus-profile/ 2>/dev/null || true
cp -n fuzz/seeds/serve/* build/fuzz/corpus-serve/ 2>/dev/null || true
cp -n fuzz/seeds/records/* build/fuzz/corpus-records/ 2>/dev/null || true
cp -n fuzz/seeds/cache_entry/* build/fuzz/corpus-cache_entry/ 2>/dev/null || true
cp -n fuzz/seeds/shell_python/* build/fuzz/corpus-shell_python/ 2>/dev/null || true
cp -n fuzz/seeds/mcp/* build/fuzz/corpus-mcp/ 2>/dev/null || true
cp -n fuzz/seeds/lsp/* build/fuzz/corpus-lsp/ 2>/dev/null || true
cp -n fuzz/seeds/baseline/* build/fuzz/corpus-baseline/ 2>/dev/null || true
cp -n fuzz/seeds/configuration/* build/fuzz/corpus-configuration/ 2>/dev/null || true
cp -n fuzz/seeds/worker_job/* build/fuzz/corpus-worker_job/ 2>/dev/null || true
cp -n fuzz/seeds/template_link/* build/fuzz/corpus-template_link/ 2>/dev/null || true
status=0
for target in check profile serve records cache_entry shell_python mcp lsp baseline configuration worker_job template_link; do
    echo "fuzz/run.sh: pygate-fuzz-$target for ${seconds}s"
    build/fuzz/fuzz/pygate-fuzz-$target -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix=build/fuzz/crashes/ -print_final_stats=1 "build/fuzz/corpus-$target" || status=1
done
exit $status
