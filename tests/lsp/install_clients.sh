#!/usr/bin/env bash
# Installs the Language Server Protocol's reference implementation
# (vscode-languageserver-protocol on vscode-jsonrpc, Microsoft's, what VS
# Code's own client is built on) into the build tree for the tests that drive
# `pygate lsp` with it:
#   tests/lsp/install_clients.sh DEST
# The versions are pinned in package.json and, with every package's
# published integrity hash, in package-lock.json; `npm ci` installs exactly
# that tree and refuses any tarball whose hash differs. No install script
# runs. Nothing is committed but the two JSON files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=$1
stamp="$dest/.installed-lock-sha256"
want=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -d "$dest/node_modules/vscode-languageserver-protocol" ]]; then
    exit 0
fi
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
(cd "$dest" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
echo "$want" >"$stamp"
