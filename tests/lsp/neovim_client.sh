#!/usr/bin/env bash
# Neovim's built-in LSP client against `pygate lsp`: a Python file opened,
# a dangerous line typed, the diagnostics Neovim received checked.
#   tests/lsp/neovim_client.sh build/release/pygate
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pygate=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'total = sum(range(10))\n' >"$work/agent_step.py"
PYGATE=$pygate LSP_FILE=$work/agent_step.py LSP_OUT=$work/out.json HOME=$work XDG_CONFIG_HOME=$work \
    XDG_DATA_HOME=$work XDG_STATE_HOME=$work timeout 60 nvim --headless --clean -u "$here/neovim_client.lua"
/usr/bin/python3 - "$work/out.json" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
assert "error" not in result, result
assert result["lines"] == ["total = sum(range(10))", 'import os; os.system("id")'], result["lines"]
found = [(d["line"], d["column"], d["code"], d["source"], d["severity"]) for d in result["diagnostics"]]
# PG003 on `os` of the import, PG004 on os.system; both errors (vim.diagnostic.severity.ERROR == 1).
assert found == [(1, 7, "PG003", "pygate", 1), (1, 11, "PG004", "pygate", 1)], found
assert "os.system" in result["diagnostics"][1]["message"], result["diagnostics"][1]
assert any(log.startswith("pygate: profile safe_eval (default)") for log in result["logs"]), result["logs"]
print("neovim received:", *(f"{d['line'] + 1}:{d['column'] + 1} {d['code']} {d['message']}" for d in result["diagnostics"]), sep="\n  ")
PY
