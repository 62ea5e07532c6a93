"""Scans a folder with pygate and checks it against CPython itself.

Usage: stdlib_scan_check.py PYGATE FOLDER [KNOWN_REFUSALS]

Every *.py file under FOLDER must appear in pygate's JSON report, and no file
that this CPython compiles may carry a PG000 (unsafe-source) finding: pygate
must not refuse what the interpreter accepts for reasons of syntax or encoding.
KNOWN_REFUSALS lists the exceptions one by one (paths relative to FOLDER):
each listed file that exists must still be refused, so the list cannot go
stale. Prints 'N passed, M failed'.
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


def known_refusals(listing: str) -> set:
    known = set()
    for line in pathlib.Path(listing).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            known.add(line.split()[0])
    return known


def main() -> int:
    pygate, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    known = known_refusals(sys.argv[3]) if len(sys.argv) > 3 else set()
    run = subprocess.run([pygate, "check", "--format", "json", "--fail-on", "never", str(folder)],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print(f"pygate exited {run.returncode}: {run.stderr}")
        print("0 passed, 1 failed")
        return 1
    report = {entry["path"]: entry for entry in json.loads(run.stdout)["files"]}
    expected = sorted(str(p) for p in folder.rglob("*.py") if p.is_file())
    failures = [f"not reported: {path}" for path in expected if path not in report]
    for path in expected:
        entry = report.get(path)
        if entry is None:
            continue
        refused = [f for f in entry["findings"] if f["rule"] == "PG000"]
        listed = pathlib.Path(path).relative_to(folder).as_posix() in known
        if listed:
            if not refused:
                failures.append(f"listed as refused, but pygate no longer refuses it: {path}")
            continue
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
