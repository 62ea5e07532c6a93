"""Warm runs: forked from the profile's template (runner/template_driver.py),
each contained and isolated from the next, with the results and receipts of
a cold run plus the template's identity."""

from __future__ import annotations

import json
import os
import re
import signal
import time

import pytest

from attack_scene import ATTACKS, AttackScene
from process_probe import children_of, processes_named

PANDAS = "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]})\nprint(df['a'].sum())\n"


def run(server, request_id, code, **fields):
    request = {"id": request_id, "op": "run", "code": code, "profile": "data_processing", **fields}
    answer = server.ask(request, 120)
    assert "result" in answer, answer
    return answer["result"]


def template_id(result):
    return result["provenance"]["template"]["id"]


def test_a_warm_run_says_so_and_names_its_template(serve):
    server = serve()
    first = run(server, 1, PANDAS)
    second = run(server, 2, PANDAS)
    for result in (first, second):
        assert result["status"] == "ok" and result["stdout"] == "6\n"
        assert result["warm"] is True
        template = result["provenance"]["template"]
        assert set(template["preloaded"]) == {"numpy", "pandas"}
        assert template["python_version"] == result["provenance"]["python_version"]
    assert template_id(first) == template_id(second)


def test_warm_and_cold_runs_agree(serve):
    server = serve()
    programs = [
        PANDAS,
        "import pandas as pd\npd.DataFrame({'x': [1, 2]}).to_csv('output/table.csv', index=False)\nprint('written')\n",
        "import numpy as np\nprint(np.arange(6).reshape(2, 3).sum(axis=0))\nraise ValueError('bad row')\n",
        "print('partial', end='')\nraise SystemExit(3)\n",
    ]
    for number, code in enumerate(programs):
        warm = run(server, 10 + 2 * number, code)
        cold = run(server, 11 + 2 * number, code, warm=False)
        assert warm["warm"] is True and cold["warm"] is False
        assert "warm_unavailable" not in cold
        for field in ("decision", "status", "exit_code", "signal", "stdout", "truncated", "limits", "isolation",
                      "outputs"):
            assert warm[field] == cold[field], (field, warm[field], cold[field])
        # A traceback names main.py in the run's own work directory.
        strip = lambda text: re.sub(r"/[^\"]*/pygate-run-[^/]+/", "<workdir>/", text)
        assert strip(warm["stderr"]) == strip(cold["stderr"])
        assert "template" not in cold["provenance"]
        assert set(warm["provenance"]) - {"template"} == set(cold["provenance"])


def test_attacks_as_consecutive_warm_runs_escape_nothing(serve, tmp_path):
    server = serve("--unsafe-skip-gate")
    scene = AttackScene(tmp_path)
    templates = set()
    for number, attack in enumerate(ATTACKS):
        result = run(server, number, attack.read_text(), timeout=5, cpu=2, memory=512, output_limit=65536,
                     files=scene.files_for(attack))
        assert result["warm"] is True, (attack.stem, result.get("warm_unavailable"))
        scene.assert_contained(attack, result)
        templates.add(template_id(result))
        # Each run's work directory is gone once it is answered.
        assert [name for name in os.listdir(result_dir_parent(server)) if name.startswith("pygate-run-")] == []
    scene.close()
    # No attack harmed the template: every run was forked from the same one.
    assert len(templates) == 1
    assert run(server, 99, PANDAS)["stdout"] == "6\n"


def result_dir_parent(server):
    """The template's work directory, seen through its worker's mount namespace."""
    [worker] = processes_named(server.process.pid, "serve-template-worker")
    [template_dir] = server.template_directories()
    return f"/proc/{worker}/root{server.temp}/{template_dir}"


STATE_PROBE = """
import json, os, random, sys, tempfile
import numpy as np
import pandas as pd

def is_open(fd):
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False

probe = {
    "patched": str(pd.DataFrame({"a": [1]}).sum().iloc[0]),
    "max_rows": pd.options.display.max_rows,
    "numpy": float(np.random.rand()),
    "random": random.random(),
    "module": "leaked_module" in sys.modules,
    "path": "/leaked" in sys.path,
    "environment": sorted(os.environ),
    "files": sorted(os.listdir(".")),
    "descriptors": [fd for fd in range(1024) if is_open(fd)],
    "tempdir": tempfile.gettempdir() == os.getcwd(),
    "main": sorted(name for name in vars(sys.modules["__main__"]) if not name.startswith("__")),
}
print(json.dumps(probe))
"""

