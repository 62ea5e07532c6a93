#!/usr/bin/env bash
# Installs the real MCP clients the tests drive `pygate mcp` with (the
# official TypeScript SDK and the MCP Inspector's CLI) into the build tree:
#   tests/mcp/install_clients.sh DEST
# The versions are pinned in package.json and, with every dependency's
# published integrity hash, in package-lock.json; `npm ci` installs exactly
# that tree and refuses any tarball whose hash differs. No install script
# runs. Nothing is committed but the two JSON files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=$1
stamp="$dest/.installed-lock-sha256"
want=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -d "$dest/node_modules/@modelcontextprotocol/sdk" ]]; then
    exit 0
fi
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
# Another build tree's install may run at the same time: each has its own DEST.
(cd "$dest" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
echo "$want" >"$stamp"
