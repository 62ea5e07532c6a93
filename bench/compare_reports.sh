#!/bin/sh
# Are two builds' reports byte-identical? For a change meant to keep every
# behaviour (a move of files, a refactoring): OLD and NEW each check corpus/
# and the standard library under every built-in profile, and any byte of
# difference in the JSON reports fails, with the first lines of the diff.
#
#   bench/compare_reports.sh OLD_PYGATE NEW_PYGATE [PATH...]
#
# PATH defaults to corpus/ and /usr/lib/python3.11. Exit 0: identical.
set -eu
old=$1
new=$2
shift 2
[ $# -gt 0 ] || set -- corpus /usr/lib/python3.11
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for toml in profiles/*.toml; do
    profile=$(basename "$toml" .toml)
    # Exit codes say deny/review; both builds must agree on them too.
    old_rc=0
    new_rc=0
    "$old" check --format json --profile "$profile" "$@" >"$out/old.json" 2>"$out/old.err" || old_rc=$?
    "$new" check --format json --profile "$profile" "$@" >"$out/new.json" 2>"$out/new.err" || new_rc=$?
    files=$(grep -c '"path":' "$out/new.json" || true)
    if [ "$old_rc" = "$new_rc" ] && cmp -s "$out/old.json" "$out/new.json" && cmp -s "$out/old.err" "$out/new.err"; then
        echo "$profile: identical ($(wc -c <"$out/new.json") bytes, $files files in the report, exit $new_rc)"
    else
        echo "$profile: DIFFERENT (exit $old_rc vs $new_rc)"
        diff "$out/old.json" "$out/new.json" | head -20 || true
        status=1
    fi
done
exit $status
