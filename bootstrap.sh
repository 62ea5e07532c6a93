#!/usr/bin/env bash
# The one entry point for a newcomer and for CI.
#   ./bootstrap.sh check [PYGATE-CHECK-ARGS...]   install, build Release, scan (default: corpus/)
#   ./bootstrap.sh test                            install, build Release and ASan+UBSan, run every test
# Both install only what is missing and rebuild only what changed. `test` runs
# both halves whatever the first gives, then prints both summaries and what this
# machine could not test, and fails if either half did.
set -euo pipefail
cd "$(dirname "$0")"

# Tools are looked for as commands (a machine may have its own Node.js, say);
# libraries as Debian packages.
readonly tool_packages=(
    g++:g++ cmake:cmake ninja:ninja-build pkg-config:pkg-config git:git openssl:openssl
    node:nodejs npm:npm valgrind:valgrind jq:jq chromium:chromium nvim:neovim
)
readonly library_packages=(
    ca-certificates libtree-sitter-dev libtoml11-dev libfmt-dev nlohmann-json3-dev libcli11-dev
    libutf8proc-dev catch2 libseccomp-dev libssl-dev zlib1g-dev libzstd-dev
    python3-pytest python3-build python3-venv python3-numpy python3-pandas
    python3-dask python3-distributed python3-matplotlib python3-scipy python3-seaborn
    python3-setuptools python3-ipykernel python3-jupyter-client python3-nbclient python3-nbformat
    python3-bleach python3-html5lib
    jupyter-nbconvert jupyter-client
    python-pandas-doc python-statsmodels-doc python-sklearn-doc python-xarray-doc
)

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

install_missing() {
    local missing=()
    for entry in "${tool_packages[@]}"; do
        command -v "${entry%%:*}" >/dev/null || missing+=("${entry#*:}")
    done
    # The release's own CPython (3.11 on Debian 12, 3.13 on Debian 13); the tests tied
    # to CPython 3.11 run where the machine has one (tests/tools/version_tied.py).
    [[ -x /usr/bin/python3 ]] || missing+=(python3)
    for package in "${library_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' \
            || missing+=("$package")
    done
    if ((${#missing[@]})); then
        echo "bootstrap: installing ${missing[*]}"
        as_root apt-get update -qq
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

configure() {  # DIR BUILD_TYPE [CMAKE-ARGS...]
    local dir=$1 type=$2
    shift 2
    if [[ ! -f "$dir/build.ninja" ]]; then
        cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" -DPYGATE_WERROR=ON "$@"
    fi
}

# One half of the suite: build DIR, run its tests, and keep the summary for the end.
summaries=()
failed=0
test_half() {  # NAME DIR
    local name=$1 dir=$2 log=$2/ctest-output.log
    echo "bootstrap: $name: building and testing $dir"
    if ! cmake --build "$dir" --parallel "$(nproc)"; then
        summaries+=("$name: the build failed; no test ran")
        failed=1
        return
    fi
    local status=0
    ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" 2>&1 | tee "$log" || status=$?
    local summary
    summary=$(grep -E '^[0-9]+% tests passed' "$log" | tail -1)
    summaries+=("$name: ${summary:-ctest gave no summary (exit $status)}")
    if ((status != 0)) || [[ -z $summary ]]; then
        failed=1
        if [[ -s $dir/Testing/Temporary/LastTestsFailed.log ]]; then
            summaries+=("  failed: $(cut -d: -f2 "$dir/Testing/Temporary/LastTestsFailed.log" | tr '\n' ' ')")
        fi
    fi
}

command=${1:-}
shift || true
case "$command" in
    check)
        install_missing
        configure build/release Release
        cmake --build build/release --parallel "$(nproc)" --target pygate
        if (($#)); then
            exec build/release/pygate check "$@"
        fi
        # The corpus holds deliberately denied files: show the report, do not fail on it.
        exec build/release/pygate check --fail-on never corpus/
        ;;
    test)
        install_missing
        configure build/release Release
        configure build/asan RelWithDebInfo -DPYGATE_SANITIZE=ON
        # Each half runs whatever the other gave: one failure never hides the other half.
        test_half Release build/release
        test_half ASan+UBSan build/asan
        echo
        printf 'bootstrap: %s\n' "${summaries[@]}"
        # A green run where the machine lacked something (a kernel layer, a
        # pseudo-terminal, an optional package) tested only what the product
        # promises without it: say what (docs/testing.md).
        if [[ -x build/release/pygate ]]; then
            /usr/bin/python3 tests/runner/untested_layers.py build/release/pygate || failed=1
        else
            echo "untested on this machine: the runner's layers (no pygate was built to ask)"
        fi
        /usr/bin/python3 tests/tools/streaming_check.py --untested || failed=1
        /usr/bin/python3 scripts/list-third-party-reexports.py --untested || failed=1
        # Which CPython and package versions the tests tied to CPython 3.11 and to
        # Debian 12's packages ran against here, and which of them ctest skipped.
        /usr/bin/python3 tests/tools/version_tied.py summary build/release || failed=1
        exit "$failed"
        ;;
    *)
        echo "usage: ./bootstrap.sh check [ARGS...] | ./bootstrap.sh test" >&2
        exit 2
        ;;
esac
