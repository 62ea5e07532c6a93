#!/usr/bin/env bash
# Packs PACKAGE@VERSION from the npm registry into WORKDIR and checks the
# tarball against INTEGRITY, the registry's published hash pinned by the
# caller (`npm view PACKAGE@VERSION dist.integrity`). Prints the tarball's
# path; exits 1 on a mismatch. The one way pygate fetches from npm.
set -euo pipefail

package=${1:?usage: npm-pack-verified.sh PACKAGE VERSION INTEGRITY WORKDIR}
version=${2:?usage: npm-pack-verified.sh PACKAGE VERSION INTEGRITY WORKDIR}
integrity=${3:?usage: npm-pack-verified.sh PACKAGE VERSION INTEGRITY WORKDIR}
work=${4:?usage: npm-pack-verified.sh PACKAGE VERSION INTEGRITY WORKDIR}

tarball="$work/$(cd "$work" && npm pack --silent "$package@$version" | tail -1)"
actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
if [[ "$actual" != "$integrity" ]]; then
    echo "npm-pack-verified: integrity mismatch for $package@$version" >&2
    echo "  expected $integrity" >&2
    echo "  got      $actual" >&2
    exit 1
fi
echo "$tarball"
