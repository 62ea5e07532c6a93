#!/usr/bin/python3
"""Notebooks through the gate: the example and user-guide notebooks Debian's
documentation packages ship, judged cell by cell as a session judges its
steps, and compared with a reviewed classification of every cell it does not
allow (docs/real_code.md).

Usage: notebook_corpus.py PYGATE WORKDIR CLASSIFICATION [--write]

1. Read, without running anything: every `*.ipynb` (or `.ipynb.gz`) file the
   packages of CORPORA install (`dpkg-query -L`); a notebook whose code cells
   are the same as one read before (a package's HTML tree holds copies) is
   counted once, the copy outside `html/` kept. Each code cell becomes a
   step; IPython's own syntax is dropped as an IPython kernel takes it out
   before Python sees the cell: a cell magic (`%%time`) skips the whole
   cell, a line magic or shell escape (`%matplotlib inline`, `!ls`,
   `x = !ls`) becomes `pass` at its indentation. A cell CPython 3.11 does not
   compile after that (`obj?` help, an ellipsis for code) is counted and
   skipped. Cells are named `NOTEBOOK#N`, N the code cell's number in the
   notebook (1 for its first code cell), NOTEBOOK its path under
   /usr/share/doc/.
2. The profile: `plotting` for a notebook whose cells import matplotlib,
   seaborn or mpl_toolkits, else `data_processing`.
3. Judge the cells in rounds, round k holding each notebook's k-th cell, one
   `pygate check --records --format jsonl` a round and profile. As
   `session_exec` does (judging/session_program.cpp), a cell is checked
   after every cell of its notebook allowed so far, and decided by the
   findings in its own lines and by any finding of earlier lines the
   program did not have before it; only an allowed cell joins the program.
4. Classify every finding of every cell that is not allowed with the first
   entry of CLASSIFICATION that matches it (the format and the rules of
   tests/realcode/classification.toml; `ids` are globs on cell names).

Prints the figures (cells, allowed, each class, the false-positive rate,
overall and for the notebooks that import only what their profile allows),
every false positive, stale entries and uncovered findings. Exits 1 when a
finding of a refused cell is uncovered or covered only by an `unreviewed`
entry, or an entry matches nothing (stale), 2 on a bad classification file or a failed
read or scan. --write drafts entries as realcode_corpus.py --write does.
"""
import argparse
import ast
import collections
import gzip
import hashlib
import json
import pathlib
import re
import subprocess
import sys
from dataclasses import dataclass, field

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import realcode_corpus as rc  # noqa: E402  (the classification, shared)

DOC_ROOT = "/usr/share/doc/"
PLOTTING_MODULES = {"matplotlib", "seaborn", "mpl_toolkits"}


@dataclass(frozen=True)
class Corpus:
    name: str
    debian_package: str


CORPORA = [
    Corpus("pandas", "python-pandas-doc"),
    Corpus("statsmodels", "python-statsmodels-doc"),
    Corpus("sklearn", "python-sklearn-doc"),
    Corpus("xarray", "python-xarray-doc"),
]

PROFILE_MODULES = {  # what each profile's [imports] allows of the modules notebooks import (profiles/*.toml)
    "data_processing": {"csv", "numpy", "pandas", "scipy", "pathlib", "io", "os.path", "math", "cmath", "decimal",
                        "fractions", "statistics", "random", "re", "json", "datetime", "time", "calendar", "string",
                        "textwrap", "unicodedata", "difflib", "itertools", "functools", "operator", "collections",
                        "heapq", "bisect", "copy", "enum", "dataclasses", "typing", "numbers", "hashlib", "base64",
                        "pprint", "asyncio", "sys", "__future__"},
}
PROFILE_MODULES["plotting"] = PROFILE_MODULES["data_processing"] | PLOTTING_MODULES


@dataclass
class Notebook:
    corpus: str
    name: str
    profile: str = "data_processing"
    cells: list = field(default_factory=list)  # (cell name, code) of the cells judged, in order
    within_profile: bool = True  # every import is one the profile allows
    accepted: str = ""  # the allowed cells so far, each ending in a newline
    known: set = field(default_factory=set)  # the findings of `accepted`, as keys


