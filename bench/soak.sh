#!/usr/bin/env bash
# pygate serve under a mixed load, watched for growth (bench/soak.py).
# Installs python3-pandas if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/debian_packages.sh
install_missing_packages soak.sh python3-pandas
export PYGATE=${PYGATE:-$PWD/build/release/pygate}
exec /usr/bin/python3 bench/soak.py "$@"
