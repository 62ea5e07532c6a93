#!/usr/bin/env bash
# Fetches tree-sitter-python from the npm registry into DEST (a build-tree folder),
# verifies the tarball against the registry's published integrity hash pinned
# below, and unpacks only what the build compiles. Idempotent: a verified copy
# is reused. Nothing fetched here is ever committed.
set -euo pipefail

readonly version="0.23.6"
# `npm view tree-sitter-python@0.23.6 dist.integrity`
readonly integrity="sha512-yIM9z0oxKIxT7bAtPOhgoVl6gTXlmlIhue7liFT4oBPF/lha7Ha4dQBS82Av6hMMRZoVnFJI8M6mL+SwWoLD3A=="

dest=${1:?usage: fetch-grammar.sh DEST}
mkdir -p "$dest"
stamp="$dest/tree-sitter-python-$version.verified"
if [[ -f "$stamp" && -f "$dest/src/parser.c" && -f "$dest/src/scanner.c" ]]; then
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$("$(dirname "$0")/npm-pack-verified.sh" tree-sitter-python "$version" "$integrity" "$work")
rm -rf "$dest/src"
tar -xzf "$tarball" -C "$work" package/src package/LICENSE
mv "$work/package/src" "$dest/src"
cp "$work/package/LICENSE" "$dest/LICENSE"
grep -q '#define LANGUAGE_VERSION 14' "$dest/src/parser.c" || {
    echo "fetch-grammar: parser.c is not ABI 14, which libtree-sitter 0.20.7 needs" >&2
    exit 1
}
echo "$integrity" > "$stamp"
