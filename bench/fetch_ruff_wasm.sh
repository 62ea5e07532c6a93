#!/usr/bin/env bash
# Fetches Ruff's official WebAssembly build for Node.js from the npm registry
# into DEST (a folder under the build tree, never committed), verifies the
# tarball against the registry's published integrity hash pinned below, and
# unpacks it. bench/compare.sh runs it as a peer. Idempotent: a verified copy
# is reused. Prints the folder holding ruff_wasm.js.
set -euo pipefail

readonly version="0.17.3"
# `npm view @astral-sh/ruff-wasm-nodejs@0.17.3 dist.integrity`
readonly integrity="sha512-HDPHxflh9jFmBoOn/2SBP/6lkIMJH70zuzKBBdaaK0czXfR2a1izYsIR2UjR9nETl8clZc1Q6Av8WwariGvlVA=="

dest=${1:?usage: fetch_ruff_wasm.sh DEST}
mkdir -p "$dest"
stamp="$dest/ruff-wasm-nodejs-$version.verified"
if [[ -f "$stamp" && -f "$dest/package/ruff_wasm.js" && -f "$dest/package/ruff_wasm_bg.wasm" ]]; then
    echo "$dest/package"
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$("$(dirname "$0")/../scripts/npm-pack-verified.sh" @astral-sh/ruff-wasm-nodejs "$version" "$integrity" "$work")
rm -rf "$dest/package"
tar -xzf "$tarball" -C "$dest"
echo "$integrity" > "$stamp"
echo "$dest/package"
