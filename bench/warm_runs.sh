#!/usr/bin/env bash
# Warm runs (forked from a template) against cold runs and a bare
# interpreter. Installs python3-pandas if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/debian_packages.sh
install_missing_packages warm_runs.sh python3-pandas
export PYGATE=${PYGATE:-$PWD/build/release/pygate}
exec /usr/bin/python3 bench/warm_runs.py "$@"
