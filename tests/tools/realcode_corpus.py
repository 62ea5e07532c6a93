#!/usr/bin/python3
"""Real code through the gate: the docstring examples of Debian's numpy,
pandas, matplotlib, scipy and seaborn, checked by pygate and compared with a
reviewed classification of everything it does not allow (docs/real_code.md).

Usage: realcode_corpus.py PYGATE WORKDIR CLASSIFICATION [--write]

1. Extract, without importing anything: for each corpus below, every *.py
   file the Debian package installs under dist-packages (outside folders
   named tests, testing or _testing, and conftest.py) is parsed with ast;
   each docstring (module, class, function, method) with doctest examples
   becomes one program: the examples' source in order, after the imports the
   package's doctests take for granted (PRELUDES). A program CPython 3.11
   does not compile is counted and skipped. Each program is named
   `PATH::QUALNAME` (`numpy/core/fromnumeric.py::sum`, `...::<module>` for a
   module's docstring, `#2` appended to a name seen before in that file).
   The programs are written to WORKDIR/<corpus>.jsonl (third-party code: it
   is generated, never committed), pygate's report beside them
   (<corpus>.report.jsonl).
2. Check each corpus with one `pygate check --records --format jsonl` under
   its profile.
3. Classify every finding of every program that is not allowed with the
   first entry of CLASSIFICATION (TOML, see its header) that matches it. A
   program's class is the strongest of its findings' classes: true_positive,
   then outside_contract, then false_positive.

Prints the figures (programs, allowed, each class, the false-positive rate),
every false positive, the entries that matched nothing (stale: printed, not
failed) and the findings no entry covers. Exits 1 when a finding of a program
that is not allowed is uncovered or covered only by an `unreviewed` entry, 2
on a bad classification file or a failed extraction or scan.

--write rewrites CLASSIFICATION as a draft for a reviewer: the entries that
still match, as they are (reasons kept), then one `unreviewed` entry per
uncovered (rule, subject); stale entries are dropped and printed.
"""
import argparse
import ast
import collections
import doctest
import fnmatch
import json
import pathlib
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field

DIST_PACKAGES = "/usr/lib/python3/dist-packages/"
SKIPPED_FOLDERS = {"tests", "testing", "_testing"}
SKIPPED_FILES = {"conftest.py"}

# The names each package's doctests find already bound. numpy's and pandas'
# conftest.py put np (and pd) into pytest's doctest_namespace; scipy's
# refguide_check gives np; matplotlib's and seaborn's documentation write
# their examples after the imports of their gallery and tutorials.
PRELUDES = {
    "numpy": "import numpy as np\n",
    "pandas": "import numpy as np\nimport pandas as pd\n",
    "matplotlib": "import numpy as np\nimport matplotlib.pyplot as plt\n",
    "scipy": "import numpy as np\n",
    "seaborn": "import numpy as np\nimport pandas as pd\nimport matplotlib.pyplot as plt\nimport seaborn as sns\n",
}


@dataclass(frozen=True)
class Corpus:
    name: str
    debian_package: str
    profile: str


CORPORA = [
    Corpus("numpy", "python3-numpy", "data_processing"),
    Corpus("pandas", "python3-pandas", "data_processing"),
    Corpus("matplotlib", "python3-matplotlib", "plotting"),
    Corpus("scipy", "python3-scipy", "data_processing"),
    Corpus("seaborn", "python3-seaborn", "plotting"),
]

CLASSES = ("true_positive", "outside_contract", "false_positive")
UNREVIEWED = "unreviewed"
STRENGTH = {name: rank for rank, name in enumerate(CLASSES)}  # lower is stronger


class Failure(Exception):
    """The run cannot go on: bad input or a tool that failed (exit 2)."""


# ---------------------------------------------------------------- extraction

@dataclass
class Extraction:
    corpus: Corpus
    version: str
    files: int = 0
    docstrings: int = 0  # docstrings with at least one example
    not_compiling: list = field(default_factory=list)
    programs: dict = field(default_factory=dict)  # id -> code, in source order


