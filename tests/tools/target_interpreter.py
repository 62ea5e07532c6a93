"""The pygate arguments that judge for the CPython an oracle compares with.

An oracle runs its programs on `--python PY` (by default the interpreter
running it; tests/tools/pyodide_install.sh gives CPython 3.12, 3.13 and 3.14)
and learns its version from the same process that ran them. pygate is told
that version with `--target-version X.Y` when its `pygate check --help`
offers the option; a pygate without it judges as for its one version, and
the oracle says so in its report.
"""
import subprocess


def target_arguments(pygate, version):
    """`--target-version X.Y` for CPython VERSION ("3.12.7") when `pygate check` has that option, else none."""
    shown = subprocess.run([str(pygate), "check", "--help"], capture_output=True, text=True, check=False)
    major_minor = ".".join(version.split(".")[:2])
    return ["--target-version", major_minor] if "--target-version" in shown.stdout else []


def describe(python, version, target):
    """One line for the oracle's report: the CPython compared with and what pygate was told."""
    told = f"pygate judges with {' '.join(target)}" if target else \
        "pygate check has no --target-version: it judges as for its one version"
    return f"against CPython {version} ({python}); {told}"
