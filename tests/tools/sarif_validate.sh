#!/usr/bin/env bash
# Validates SARIF files with Microsoft's SARIF Multitool: the SARIF 2.1.0
# schema, the Multitool's SARIF rules and its GitHub ingestion rules (GH*).
# Fails, printing the problems, when any file gets an error or a warning;
# notes are printed and allowed.
#
#   sarif_validate.sh --tool-dir DIR SARIF_FILE...
#
# The Multitool is fetched from the npm registry into DIR (a build-tree
# folder) at the version pinned below, each tarball checked against the
# registry's published integrity, as scripts/fetch-grammar.sh does. Nothing
# fetched is committed, and npm never installs or runs package scripts.
# The Linux package is a self-contained .NET x86-64 binary; it is run
# directly, not through the packages' bin.js, which hands the arguments to a
# shell.
set -euo pipefail

readonly version="5.7.0"
# `npm view @microsoft/sarif-multitool@5.7.0 dist.integrity`
readonly main_integrity="sha512-SJln9dMd8z7EX19SeHT98gmaz5UhLvt+7LzjXZH2Ei3UFJvaypV/j+HPh6JMI5TRBtdvJ/phyy1DzhkBgRygBA=="
# `npm view @microsoft/sarif-multitool-linux@5.7.0 dist.integrity`
readonly linux_integrity="sha512-NxUbpq6ISCWoTQ/NfOYEwEDKq1Heka/rMoJ5R5LMydcAZQX/X7g5mWHcgxDub+0M07LC96tZ5LZHvF1Qy3gjTA=="

usage() {
    echo "usage: sarif_validate.sh --tool-dir DIR SARIF_FILE..." >&2
    exit 2
}