STATE_CHANGER = """
import os, random, sys, types
import numpy as np
import pandas as pd
pd.DataFrame.sum = lambda self, *args, **kwargs: "PATCHED"
pd.options.display.max_rows = 3
np.random.seed(0)
random.seed(0)
sys.modules["leaked_module"] = types.ModuleType("leaked_module")
sys.path.append("/leaked")
os.environ["LEAKED"] = "1"
open("left_behind.txt", "w").write("x")
kept = os.open("main.py", os.O_RDONLY)
LEFT_IN_MAIN = 1
print("changed")
"""


def test_nothing_of_one_warm_run_reaches_the_next(serve):
    server = serve("--unsafe-skip-gate")
    before = json.loads(run(server, 1, STATE_PROBE)["stdout"])
    assert run(server, 2, STATE_CHANGER)["stdout"] == "changed\n"
    after = json.loads(run(server, 3, STATE_PROBE)["stdout"])
    assert after["patched"] == "1"
    assert after["max_rows"] == 60
    assert after["module"] is False and after["path"] is False
    assert after["environment"] == ["HOME", "LANG", "PATH"]
    assert after["files"] == ["input", "main.py", "output"]
    assert after["descriptors"] == [0, 1, 2]
    assert after["tempdir"] is True
    assert after["main"] == ["is_open", "json", "np", "os", "pd", "random", "sys", "tempfile"]
    # Each child draws its own random numbers: a fork copies the generators.
    assert after["numpy"] != before["numpy"] and after["random"] != before["random"]
    again = json.loads(run(server, 4, STATE_PROBE)["stdout"])
    assert again["numpy"] != after["numpy"] and again["random"] != after["random"]


def test_limits_cancel_and_a_killed_template(serve):
    server = serve("--unsafe-skip-gate")
    first = template_id(run(server, 1, PANDAS))
    memory = run(server, 2, "blocks = []\nwhile True:\n    blocks.append(bytearray(50 * 1024 * 1024))\n",
                 memory=512)
    assert memory["status"] == "memory_limit" and memory["warm"] is True
    cpu = run(server, 3, "while True:\n    pass\n", cpu=1, timeout=20)
    assert cpu["status"] == "cpu_limit" and cpu["warm"] is True
    slow = run(server, 4, "import time\ntime.sleep(60)\n", timeout=1)
    assert slow["status"] == "timeout" and slow["warm"] is True
    # A cancelled run is answered so, and the template goes on.
    server.send({"id": 5, "op": "run", "code": "import time\ntime.sleep(60)\n", "profile": "data_processing"})
    time.sleep(1)
    server.send({"id": 6, "op": "cancel", "target": 5})
    answers = {}
    while 5 not in answers or 6 not in answers:
        message = server.read(60)
        answers[message.get("id")] = message
    assert answers[5]["error"]["code"] == "cancelled"
    assert template_id(run(server, 7, PANDAS)) == first
    # The template killed from outside: the run that meets it dying is
    # started cold, with the reason; then a new template serves.
    [worker] = processes_named(server.process.pid, "serve-template-worker")
    [template] = children_of(worker)
    os.kill(template, signal.SIGKILL)
    meeting = run(server, 8, PANDAS)
    assert meeting["stdout"] == "6\n"
    assert meeting["warm"] is True or "warm_unavailable" in meeting
    replaced = run(server, 9, PANDAS)
    assert replaced["warm"] is True and replaced["stdout"] == "6\n"
    assert template_id(replaced) != first


def test_cold_when_asked_or_when_the_template_cannot_serve(serve):
    server = serve()
    asked = run(server, 1, PANDAS, warm=False)
    assert asked["warm"] is False and "warm_unavailable" not in asked
    run(server, 2, PANDAS)  # the template is made
    small = run(server, 3, "print(1)\n", memory=64)
    assert small["warm"] is False and small["stdout"] == "1\n"
    assert "memory limit" in small["warm_unavailable"]
    # A profile that preloads nothing has no template, and says nothing of it.
    plain = server.ask({"id": 4, "op": "run", "code": "print(1)\n", "profile": "safe_eval"})["result"]
    assert plain["warm"] is False and "warm_unavailable" not in plain


def test_the_server_ending_leaves_no_template_behind(serve):
    server = serve()
    assert run(server, 1, PANDAS)["warm"] is True
    pid = server.process.pid
    assert processes_named(pid, "serve-template-worker")
    assert server.close() == 0
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and (children_of(pid) or server.work_directories()):
        time.sleep(0.05)
    assert children_of(pid) == []
    assert os.listdir(server.temp) == []