@dataclass
class Reading:
    corpus: Corpus
    version: str
    files: int = 0
    copies: int = 0
    code_cells: int = 0
    cell_magics: int = 0
    magic_lines: int = 0
    not_compiling: list = field(default_factory=list)
    notebooks: list = field(default_factory=list)


MAGIC_LINE = re.compile(r"^(\s*)(?:[%!]|[\w.,\s]+=\s*[%!])")


def without_magics(source: str, reading: Reading):
    """The cell as Python sees it under IPython, or None for a cell magic."""
    if source.lstrip().startswith("%%"):
        reading.cell_magics += 1
        return None
    lines = []
    for line in source.splitlines():
        match = MAGIC_LINE.match(line)
        if match:
            reading.magic_lines += 1
            lines.append(match.group(1) + "pass")
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def imported_modules(code: str) -> set:
    modules = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
    return modules


def allowed_module(module: str, allowed: set) -> bool:
    parts = module.split(".")
    return any(".".join(parts[:length]) in allowed for length in range(1, len(parts) + 1))


def read_corpus(corpus: Corpus, seen: set) -> Reading:
    query = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", corpus.debian_package],
                           capture_output=True, text=True)
    if query.returncode != 0:
        raise rc.Failure(f"{corpus.debian_package} is not installed (bootstrap.sh installs it): "
                         f"{query.stderr.strip()}")
    listing = subprocess.run(["dpkg-query", "-L", corpus.debian_package], capture_output=True, text=True, check=True)
    paths = [line for line in listing.stdout.splitlines() if re.search(r"\.ipynb(\.gz)?$", line)]
    paths.sort(key=lambda path: ("/html/" in path, path))  # the source copy before the HTML tree's
    reading = Reading(corpus, query.stdout)
    for path in paths:
        raw = pathlib.Path(path).read_bytes()
        try:
            document = json.loads(gzip.decompress(raw) if path.endswith(".gz") else raw)
        except (OSError, ValueError) as error:
            raise rc.Failure(f"{path}: not a notebook: {error}") from error
        sources = []
        for cell in document.get("cells", []):
            if cell.get("cell_type") == "code":
                source = cell.get("source", "")
                sources.append("".join(source) if isinstance(source, list) else source)
        digest = hashlib.sha256(json.dumps(sources).encode()).hexdigest()
        reading.files += 1
        if digest in seen:
            reading.copies += 1
            continue
        seen.add(digest)
        notebook = Notebook(corpus.name, re.sub(r"\.gz$", "", path[len(DOC_ROOT):]))
        modules = set()
        for number, source in enumerate(sources, 1):
            reading.code_cells += 1
            cell_name = f"{notebook.name}#{number}"
            code = without_magics(source, reading)
            if code is None:
                continue
            try:
                compile(code, cell_name, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                reading.not_compiling.append(cell_name)
                continue
            modules |= imported_modules(code)
            notebook.cells.append((cell_name, code))
        top = {module.split(".")[0] for module in modules}
        notebook.profile = "plotting" if top & PLOTTING_MODULES else "data_processing"
        notebook.within_profile = all(allowed_module(m, PROFILE_MODULES[notebook.profile]) for m in modules)
        if notebook.cells:
            reading.notebooks.append(notebook)
    return reading


# ---------------------------------------------------------------- the session's judgement

def finding_key(finding: dict) -> str:
    return f"{finding['rule']}|{finding['line']}|{finding['column']}|{finding['message']}"


def judge_round(pygate: str, workdir: pathlib.Path, round_number: int, profile: str, steps: list) -> list:
    """pygate's entry of each (notebook, cell name, code) step's program, in order."""
    records = workdir / f"round{round_number}.{profile}.jsonl"
    with records.open("w", encoding="utf-8") as out:
        for notebook, cell_name, code in steps:
            out.write(json.dumps({"id": cell_name, "code": notebook.accepted + code}) + "\n")
    command = [pygate, "check", "--records", str(records), "--format", "jsonl", "--profile", profile,
               "--fail-on", "never", "--no-progress"]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise rc.Failure(f"{' '.join(command)} exited {run.returncode}: {run.stderr.strip()}")
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    if not lines or set(lines[-1]) != {"summary"}:
        raise rc.Failure(f"{records}: pygate's report does not end with its summary")
    if lines[-1]["summary"]["errors"] != 0:
        raise rc.Failure(f"{records}: pygate reports inputs it could not read")
    entries = lines[:-1]
    if [entry["path"] for entry in entries] != [cell_name for _, cell_name, _ in steps]:
        raise rc.Failure(f"{records}: pygate's entries are not the steps, one each, in order")
    return entries


def step_verdict(notebook: Notebook, whole: dict) -> tuple[dict, set]:
    """The step's decision and the findings that count (lines relative to the
    step), and the keys of every finding of the program with it."""
    offset = notebook.accepted.count("\n")
    keys, counted = set(), []
    for finding in whole["findings"]:
        key = finding_key(finding)
        keys.add(key)
        if finding["line"] > offset:
            counted.append(dict(finding, line=finding["line"] - offset))
        elif key not in notebook.known:
            counted.append(dict(finding, message=f"in an earlier step (line {finding['line']} of the session): "
                                                 f"{finding['message']}"))
    severities = {finding["severity"] for finding in counted}
    decision = "deny" if "error" in severities else "review" if "warning" in severities else "allow"
    if whole["decision"] == "deny" and not counted:
        decision = "deny"  # denied with nothing to show for it (an analysis error): never accepted
    return {"decision": decision, "findings": counted}, keys


def judge(pygate: str, workdir: pathlib.Path, notebooks: list) -> dict:
    """cell name -> its step verdict, every judged cell of every notebook."""
    verdicts = {}
    round_number = 0
    while True:
        pending = collections.defaultdict(list)
        for notebook in notebooks:
            if round_number < len(notebook.cells):
                cell_name, code = notebook.cells[round_number]
                pending[notebook.profile].append((notebook, cell_name, code))
        if not pending:
            return verdicts
        round_number += 1
        for profile, steps in sorted(pending.items()):
            for (notebook, cell_name, code), whole in zip(steps, judge_round(pygate, workdir, round_number,
                                                                             profile, steps)):
                verdict, keys = step_verdict(notebook, whole)
                verdicts[cell_name] = verdict
                if verdict["decision"] == "allow":
                    notebook.accepted += code
                    notebook.known = keys


# ---------------------------------------------------------------- main

def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("pygate")
    arguments.add_argument("workdir", type=pathlib.Path)
    arguments.add_argument("classification", type=pathlib.Path)
    arguments.add_argument("--write", action="store_true", help="rewrite CLASSIFICATION as a draft for review")
    options = arguments.parse_args()

    header, entries = rc.load_classification(options.classification, {corpus.name for corpus in CORPORA})
    options.workdir.mkdir(parents=True, exist_ok=True)
    for old in options.workdir.glob("round*.jsonl"):
        old.unlink()
    seen = set()
    readings = [read_corpus(corpus, seen) for corpus in CORPORA]
    notebooks = [notebook for reading in readings for notebook in reading.notebooks]
    verdicts = judge(options.pygate, options.workdir, notebooks)

    outcomes, totals = [], collections.Counter()
    for reading in readings:
        counts = collections.Counter()
        for notebook in reading.notebooks:
            group = "within" if notebook.within_profile else "beyond"
            for cell_name, _ in notebook.cells:
                outcome = rc.classify(notebook.corpus, cell_name, verdicts[cell_name], entries)
                outcomes.append(outcome)
                klass = outcome.klass or "allowed"
                counts[klass] += 1
                counts["cells"] += 1
                counts[f"{group} {klass}"] += 1
                counts[f"{group} cells"] += 1
            counts[f"{notebook.profile} notebooks"] += 1
            counts[f"{group} notebooks"] += 1
        totals.update(counts)
        print(f"{reading.corpus.name} ({reading.corpus.debian_package} {reading.version}): "
              f"{reading.files} notebook files ({reading.copies} copies of another), {len(reading.notebooks)} "
              f"notebooks ({counts['data_processing notebooks']} data_processing, {counts['plotting notebooks']} "
              f"plotting; {counts['within notebooks']} importing only what their profile allows), "
              f"{reading.code_cells} code cells ({reading.cell_magics} cell magics skipped, "
              f"{reading.magic_lines} magic or shell lines dropped, {len(reading.not_compiling)} not compiling), "
              f"{counts['cells']} judged: "
              + ", ".join(f"{counts[key]} {key.replace('_', ' ')}" for key in ("allowed",) + rc.CLASSES
                          + (rc.UNREVIEWED,)))
        for cell_name in reading.not_compiling:
            print(f"  not compiling: {cell_name}")
        totals["code_cells"] += reading.code_cells
        totals["cell_magics"] += reading.cell_magics
        totals["not_compiling"] += len(reading.not_compiling)

    for outcome in outcomes:
        lines = collections.defaultdict(list)
        for finding, match in outcome.findings:
            if match is not None and match.klass == "false_positive":
                lines[(finding["rule"], rc.subject(finding), match.reason)].append(str(finding["line"]))
        label = "false positive" if outcome.klass == "false_positive" else f"false-positive finding ({outcome.klass} cell)"
        for (rule, name, reason), numbers in lines.items():
            print(f"{label}: {outcome.program_id}: {rule} {name} (line {', '.join(numbers)}): {reason}")

    def rate(false_positives: int, cells: int) -> str:
        return f"{false_positives}/{cells} = {100.0 * false_positives / cells if cells else 0.0:.2f}%"

    print(f"total: {totals['code_cells']} code cells ({totals['cell_magics']} cell magics and "
          f"{totals['not_compiling']} not compiling skipped), {totals['cells']} judged: {totals['allowed']} allowed, "
          f"{totals['true_positive']} true positive, {totals['outside_contract']} outside the profile's contract, "
          f"{totals['false_positive']} false positive, {totals[rc.UNREVIEWED]} unreviewed; "
          f"false-positive rate {rate(totals['false_positive'], totals['cells'])}")
    print(f"notebooks importing only what their profile allows: {totals['within notebooks']} notebooks, "
          f"{totals['within cells']} cells judged: {totals['within allowed']} allowed, "
          f"{totals['within true_positive']} true positive, {totals['within outside_contract']} outside the "
          f"profile's contract, {totals['within false_positive']} false positive; "
          f"false-positive rate {rate(totals['within false_positive'], totals['within cells'])}")

    if options.write:
        text, dropped = rc.draft(header, entries, outcomes)
        options.classification.write_text(text, encoding="utf-8")
        for entry in dropped:
            print(f"dropped stale {entry.describe()}: {entry.reason}")
        print(f"wrote {options.classification}: review every `unreviewed` entry")
        return 0

    failures = 0
    for entry in entries:  # stale: a fix or a rule change left it behind, and it could hide a new refusal
        if not entry.matched:
            failures += 1
            print(f"FAIL stale (matches nothing): {entry.describe()}: {entry.reason}")
    for outcome in outcomes:
        for finding, match in outcome.findings:
            if match is None or match.klass == rc.UNREVIEWED:
                failures += 1
                how = "unreviewed in " + match.describe() if match else "not covered by the classification"
                print(f"FAIL {outcome.program_id}: {finding['rule']} {rc.subject(finding)!r} (line {finding['line']}) "
                      f"{how}: {finding['message']}")
        if outcome.klass == rc.UNREVIEWED and not outcome.findings:
            failures += 1
            print(f"FAIL {outcome.program_id}: {outcome.decision} without findings")
    if failures:
        print(f"{failures} findings unreviewed or entries stale; to draft entries for them: {sys.argv[0]} --write "
              f"{options.pygate} {options.workdir} {options.classification}")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except rc.Failure as failure:
        print(f"notebook_corpus: {failure}", file=sys.stderr)
        sys.exit(2)