def debian_files(package: str) -> tuple[str, list[pathlib.Path]]:
    query = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
    if query.returncode != 0:
        raise Failure(f"{package} is not installed (bootstrap.sh installs it): {query.stderr.strip()}")
    listing = subprocess.run(["dpkg-query", "-L", package], capture_output=True, text=True, check=True)
    files = []
    for line in listing.stdout.splitlines():
        path = pathlib.Path(line)
        if not line.startswith(DIST_PACKAGES) or path.suffix != ".py" or path.name in SKIPPED_FILES:
            continue
        if SKIPPED_FOLDERS.intersection(path.relative_to(DIST_PACKAGES).parts[:-1]):
            continue
        files.append(path)
    return query.stdout, sorted(files)


def docstring_owners(tree: ast.Module):
    """(qualified name, node) for the module and every class and function, in source order."""
    yield "<module>", tree

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                yield prefix + child.name, child
                yield from visit(child, prefix + child.name + ".")
            else:
                yield from visit(child, prefix)

    yield from visit(tree, "")


def extract(corpus: Corpus) -> Extraction:
    version, files = debian_files(corpus.debian_package)
    result = Extraction(corpus, version, files=len(files))
    parser = doctest.DocTestParser()
    prelude = PRELUDES[corpus.name]
    for path in files:
        relative = str(path.relative_to(DIST_PACKAGES))
        try:
            tree = ast.parse(path.read_bytes(), str(path))
        except (SyntaxError, ValueError) as error:
            raise Failure(f"{path}: CPython cannot parse this installed file: {error}") from error
        seen = collections.Counter()
        for name, node in docstring_owners(tree):
            # Unindented, as doctest reads __doc__ under CPython 3.11.
            docstring = ast.get_docstring(node, clean=False)
            if not docstring:
                continue
            examples = parser.get_examples(docstring, name)
            if not examples:
                continue
            seen[name] += 1
            program_id = f"{relative}::{name}" + (f"#{seen[name]}" if seen[name] > 1 else "")
            # A __future__ import must stay first, before the prelude.
            future = 0
            while future < len(examples) and examples[future].source.startswith("from __future__ import"):
                future += 1
            code = "".join(example.source for example in examples[:future]) + prelude + "".join(
                example.source for example in examples[future:])
            result.docstrings += 1
            try:
                compile(code, program_id, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                result.not_compiling.append(program_id)
                continue
            result.programs[program_id] = code
    return result


# ---------------------------------------------------------------- the scan

def scan(pygate: str, records: pathlib.Path, extraction: Extraction) -> dict:
    """id -> the pygate entry of that program; every program exactly once."""
    command = [pygate, "check", "--records", str(records), "--format", "jsonl",
               "--profile", extraction.corpus.profile, "--fail-on", "never", "--no-progress"]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise Failure(f"{' '.join(command)} exited {run.returncode}: {run.stderr.strip()}")
    records.with_suffix(".report.jsonl").write_text(run.stdout, encoding="utf-8")  # for the reviewer
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    if not lines or set(lines[-1]) != {"summary"}:
        raise Failure(f"{records}: pygate's report does not end with its summary")
    summary, entries = lines[-1]["summary"], lines[:-1]
    if summary["errors"] != 0:
        raise Failure(f"{records}: pygate reports {summary['errors']} inputs it could not read")
    ids = [entry["path"] for entry in entries]
    if ids != list(extraction.programs):
        raise Failure(f"{records}: pygate's entries are not the programs, one each, in order")
    return dict(zip(ids, entries))


# ---------------------------------------------------------------- classification

BACKQUOTED = re.compile(r"`([^`]+)`")


def subject(finding: dict) -> str:
    """What a finding is about: its qualified name, else (PG003's modules, PG009's
    dunders) the first back-quoted name of its message, else nothing."""
    if finding.get("qualified_name"):
        return finding["qualified_name"]
    quoted = BACKQUOTED.search(finding.get("message", ""))
    return quoted.group(1) if quoted else ""


@dataclass
class Entry:
    index: int
    rule: str
    klass: str
    reason: str
    names: list
    ids: list
    corpora: list
    message: str
    comment: str = ""  # the comment lines just above it, kept by --write
    matched: int = 0

    def matches(self, corpus: str, program_id: str, finding: dict) -> bool:
        if finding["rule"] != self.rule:
            return False
        if self.corpora and corpus not in self.corpora:
            return False
        if self.ids and not any(fnmatch.fnmatchcase(program_id, pattern) for pattern in self.ids):
            return False
        if self.names and not any(fnmatch.fnmatchcase(subject(finding), pattern) for pattern in self.names):
            return False
        if self.message and not re.search(self.message, finding.get("message", "")):
            return False
        return True

    def describe(self) -> str:
        parts = [f"rule={self.rule}"]
        for key, value in (("corpora", self.corpora), ("names", self.names), ("ids", self.ids)):
            if value:
                parts.append(f"{key}={','.join(value)}")
        if self.message:
            parts.append(f"message=/{self.message}/")
        return f"entry {self.index} ({self.klass}: {' '.join(parts)})"


def comment_blocks(text: str) -> tuple[str, list]:
    """The file's text before its first entry and, for each [[entry]], the
    comment lines right above it (up to a blank line), so --write keeps both."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == "[[entry]]"]
    blocks = []
    for start in starts:
        first = start
        while first > 0 and lines[first - 1].startswith("#"):
            first -= 1
        blocks.append((first, "".join(lines[first:start])))
    header_end = blocks[0][0] if blocks else len(lines)
    header = "".join(line for line in lines[:header_end]).rstrip("\n")
    return (header + "\n" if header else ""), [block for _, block in blocks]


ENTRY_KEYS = {"rule", "class", "reason", "names", "ids", "corpora", "message"}


def load_classification(path: pathlib.Path, corpus_names=None) -> tuple[str, list]:
    """The file's leading comment block (kept by --write) and its entries;
    `corpora` must name one of corpus_names (default: this file's CORPORA)."""
    if corpus_names is None:
        corpus_names = {corpus.name for corpus in CORPORA}
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except FileNotFoundError:
        return "", []
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise Failure(f"{path}: {error}") from error
    header, comments = comment_blocks(text)
    unknown = set(data) - {"entry"}
    if unknown:
        raise Failure(f"{path}: unknown top-level keys {sorted(unknown)} (only [[entry]] tables)")
    entries = []
    for index, table in enumerate(data.get("entry", []), 1):
        where = f"{path}: entry {index}"
        if set(table) - ENTRY_KEYS:
            raise Failure(f"{where}: unknown keys {sorted(set(table) - ENTRY_KEYS)}")
        for key in ("rule", "class", "reason"):
            if not isinstance(table.get(key), str):
                raise Failure(f"{where}: `{key}` must be a string")
        if table["class"] not in CLASSES + (UNREVIEWED,):
            raise Failure(f"{where}: class `{table['class']}` is not one of {', '.join(CLASSES + (UNREVIEWED,))}")
        if table["class"] != UNREVIEWED and not table["reason"].strip():
            raise Failure(f"{where}: a reviewed entry needs a one-line reason")
        lists = {}
        for key in ("names", "ids", "corpora"):
            value = table.get(key, [])
            if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
                raise Failure(f"{where}: `{key}` must be a list of non-empty strings")
            lists[key] = value
        unknown_corpora = set(lists["corpora"]) - set(corpus_names)
        if unknown_corpora:
            raise Failure(f"{where}: unknown corpora {sorted(unknown_corpora)}")
        message = table.get("message", "")
        try:
            re.compile(message)
        except (re.error, TypeError) as error:
            raise Failure(f"{where}: `message` is not a regular expression: {error}") from error
        if not (lists["names"] or lists["ids"] or message):
            raise Failure(f"{where}: give `names`, `ids` or `message`: an entry for a whole rule hides new findings")
        entries.append(Entry(index, table["rule"], table["class"], table["reason"], lists["names"],
                             lists["ids"], lists["corpora"], message,
                             comments[index - 1] if index - 1 < len(comments) else ""))
    return header, entries


@dataclass
class Outcome:
    program_id: str
    corpus: str
    decision: str
    klass: str = ""  # empty: allowed
    findings: list = field(default_factory=list)  # (finding, entry or None)


def classify(corpus: str, program_id: str, entry: dict, entries: list) -> Outcome:
    outcome = Outcome(program_id, corpus, entry["decision"])
    if entry["decision"] == "allow":
        return outcome
    classes = []
    for finding in entry["findings"]:
        match = next((e for e in entries if e.matches(corpus, program_id, finding)), None)
        if match is not None:
            match.matched += 1
        outcome.findings.append((finding, match))
        classes.append(match.klass if match is not None else UNREVIEWED)
    if not classes:
        classes.append(UNREVIEWED)  # not allowed without a finding: nothing to review it by
    reviewed = [klass for klass in classes if klass in STRENGTH]
    outcome.klass = UNREVIEWED if UNREVIEWED in classes else min(reviewed, key=STRENGTH.get)
    return outcome


# ---------------------------------------------------------------- --write

def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a TOML basic string, escapes included


def toml_list(items: list, indent: int) -> str:
    """Wrapped at 110 columns, continuation lines under the first item."""
    lines, line = [], ""
    for item in (toml_string(item) for item in items):
        if line and indent + len(line) + len(item) + 3 > 110:
            lines.append(line + ",")
            line = item
        else:
            line = f"{line}, {item}" if line else item
    lines.append(line)
    return "[" + ("\n" + " " * (indent + 1)).join(lines) + "]"


def render_entry(entry: Entry) -> str:
    lines = entry.comment.splitlines() + ["[[entry]]", f"rule = {toml_string(entry.rule)}"]
    if entry.corpora:
        lines.append(f"corpora = {toml_list(entry.corpora, len('corpora = '))}")
    if entry.names:
        lines.append(f"names = {toml_list(entry.names, len('names = '))}")
    if entry.ids:
        lines.append(f"ids = {toml_list(entry.ids, len('ids = '))}")
    if entry.message:
        lines.append(f"message = {toml_string(entry.message)}")
    lines.append(f"class = {toml_string(entry.klass)}")
    lines.append(f"reason = {toml_string(entry.reason)}")
    return "\n".join(lines) + "\n"


def draft(header: str, entries: list, outcomes: list) -> tuple[str, list]:
    kept = [entry for entry in entries if entry.matched]
    uncovered = collections.defaultdict(list)  # (corpus, rule, subject) -> program ids
    for outcome in outcomes:
        for finding, match in outcome.findings:
            if match is None:
                ids = uncovered[(outcome.corpus, finding["rule"], subject(finding))]
                if outcome.program_id not in ids:
                    ids.append(outcome.program_id)
    new = []
    for (corpus, rule, name), ids in sorted(uncovered.items()):
        example = next(f for o in outcomes if o.program_id == ids[0] for f, m in o.findings
                       if m is None and f["rule"] == rule and subject(f) == name)
        reason = f"TODO ({len(ids)} programs, e.g. {ids[0]}): {example['message'][:160]}"
        new.append(Entry(0, rule, UNREVIEWED, reason, [name] if name else [], ids if len(ids) <= 3 or not name else [],
                         [corpus], ""))
    text = header + ("\n" if header else "") + "\n".join(render_entry(entry) for entry in kept + new)
    return text, [entry for entry in entries if not entry.matched]


# ---------------------------------------------------------------- main

def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("pygate")
    arguments.add_argument("workdir", type=pathlib.Path)
    arguments.add_argument("classification", type=pathlib.Path)
    arguments.add_argument("--write", action="store_true", help="rewrite CLASSIFICATION as a draft for review")
    options = arguments.parse_args()

    header, entries = load_classification(options.classification)
    options.workdir.mkdir(parents=True, exist_ok=True)
    outcomes = []
    totals = collections.Counter()
    for corpus in CORPORA:
        extraction = extract(corpus)
        records = options.workdir / f"{corpus.name}.jsonl"
        with records.open("w", encoding="utf-8") as out:
            for program_id, code in extraction.programs.items():
                out.write(json.dumps({"id": program_id, "code": code}) + "\n")  # ASCII: any str survives
        report = scan(options.pygate, records, extraction) if extraction.programs else {}
        counts = collections.Counter()
        for program_id, entry in report.items():
            outcome = classify(corpus.name, program_id, entry, entries)
            outcomes.append(outcome)
            counts[outcome.klass or "allowed"] += 1
        counts["programs"] = len(extraction.programs)
        counts["not_compiling"] = len(extraction.not_compiling)
        totals.update(counts)
        print(f"{corpus.name} ({corpus.debian_package} {extraction.version}, profile {corpus.profile}): "
              f"{extraction.files} files, {extraction.docstrings} docstrings with examples, "
              f"{len(extraction.not_compiling)} not compiling under CPython 3.11, {counts['programs']} programs: "
              + ", ".join(f"{counts[key]} {key.replace('_', ' ')}" for key in ("allowed",) + CLASSES + (UNREVIEWED,)))
        for program_id in extraction.not_compiling:
            print(f"  not compiling: {program_id}")

    false_positives = [o for o in outcomes if o.klass == "false_positive"]
    # Every false-positive finding, also those of programs denied for other
    # reasons too: they show once the other reasons go (a profile allows more).
    for outcome in outcomes:
        lines = collections.defaultdict(list)
        for finding, match in outcome.findings:
            if match is not None and match.klass == "false_positive":
                lines[(finding["rule"], subject(finding), match.reason)].append(str(finding["line"]))
        label = "false positive" if outcome.klass == "false_positive" else f"false-positive finding ({outcome.klass} program)"
        for (rule, name, reason), numbers in lines.items():
            print(f"{label}: {outcome.program_id}: {rule} {name} (line {', '.join(numbers)}): {reason}")
    programs = totals["programs"]
    rate = 100.0 * len(false_positives) / programs if programs else 0.0
    print(f"total: {programs} programs extracted ({totals['not_compiling']} more do not compile), "
          f"{totals['allowed']} allowed, {totals['true_positive']} true positive, "
          f"{totals['outside_contract']} outside the profile's contract, {totals['false_positive']} false positive, "
          f"{totals[UNREVIEWED]} unreviewed; false-positive rate {len(false_positives)}/{programs} = {rate:.2f}%")

    if options.write:
        text, dropped = draft(header, entries, outcomes)
        options.classification.write_text(text, encoding="utf-8")
        for entry in dropped:
            print(f"dropped stale {entry.describe()}: {entry.reason}")
        print(f"wrote {options.classification}: review every `unreviewed` entry")
        return 0

    for entry in entries:
        if not entry.matched:
            print(f"stale (matches nothing): {entry.describe()}: {entry.reason}")
    failures = 0
    for outcome in outcomes:
        for finding, match in outcome.findings:
            if match is None or match.klass == UNREVIEWED:
                failures += 1
                how = "unreviewed in " + match.describe() if match else "not covered by the classification"
                print(f"FAIL {outcome.program_id}: {finding['rule']} {subject(finding)!r} (line {finding['line']}) "
                      f"{how}: {finding['message']}")
        if outcome.klass == UNREVIEWED and not outcome.findings:
            failures += 1
            print(f"FAIL {outcome.program_id}: {outcome.decision} without findings")
    if failures:
        print(f"{failures} findings unreviewed; to draft entries for them: {sys.argv[0]} --write "
              f"{options.pygate} {options.workdir} {options.classification}")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"realcode_corpus: {failure}", file=sys.stderr)
        sys.exit(2)
