#!/usr/bin/env bash
# The MCP Inspector's CLI mode lists and calls pygate mcp's tools and reads a
# resource, as a user trying the server by hand would:
#   tests/mcp/inspector_cli.sh PYGATE MCP_CLIENTS
set -euo pipefail
pygate=$(realpath "$1")
clients=$(realpath "$2")
# The Inspector finds its own package.json relative to the working directory.
cd "$clients/node_modules/@modelcontextprotocol/inspector-cli/build"
inspect() { node index.js "$pygate" mcp "$@" 2>/dev/null; }
fail() { echo "inspector_cli: $*" >&2; exit 1; }

listed=$(inspect --method tools/list)
names=$(jq -r '[.tools[].name] | sort | join(",")' <<<"$listed")
[[ "$names" == "check_python,python_session_close,python_session_exec,python_session_open,run_python" ]] \
    || fail "tools/list gave $names"

denied=$(inspect --method tools/call --tool-name check_python --tool-arg 'code=import subprocess')
[[ $(jq -r '.isError' <<<"$denied") == true ]] || fail "check_python of import subprocess was not an error: $denied"
[[ $(jq -r '.structuredContent.decision' <<<"$denied") == deny ]] || fail "not denied: $denied"
jq -e '.structuredContent.findings[] | select(.rule == "PG003")' <<<"$denied" >/dev/null || fail "no PG003: $denied"

ran=$(inspect --method tools/call --tool-name run_python --tool-arg 'code=print(6 * 7)')
[[ $(jq -r '.structuredContent.stdout' <<<"$ran") == 42 ]] || fail "run_python printed otherwise: $ran"
[[ $(jq -r '.structuredContent.status' <<<"$ran") == ok ]] || fail "run_python status: $ran"

no_run=$(node index.js "$pygate" mcp --no-run --method tools/list 2>/dev/null)
[[ $(jq -r '[.tools[].name] | join(",")' <<<"$no_run") == check_python ]] || fail "--no-run listed $no_run"

profile=$(inspect --method resources/read --uri pygate://profiles/plotting)
grep -q 'name = \\"plotting\\"' <<<"$profile" || fail "the plotting profile's TOML: $profile"
echo "inspector_cli: tools listed and called, a resource read"
