#!/usr/bin/env bash
# `check` latency through the Python package against spawning pygate and
# against Bandit's API; throughput; the server's RSS over 100,000 checks.
# Installs Bandit (Debian) if missing. Usage: bench/serve_latency.sh [ARGS]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/debian_packages.sh
install_missing_packages serve_latency.sh bandit
export PYGATE=${PYGATE:-$PWD/build/release/pygate}
exec /usr/bin/python3 bench/serve_latency.py "$@"
