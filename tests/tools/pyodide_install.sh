#!/usr/bin/env bash
# Installs the CPythons the oracles run against besides the machine's own
# (docs/differential.md, "Other CPython versions"): the npm package `pyodide`,
# CPython built for WebAssembly, run under Node by tests/tools/pyodide_python.mjs.
#   tests/tools/pyodide_install.sh DEST
# Each version is fetched by exact version and checked against the npm
# registry's published integrity hash (scripts/npm-pack-verified.sh), unpacked
# into DEST/pyodide-VERSION, and given a launcher DEST/pythonX.Y that runs
# `pythonX.Y [-I] (-c CODE | SCRIPT) [ARGS...]` as python3 would. Nothing of it
# is committed. Every pinned version runs on Node 18 (Debian 12's nodejs
# 18.20.4) and later: the package asks for node >= 18.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:?usage: pyodide_install.sh DEST}

# CPython  pyodide  the registry's dist.integrity (`npm view pyodide@VERSION dist.integrity`)
PINNED="
3.12 0.27.7 sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA==
3.13 0.29.3 sha512-22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQGgA==
3.14 314.0.7 sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==
"

# The launchers name node by its path: the oracles run them with a PATH of their own.
node=$(command -v node) || { echo "pyodide_install.sh: no node on PATH (pyodide runs under Node)" >&2; exit 1; }
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
while read -r cpython version integrity; do
    [[ -n "$cpython" ]] || continue
    folder="$dest/pyodide-$version"
    stamp="$folder/.installed-integrity"
    if ! [[ -f "$stamp" && "$(cat "$stamp")" == "$integrity" && -f "$folder/package/pyodide.mjs" ]]; then
        rm -rf "$folder"
        mkdir -p "$folder"
        tarball=$("$here/../../scripts/npm-pack-verified.sh" pyodide "$version" "$integrity" "$folder")
        tar -xzf "$tarball" -C "$folder"
        rm -f "$tarball"
        echo "$integrity" >"$stamp"
    fi
    # Written each time: the launcher's path is this checkout's.
    launcher="$dest/python$cpython"
    printf '#!/bin/sh\n# CPython %s from pyodide %s (tests/tools/pyodide_install.sh)\nexec %q %q %q "$@"\n' \
        "$cpython" "$version" "$node" "$here/pyodide_python.mjs" "$folder/package" >"$launcher.tmp"
    chmod +x "$launcher.tmp"
    mv "$launcher.tmp" "$launcher"
    echo "$launcher: CPython $cpython from pyodide $version"
done <<<"$PINNED"
