#!/usr/bin/python3
"""Each part of `pygate check`'s cost, in instructions, over one corpus.

Runs `pygate check --jobs 1` under callgrind and prints what share of all its
instructions each part takes: the parse (tree-sitter), freeing tree-sitter's
tree, the copy of the tree, the model, and the rules' walk split into the
resolver, each rule's hooks (everything a hook calls included) and the
engine's own work; "rest" is reading files, decoding them, the report and
start-up. The parse floor's own count is printed beside it.

Works on the release build as it is: rules' hooks share their names (each in
its own anonymous namespace), so the calls the engine makes are told apart by
the address they go to, looked up in the binary's symbol table, where each
function follows the source file it was compiled from.

Usage: bench/cost_table.py [--build DIR] [DIR]   (DIR: /usr/lib/python3.11)
"""
import argparse
import bisect
import collections
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def functions_by_file(binary):
    """(start addresses, [(start, end, source file)]) of every function symbol."""
    symbols = subprocess.run(["readelf", "-sW", binary], check=True, capture_output=True, text=True).stdout
    source = "?"
    spans = []
    for line in symbols.splitlines():
        fields = line.split()
        if len(fields) < 8:
            continue
        if fields[3] == "FILE":
            source = fields[7]
        elif fields[3] == "FUNC" and fields[6] != "UND":
            start = int(fields[1], 16)
            spans.append((start, start + max(int(fields[2], 0), 1), source))
    spans.sort()
    return [s[0] for s in spans], spans


def source_of(address, starts, spans):
    i = bisect.bisect_right(starts, address) - 1
    if i >= 0 and spans[i][0] <= address < spans[i][1]:
        return spans[i][2]
    return "?"


def calls(profile):
    """Every call site's (caller, callee, callee address, inclusive instructions)."""
    caller = callee = None
    target = None
    expect_cost = False
    with open(profile) as lines:
        for line in lines:
            if expect_cost:
                yield caller, callee, target, int(line.split()[-1])
                expect_cost = False
            elif line.startswith("fn="):
                caller = line[3:].rstrip("\n")
            elif line.startswith("cfn="):
                callee = line[4:].rstrip("\n")
            elif line.startswith("calls="):
                target = int(line.split()[1], 16)
                expect_cost = True


def instructions(command, out):
    log = out + ".log"
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-strings=no",
                    "--compress-pos=no", f"--callgrind-out-file={out}", *command],
                   check=True, stdout=subprocess.DEVNULL, stderr=open(log, "w"))
    return int(re.search(r"Collected : (\d+)", open(log).read())[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("PYGATE_BUILD", "build/release"))
    parser.add_argument("corpus", nargs="?", default="/usr/lib/python3.11")
    args = parser.parse_args()
    build = args.build if os.path.isabs(args.build) else os.path.join(REPO, args.build)
    pygate, floor = os.path.join(build, "pygate"), os.path.join(build, "pygate-parse-floor")
    for binary in (pygate, floor):
        if not os.access(binary, os.X_OK):
            sys.exit(f"cost_table.py: missing {binary}; build first")

    work = tempfile.mkdtemp(prefix="pygate-cost-")
    profile = os.path.join(work, "pygate.callgrind")
    total = instructions([pygate, "check", "--jobs", "1", "--format", "json", "--fail-on", "never",
                          "--output", "/dev/null", args.corpus], profile)
    floor_total = instructions([floor, "--jobs", "1", args.corpus], os.path.join(work, "floor.callgrind"))

    starts, spans = functions_by_file(pygate)
    parts = collections.Counter()
    rules = collections.Counter()
    for caller, callee, target, cost in calls(profile):
        if "analyzer::analyze_bytes(" in caller:
            if "Parser::parse(" in callee:
                parts["parse (tree-sitter)"] += cost
            elif callee.startswith("ts_tree_delete"):
                parts["tree-sitter's tree freed"] += cost
            elif "SyntaxTree::SyntaxTree(" in callee:
                parts["copy of the tree"] += cost
            elif "Model::Model(" in callee or "Model::~Model(" in callee:
                parts["model (scopes, bindings, sites)"] += cost
            elif "analyzer::run_rules(" in callee:
                parts["rules' walk"] += cost
        elif "Engine::" in caller or "analyzer::run_rules(" in caller:
            source = source_of(target, starts, spans)
            if re.fullmatch(r"pg\d{3}_\w+\.cpp", source):
                rules[source[:-4]] += cost
            elif "Model::resolve(" in callee or "Model::resolve_call(" in callee:
                rules["resolver (Model::resolve)"] += cost

    walk = parts["rules' walk"]
    rows = [(name, parts[name]) for name in ("parse (tree-sitter)", "tree-sitter's tree freed", "copy of the tree",
                                             "model (scopes, bindings, sites)")]
    rows.append(("rules' walk", walk))
    print(f"corpus {args.corpus}, one thread, callgrind instructions")
    print(f"{'part':42}{'G instr':>9}{'share':>8}")
    for name, cost in rows:
        print(f"{name:42}{cost / 1e9:9.3f}{cost / total:8.1%}")
        if name == "rules' walk":
            for rule, rule_cost in sorted(rules.items(), key=lambda item: -item[1]):
                print(f"  {rule:40}{rule_cost / 1e9:9.3f}{rule_cost / total:8.1%}")
            own = walk - sum(rules.values())
            print(f"  {'engine (sites, findings)':40}{own / 1e9:9.3f}{own / total:8.1%}")
    rest = total - sum(cost for _, cost in rows)
    print(f"{'rest (files, decoding, report, start-up)':42}{rest / 1e9:9.3f}{rest / total:8.1%}")
    print(f"{'pygate check':42}{total / 1e9:9.3f}{1:8.1%}")
    print(f"{'parse floor (pygate-parse-floor)':42}{floor_total / 1e9:9.3f}   pygate / floor {total / floor_total:.3f}x")
    print(f"callgrind profiles in {work}")


if __name__ == "__main__":
    main()
