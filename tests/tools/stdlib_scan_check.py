"""Scans a folder with pygate and checks it against CPython itself.

Usage: stdlib_scan_check.py PYGATE FOLDER [EXCLUDED-FOLDER...]

Every *.py file under FOLDER (outside the excluded folders) must appear in pygate's JSON report, and no file
that this CPython compiles may carry a PG000 (unsafe-source) finding: pygate
must not refuse what the interpreter accepts for reasons of syntax or encoding.
CPython's own test suite (Debian's libpython3.11-testsuite, installed under
/usr/lib/python3.11/test) is excluded by the ctest: it holds deliberately odd
files that pygate refuses by design (latin-1 and koi8-r codings, starred calls
the parser misreads); tests/tools/differential.py lists them.
Prints 'N passed, M failed'.
"""
import json
import pathlib
import subprocess
import sys


def cpython_compiles(path: pathlib.Path) -> bool:
    try:
        compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
        return True
    except (SyntaxError, ValueError):
        return False


def main() -> int:
    pygate, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    excluded = [pathlib.Path(path) for path in sys.argv[3:]]
    command = [pygate, "check", "--format", "json", "--fail-on", "never", str(folder)]
    for path in excluded:
        command += ["--exclude", str(path)]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print(f"pygate exited {run.returncode}: {run.stderr}")
        print("0 passed, 1 failed")
        return 1
    report = {entry["path"]: entry for entry in json.loads(run.stdout)["files"]}
    expected = sorted(str(p) for p in folder.rglob("*.py")
                      if p.is_file() and not any(p.is_relative_to(path) for path in excluded))
    failures = [f"not reported: {path}" for path in expected if path not in report]
    for path in expected:
        entry = report.get(path)
        if entry is None:
            continue
        refused = [f for f in entry["findings"] if f["rule"] == "PG000"]
        if refused and cpython_compiles(pathlib.Path(path)):
            first = refused[0]
            failures.append(f"PG000 on a file CPython compiles: {path}:{first['line']}:{first['column']} "
                            f"{first['message']}")
    for failure in failures:
        print(failure)
    print(f"{len(expected)} files, {len(report)} reported")
    print(f"{len(expected) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
