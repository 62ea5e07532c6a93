"""Every public function of the package against a real `pygate serve`."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import threading
import time
from pathlib import Path

import pytest

import pygate
from pygate import CheckResult, Finding, Gate, RequestError, RunResult, ServerError


def test_check_returns_typed_findings(binary):
    with Gate() as gate:
        result = gate.check("import os\nx = os.system('id')\n", filename="agent.py")
    assert isinstance(result, CheckResult)
    assert result.path == "agent.py" and result.decision == "deny" and result.allowed is False
    rules = [f.rule for f in result.findings]
    assert rules == ["PG003", "PG004"]
    finding = result.findings[1]
    assert isinstance(finding, Finding)
    assert (finding.line, finding.column, finding.severity) == (2, 5, "error")
    assert finding.qualified_name == "os.system"
    assert finding.chain and finding.chain[0].text == "import os"
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.decision = "allow"  # type: ignore[misc]


def test_check_allows_and_profiles_change_the_verdict(binary):
    with Gate(profile="data_processing") as gate:
        assert gate.check("import pandas\n").allowed
        assert not gate.check("import pandas\n", profile="safe_eval").allowed


def test_check_file(binary, tmp_path):
    path = tmp_path / "f.py"
    path.write_text("eval(input())\n")
    with Gate() as gate:
        result = gate.check_file(path)
    assert result.path == str(path) and result.findings[0].rule == "PG001"


def test_run_ok_with_files_stdin_and_streaming(binary):
    seen = []
    with Gate(profile="data_processing") as gate:
        result = gate.run(
            "print(open('input/a.txt').read())\nprint(open('input/b.bin', 'rb').read())\nprint(input())",
            files={"a.txt": "hello", "b.bin": b"\x00\x01"},
            stdin="typed\n",
            timeout=5,
            on_stdout=seen.append,
        )
    assert isinstance(result, RunResult)
    assert result.ok and result.status == "ok" and result.exit_code == 0 and result.signal is None
    assert result.stdout == "hello\nb'\\x00\\x01'\ntyped\n" == "".join(seen)
    assert result.decision == "allow" and result.findings == ()
    assert result.duration_ms > 0 and result.peak_rss_kb > 0
    assert result.receipt["limits"]["wall_seconds"] == 5
    assert result.receipt["provenance"]["profile"] == "data_processing"


def test_runs_under_a_preloading_profile_are_warm_unless_asked_cold(binary):
    program = "import pandas as pd\nprint(pd.DataFrame({'a': [1, 2, 3]})['a'].sum())\n"
    with Gate(profile="data_processing") as gate:
        first = gate.run(program)
        second = gate.arun(program)
        second = __import__("asyncio").run(second)
        cold = gate.run(program, warm=False)
    assert first.ok and second.ok and cold.ok
    assert first.stdout == second.stdout == cold.stdout == "6\n"
    assert first.warm and second.warm and not cold.warm
    template = first.receipt["provenance"]["template"]
    assert template == second.receipt["provenance"]["template"]
    assert set(template["preloaded"]) == {"numpy", "pandas"}
    assert cold.warm_unavailable is None and "template" not in cold.receipt["provenance"]
    with Gate() as gate:  # safe_eval preloads nothing: no template
        plain = gate.run("print(1)")
    assert plain.ok and not plain.warm and plain.warm_unavailable is None


def test_run_denied_returns_findings_and_does_not_raise(binary):
    with Gate() as gate:
        result = gate.run("import subprocess\nsubprocess.run(['id'])\n")
    assert result.status == "gate_denied" and result.decision == "deny" and not result.ok
    assert [f.rule for f in result.findings][:1] == ["PG003"]
    assert result.exit_code is None and result.stdout == ""


def test_run_failure_statuses(binary):
    with Gate() as gate:
        failed = gate.run("raise SystemExit(3)")
        assert failed.status == "exit_nonzero" and failed.exit_code == 3
        errors = []
        crashed = gate.run("print(1 / 0)", on_stderr=errors.append)
        assert "ZeroDivisionError" in crashed.stderr and "ZeroDivisionError" in "".join(errors)


def test_request_errors_raise_with_their_code(binary):
    with Gate() as gate:
        with pytest.raises(RequestError) as error:
            gate.check("x = 1", profile="no_such_profile")
        assert error.value.code == "profile_error"
        with pytest.raises(RequestError) as error:
            gate.run("print(1)", timeout=10**6)
        assert error.value.code == "limit_error"
        with pytest.raises(RequestError) as error:
            gate.explain("PG999")
        assert error.value.code == "not_found"
        with pytest.raises(TypeError):
            gate.check(b"x = 1")  # type: ignore[arg-type]


def test_catalogue_calls(binary):
    with Gate() as gate:
        names = [p["name"] for p in gate.profiles()]
        assert names[0] == "safe_eval" and "plotting" in names
        assert 'name = "plotting"' in gate.profile_toml("plotting")
        assert [r["id"] for r in gate.rules()][:2] == ["PG000", "PG001"]
        assert "eval" in gate.explain("PG001")
        assert gate.version()["pygate_version"] == pygate.__version__


def test_module_level_check_and_run(binary):
    assert pygate.check("print(1)").allowed
    assert pygate.run("print(6 * 7)").stdout == "42\n"
    assert pygate.check("import pandas", profile="data_processing").allowed


def test_asyncio_twins(binary):
    async def main():
        with Gate() as gate:
            checks = await asyncio.gather(*(gate.acheck(f"x = {i}\n") for i in range(50)))
            ran = await gate.arun("print('async')")
            return checks, ran

    checks, ran = asyncio.run(main())
    assert all(c.allowed for c in checks) and ran.stdout == "async\n"


def test_shared_between_threads(binary):
    results = []
    with Gate() as gate:
        def work(i):
            results.append(gate.check(f"value = {i}\nprint(value)\n").allowed)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert results == [True] * 40


def test_killed_server_mid_call_raises_and_the_next_call_works(binary):
    with Gate() as gate:
        gate.check("x = 1")
        pid = gate._transport.server.process.pid
        outcome = {}

        def long_run():
            try:
                outcome["result"] = gate.run("n = int(input())\nfor i in range(n):\n    pass\n", stdin="1000000000")
            except Exception as error:  # noqa: BLE001
                outcome["error"] = error

        thread = threading.Thread(target=long_run)
        thread.start()
        time.sleep(0.5)
        os.kill(pid, signal.SIGKILL)
        thread.join(timeout=30)
        assert isinstance(outcome.get("error"), ServerError), outcome
        assert gate.check("x = 1").allowed
        assert gate._transport.server.process.pid != pid


def test_a_server_that_stopped_reading_fails_the_call_before_its_end_is_seen(binary, tmp_path):
    # A server whose input is gone while its output is still open: the write
    # fails before the reader sees the end of the output, and the call must
    # raise at once (a notebook kernel met this after its server was killed).
    fake = tmp_path / "fake-pygate"
    fake.write_text(
        "#!/usr/bin/python3\nimport os, sys, time\nos.close(0)\n"
        f"print('{{\"hello\": {{\"protocol\": 1, \"pygate_version\": \"{pygate.__version__}\"}}}}', flush=True)\n"
        "time.sleep(120)\n"
    )
    fake.chmod(0o755)
    gate = Gate(binary=str(fake))
    gate_binary_check = pygate._binary._is_native
    pygate._binary._is_native = lambda path: True
    outcome = {}

    def call():
        try:
            outcome["result"] = gate.check("x = 1")
        except Exception as error:  # noqa: BLE001
            outcome["error"] = error

    thread = threading.Thread(target=call, daemon=True)
    try:
        thread.start()
        thread.join(timeout=30)
        assert not thread.is_alive(), "the call hung on a server that stopped reading"
        assert isinstance(outcome.get("error"), ServerError), outcome
        assert "stopped reading" in str(outcome["error"])
    finally:
        pygate._binary._is_native = gate_binary_check
        if thread.is_alive():  # deadlocked: closing would wait on the same lock
            gate._transport.server.process.kill()
        else:
            gate.close()


def test_garbage_from_the_server_fails_closed(binary, tmp_path):
    fake = tmp_path / "fake-pygate"
    # A "server" that says hello, then answers garbage: the call must raise, never allow.
    fake.write_text(
        "#!/usr/bin/python3\nimport sys\n"
        f"print('{{\"hello\": {{\"protocol\": 1, \"pygate_version\": \"{pygate.__version__}\"}}}}', flush=True)\n"
        "sys.stdin.readline()\nprint('{\"allow\": true}', flush=True)\nsys.stdin.readline()\n"
    )
    fake.chmod(0o755)
    gate = Gate(binary=str(fake))
    gate_binary_check = pygate._binary._is_native
    pygate._binary._is_native = lambda path: True
    try:
        with pytest.raises(ServerError):
            gate.check("import os")
    finally:
        pygate._binary._is_native = gate_binary_check
        gate.close()


def test_closed_gate_refuses(binary):
    gate = Gate()
    gate.close()
    with pytest.raises(ServerError):
        gate.check("x = 1")


def test_help_shows_docstrings():
    assert "fail closed" in Gate.__doc__.lower()
    assert "tighten" in Gate.run.__doc__


def test_the_readme_example_prints_what_it_says(binary, capsys):
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("## Pipelines", 1)[1]
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "README.md", "exec"), {})
    assert capsys.readouterr().out == "deny\nok 45\n\n"


def test_session_keeps_state_and_gates_each_step(binary):
    with Gate(profile="data_processing") as gate:
        with gate.session(files={"d.csv": "a\n1\n2\n"}, preload=["csv"]) as session:
            assert session.exec("x = 41").status == "ok"
            assert session.exec("x + 1").value == "42"
            denied = session.exec("g = getattr\ng(len, '__self__')")
            assert denied.status == "gate_denied" and denied.findings[0].rule == "PG009"
            rows = session.exec("import csv\nlen(list(csv.reader(open('input/d.csv'))))")
            assert rows.value == "3"
            session.exec("open('output/out.txt', 'w').write('done')")
            assert [f["path"] for f in session.files()] == ["output/out.txt"]
        closed = session.closed
        assert closed["files"] == {"output/out.txt": b"done"}
        assert [s["decision"] for s in closed["receipt"]["steps"]] == ["allow", "allow", "deny", "allow", "allow"]


def test_a_session_beyond_max_sessions_raises_too_many_sessions(binary):
    with Gate(max_sessions=1) as gate:
        with gate.session() as first:
            first.exec("x = 7")
            with pytest.raises(RequestError) as error:
                gate.session()
            assert error.value.code == "too_many_sessions"
            assert first.exec("x").value == "7"  # the open session is untouched
        with gate.session() as again:  # the closed one made room
            assert again.exec("1 + 1").value == "2"


def test_async_session(binary):
    async def main():
        with Gate() as gate:
            async with await gate.asession() as session:
                await session.exec("total = sum(range(5))")
                return (await session.exec("total")).value

    assert asyncio.run(main()) == "10"
