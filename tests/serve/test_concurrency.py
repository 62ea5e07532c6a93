"""1,000 checks from 8 threads answer exactly what `pygate check` says of the same files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "src"))

import pygate  # noqa: E402


def corpus_files(count: int):
    files = sorted(str(p) for p in (ROOT / "corpus").rglob("*.py"))
    return [files[i * len(files) // count] for i in range(count)]


def test_thousand_checks_from_eight_threads_match_the_cli(binary):
    files = corpus_files(125)
    cli = json.loads(subprocess.run([binary, "check", "--format", "json", "--fail-on", "never", *files],
                                    capture_output=True, check=True).stdout)
    expected = {entry["path"]: entry for entry in cli["files"]}
    results = {}
    errors = []
    os.environ["PYGATE"] = binary
    with pygate.Gate() as gate:
        def worker(offset: int) -> None:
            try:
                for path in files:
                    results[(offset, path)] = gate.check_file(path)
            except Exception as error:  # noqa: BLE001
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
    assert len(results) == 1000
    for (_, path), result in results.items():
        entry = expected[path]
        assert result.decision == entry["decision"], path
        assert [(f.rule, f.line, f.column, f.message) for f in result.findings] == [
            (f["rule"], f["line"], f["column"], f["message"]) for f in entry["findings"]], path


def test_runs_beyond_max_runs_are_queued_not_refused(serve):
    server = serve("--max-runs", "2")
    for i in range(6):
        server.send({"id": i, "op": "run", "code": f"print({i})"})
    answers = {}
    while len(answers) < 6:
        message = server.read(60)
        answers[message["id"]] = message
    assert {i: a["result"]["stdout"] for i, a in answers.items()} == {i: f"{i}\n" for i in range(6)}
