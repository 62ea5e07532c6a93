#!/usr/bin/python3
"""The library tables (analyzer/library/tables, settings.tsv) are what scripts/library-data.py makes on
this machine, and they know every public callable.

Checks, run by Debian's /usr/bin/python3 (whose numpy, pandas, matplotlib, scipy and seaborn the tables
describe):
1. The committed tables and settings.tsv equal what library-data.py generates for the installed versions;
   a committed table for a version not installed here is left alone and listed as untested.
2. Every callable with no Python source (C, generated) is covered by analyzer/library/reviewed.tsv,
   every reviewed line matches a callable, and reviewed.tsv has no error (library-data.py's own checks).
3. Every public callable is known to the tables, found as pygate's reader finds a name: walked from
   its module or class through aliases and bases. The walk here is not library-data.py's: it asks
   `dir()` of each module of the tables and of each class they list.
4. The check can fail: the same comparison against a copy of the tables with one entry taken out, and
   the effects made with a reviewed.tsv without the attribute built-ins, must each report the loss.

    library_tables_check.py ROOT
"""
import importlib.util
import inspect
import os
import sys
import tempfile
import types
import warnings

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
TABLES = os.path.join(ROOT, "analyzer", "library", "tables")
SETTINGS = os.path.join(ROOT, "analyzer", "library", "settings.tsv")
REVIEWED = os.path.join(ROOT, "analyzer", "library", "reviewed.tsv")


def load_generator():
    spec = importlib.util.spec_from_file_location("library_data", os.path.join(ROOT, "scripts", "library-data.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_tables(folder):
    entries = {}
    for file in sorted(os.listdir(folder)):
        if file.endswith(".tsv"):
            with open(os.path.join(folder, file), encoding="utf-8") as f:
                for line in f:
                    if line.startswith("#") or not line.strip():
                        continue
                    fields = line.rstrip("\n").split("\t")
                    entries.setdefault(fields[0], (fields[1], fields[2:]))
    return entries


def known(entries, name, depth=0):
    """Whether the tables know `name`: an entry, an alias's target's member, a class's or its bases' member."""
    if depth > 40:
        return False
    if name in entries:
        return True
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        owner, rest = ".".join(parts[:cut]), parts[cut:]
        if owner not in entries:
            continue
        kind, fields = entries[owner]
        if kind == "alias":
            return known(entries, ".".join([fields[0]] + rest), depth + 1)
        if kind == "class":
            bases = next((f[6:].split(",") for f in fields if f.startswith("bases=")), [])
            return any(known(entries, ".".join([base] + rest), depth + 1) for base in bases)
        if kind == "data":
            return known(entries, ".".join([fields[0]] + rest), depth + 1)
        return False
    return False


def public_callables(generator):
    """(name, owner kind) for each public callable of each module of the tables, and of each class."""
    seen_classes = set()
    for key, roots in sorted(generator.roots_by_table(generator.allowed_modules()).items()):
        for root in sorted(set(roots)):
            names = generator.module_names(root) if root not in ("os.path", "builtins") else [root]
            for module_name in names:
                module = generator.import_quietly(module_name)
                if module is None:
                    continue
                for attribute in sorted(dir(module)):
                    if attribute.startswith("_"):
                        continue
                    try:
                        value = getattr(module, attribute)
                    except Exception:
                        continue
                    if isinstance(value, types.ModuleType) or not callable(value):
                        continue
                    yield f"{module_name}.{attribute}"
                    if isinstance(value, type) and id(value) not in seen_classes:
                        seen_classes.add(id(value))
                        for member in sorted(dir(value)):
                            if member.startswith("_"):
                                continue
                            try:
                                raw = inspect.getattr_static(value, member)
                            except AttributeError:
                                continue
                            if callable(raw) or isinstance(raw, (staticmethod, classmethod)) or \
                                    inspect.ismethoddescriptor(raw):
                                yield f"{module_name}.{attribute}.{member}"


def main():
    warnings.simplefilter("ignore")
    generator = load_generator()
    failures = []
    walked = generator.walk_tables()

    # 1 and 2: the committed files against what this machine makes.
    problems = generator.check(TABLES, SETTINGS, walked)
    failures += problems

    # 3: every public callable is known.
    entries = read_tables(TABLES)
    unknown = sorted({name for name in public_callables(generator) if not known(entries, name)})
    failures += [f"unknown: {name} is a public callable no table knows" for name in unknown]

    # 4: the checks can fail.
    with tempfile.TemporaryDirectory() as scratch:
        mutant = os.path.join(scratch, "tables")
        os.makedirs(mutant)
        removed = "pandas.core.frame.DataFrame.query"
        for file in os.listdir(TABLES):
            with open(os.path.join(TABLES, file), encoding="utf-8") as f:
                text = f.read()
            with open(os.path.join(mutant, file), "w", encoding="utf-8") as f:
                f.write("".join(line for line in text.splitlines(True) if not line.startswith(removed + "\t")))
        found = generator.check(mutant, SETTINGS, walked)
        if not any(p.startswith("differs: pandas-") for p in found) or known(read_tables(mutant), removed):
            failures.append(f"self-check: a table without {removed} was not refused ({found[:3]})")
        reviewed = os.path.join(scratch, "reviewed.tsv")
        with open(REVIEWED, encoding="utf-8") as f:
            text = f.read()
        cut = text.replace("builtins.{getattr,setattr,delattr,hasattr} names:#1\n", "")
        if cut == text:
            failures.append("self-check: reviewed.tsv has no line for the attribute built-ins to take out")
        with open(reviewed, "w", encoding="utf-8") as f:
            f.write(cut)
        found = generator.generate(os.path.join(scratch, "made"), os.path.join(scratch, "settings.tsv"), walked,
                                   reviewed)
        if not any(p.startswith("unreviewed: builtins.getattr ") for p in found):
            failures.append(f"self-check: without its reviewed line, builtins.getattr was not refused ({found[:3]})")

    for failure in failures:
        print(failure)
    print(f"library tables: {len(entries)} entries; {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
