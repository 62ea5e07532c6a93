#!/usr/bin/env bash
# Per-step overhead of a session and a 20-step pandas loop as one session
# against 20 `pygate run` calls. Installs python3-pandas if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/debian_packages.sh
install_missing_packages session_steps.sh python3-pandas
export PYGATE=${PYGATE:-$PWD/build/release/pygate}
exec /usr/bin/python3 bench/session_steps.py "$@"