[[ $# -ge 3 && "$1" == "--tool-dir" ]] || usage
tool_dir=$2
shift 2
files=()
for file in "$@"; do
    # The Multitool silently skips a file specifier that matches nothing.
    [[ -f "$file" ]] || { echo "sarif_validate: no such file: $file" >&2; exit 2; }
    # Absolute, so no name can read as an option.
    files+=("$(realpath -- "$file")")
done
[[ "$(uname -s)/$(uname -m)" == "Linux/x86_64" ]] || {
    echo "sarif_validate: @microsoft/sarif-multitool-linux is built for Linux on x86-64 only" >&2
    exit 2
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# fetch PACKAGE INTEGRITY DEST: the verified contents of PACKAGE@version in DEST.
fetch() {
    local package=$1 integrity=$2 dest=$3
    local stamp="$dest.verified"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$integrity" && -d "$dest" ]]; then
        return 0
    fi
    local work
    work=$(mktemp -d -p "$scratch")
    local tarball
    tarball=$("$(dirname "$0")/../../scripts/npm-pack-verified.sh" "$package" "$version" "$integrity" "$work") || return 1
    rm -rf "$dest" "$stamp"
    mkdir -p "$work/unpacked"
    tar -xzf "$tarball" -C "$work/unpacked"
    mv "$work/unpacked/package" "$dest"
    echo "$integrity" > "$stamp"
}

mkdir -p "$tool_dir"
tool_dir=$(realpath -- "$tool_dir")
fetch "@microsoft/sarif-multitool" "$main_integrity" "$tool_dir/sarif-multitool-$version"
fetch "@microsoft/sarif-multitool-linux" "$linux_integrity" "$tool_dir/sarif-multitool-linux-$version"
# The main package only names the platform binaries; check it names this one.
# shellcheck disable=SC2016  # a JavaScript template literal, not a shell expansion
node -e '
    const manifest = require(process.argv[1]);
    const wanted = manifest.optionalDependencies["@microsoft/sarif-multitool-linux"];
    if (manifest.version !== process.argv[2] || wanted !== "^" + process.argv[2]) {
        console.error(`sarif_validate: unexpected @microsoft/sarif-multitool manifest (${manifest.version}, ${wanted})`);
        process.exit(1);
    }' "$tool_dir/sarif-multitool-$version/package.json" "$version"
multitool="$tool_dir/sarif-multitool-linux-$version/Sarif.Multitool"
chmod u+x "$multitool"

# The GitHub ingestion rules are off by default; this policy turns them into
# errors, as the SARIF web validator's GitHub policy does (sarif-sdk
# policies/github.config.xml). SARIF2006 is off because it fetches every URI
# in the log over the network.
policy="$tool_dir/github-ingestion-$version.config.xml"
{
    echo '<?xml version="1.0" encoding="utf-8"?>'
    echo '<Properties>'
    for rule in GH1001.ProvideRequiredLocationProperties GH1002.InlineThreadFlowLocations \
        GH1003.ProvideRequiredRegionProperties GH1004.ReviewArraysThatExceedConfigurableDefaults \
        GH1005.LocationsMustBeRelativeUrisOrFilePaths GH1006.ProvideCheckoutPath \
        GH1007.ProvideFullyFormattedMessageStrings SARIF2007.ExpressPathsRelativeToRepoRoot; do
        echo "  <Properties Key=\"$rule.Options\"><Property Key=\"RuleEnabled\" Value=\"Error\" /></Properties>"
    done
    echo '  <Properties Key="SARIF2006.UrisShouldBeReachable.Options"><Property Key="RuleEnabled" Value="Disabled" /></Properties>'
    echo '</Properties>'
} > "$policy"

log="$scratch/validation.sarif"
console="$scratch/console.txt"
# Without libicu (a minimal Debian), .NET needs the invariant globalization mode.
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
# List options (--rule-kind, --level, --log) would swallow the file names that
# follow them, so a scalar option (--output) comes last.
status=0
"$multitool" validate --rule-kind "Sarif;Gh" --level "Error;Warning;Note" --log ForceOverwrite \
    --config "$policy" --output "$log" "${files[@]}" > "$console" 2>&1 || status=$?
if [[ $status -ne 0 ]]; then
    cat "$console" >&2
    echo "sarif_validate: the Multitool failed (exit $status)" >&2
    exit 1
fi
if ! grep -q "^Done\. ${#files[@]} files\? scanned\.$" "$console"; then
    cat "$console" >&2
    echo "sarif_validate: the Multitool did not scan all ${#files[@]} file(s)" >&2
    exit 1
fi

# A result's level is its own, else its rule's default, else "warning" (SARIF 3.27.10).
node - "$log" <<'EOF'
const log = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
let failures = 0, notes = 0;
for (const run of log.runs) {
    const rules = run.tool.driver.rules || [];
    for (const result of run.results || []) {
        const rule = rules[result.ruleIndex] || {};
        const level = result.level || (rule.defaultConfiguration || {}).level || "warning";
        const where = ((result.locations || [])[0] || {}).physicalLocation || {};
        const file = (where.artifactLocation || {}).uri || "";
        const template = result.message.text || ((rule.messageStrings || {})[result.message.id] || {}).text || "";
        const text = template.replace(/\{(\d+)\}/g, (_, i) => (result.message.arguments || [])[i] ?? "");
        const line = `${level} ${result.ruleId}: ${file}: ${text}`;
        if (level === "error" || level === "warning") {
            console.error(line);
            ++failures;
        } else if (level === "note") {
            console.log(line);
            ++notes;
        }
    }
    for (const invocation of run.invocations || []) {
        const notifications = (invocation.toolExecutionNotifications || [])
            .concat(invocation.toolConfigurationNotifications || []);
        for (const notification of notifications) {
            const level = notification.level || "warning";
            // The one rule this script turns off is reported as a configuration warning.
            const id = (notification.descriptor || {}).id;
            if (id === "WRN999.RuleExplicitlyDisabled" && /'SARIF2006'/.test(notification.message.text)) continue;
            if (level === "error" || level === "warning") {
                console.error(`${level} (validator): ${notification.message.text}`);
                ++failures;
            }
        }
        if (invocation.executionSuccessful === false) {
            console.error("the validator reports that it did not run successfully");
            ++failures;
        }
    }
}
console.log(`sarif_validate: ${failures} error(s) or warning(s), ${notes} note(s)`);
process.exit(failures === 0 ? 0 : 1);
EOF
