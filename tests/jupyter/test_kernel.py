"""`pygate kernel` driven as notebooks and agents drive kernels: nbclient runs
whole notebooks through the installed kernelspec, jupyter_client's
KernelManager sends cells one by one, interrupts, restarts and kills."""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Optional

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from conftest import SOURCE, alive, children_of, eventually, work_directories

PNG = b"\x89PNG\r\n\x1a\n"


def notebook(*cells: str, kernel: str = "pygate-plotting") -> nbformat.NotebookNode:
    book = nbformat.v4.new_notebook()
    book.metadata["kernelspec"] = {"name": kernel, "display_name": kernel, "language": "python"}
    book.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    return book


def execute(book: nbformat.NotebookNode) -> nbformat.NotebookNode:
    NotebookClient(book, timeout=180, startup_timeout=120).execute()
    return book


class Agent:
    """A code-interpreter agent's use of a kernel: a KernelManager and its client."""

    def __init__(self, kernel: str, specs: Optional[KernelSpecManager] = None) -> None:
        self.manager = KernelManager(kernel_name=kernel, **({"kernel_spec_manager": specs} if specs else {}))
        self.manager.start_kernel()
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=120)

    def run(self, code: str, interrupt_after: float = 0.0):
        """The execute_reply's content and the cell's iopub messages (type, content)."""
        # As a code-interpreter agent does, each cell on its own: with
        # stop_on_error, ipykernel aborts a request that reaches it within its
        # abort window after a failed cell, which a loaded machine can hit.
        msg_id = self.client.execute(code, stop_on_error=False)
        if interrupt_after:
            threading.Timer(interrupt_after, self.manager.interrupt_kernel).start()
        messages = []
        while True:
            message = self.client.get_iopub_msg(timeout=180)
            if message["parent_header"].get("msg_id") != msg_id:
                continue
            if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
                break
            messages.append((message["msg_type"], message["content"]))
        while True:
            reply = self.client.get_shell_msg(timeout=180)
            if reply["parent_header"].get("msg_id") == msg_id:
                return reply["content"], messages

    def server_pid(self) -> int:
        [server] = children_of(self.manager.provisioner.process.pid)
        return server

    def close(self) -> None:
        self.client.stop_channels()
        if self.manager.is_alive():
            self.manager.shutdown_kernel(now=False)


@pytest.fixture
def agent():
    started = []

    def start(kernel: str = "pygate-data_processing") -> Agent:
        started.append(Agent(kernel))
        return started[-1]

    yield start
    for one in started:
        one.close()


def test_install_writes_a_kernelspec_per_profile():
    listed = json.loads(subprocess.run(["jupyter", "kernelspec", "list", "--json"], check=True,
                                       capture_output=True, text=True, timeout=60).stdout)["kernelspecs"]
    for profile in ("plotting", "data_processing"):
        spec = listed[f"pygate-{profile}"]["spec"]
        assert spec["display_name"] == f"Python 3 (pygate {profile})"
        assert spec["argv"][-4:] == ["--output-dir", spec["argv"][-3], "-f", "{connection_file}"]
        assert spec["language"] == "python"


def test_numpy_pandas_and_matplotlib_cells_show_rich_outputs():
    book = execute(notebook(
        "import numpy as np\nprint('hello')\nnp.arange(3) * 2",
        "import pandas as pd\ndf = pd.DataFrame({'A': [1, 2], 'B': [3, 4]})\ndf",
        "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.plot([1, 2, 3], [1, 4, 9])\nplt.show()",
        "df.eval('(A + B) / 2').tolist()",
    ))
    first, frame, figure, expression = book.cells
    assert [cell.execution_count for cell in book.cells] == [1, 2, 3, 4]
    assert first.outputs[0] == {"output_type": "stream", "name": "stdout", "text": "hello\n"}
    assert first.outputs[1]["output_type"] == "execute_result"
    assert first.outputs[1]["data"] == {"text/plain": "array([0, 2, 4])"}
    assert first.outputs[1]["execution_count"] == 1
    [shown] = frame.outputs
    assert shown["data"]["text/plain"] == "   A  B\n0  1  3\n1  2  4"
    assert '<table border="1" class="dataframe">' in shown["data"]["text/html"]
    [drawn] = figure.outputs
    assert drawn["output_type"] == "display_data"
    assert base64.b64decode(drawn["data"]["image/png"]).startswith(PNG)
    # SVG is markup that can carry script: a figure is shown by its PNG only.
    assert set(drawn["data"]) == {"image/png"}
    assert expression.outputs[0]["data"]["text/plain"] == "[2.0, 3.0]"


def test_a_refused_cell_fails_the_notebook_at_that_cell_and_runs_nothing(folders):
    marker = folders["output"] / "never.txt"
    book = notebook("x = 1", "with open('output/never.txt', 'w') as f:\n    f.write('ran')\nimport os\nos.system('id')",
                    "x + 1")
    with pytest.raises(CellExecutionError) as raised:
        execute(book)
    [error] = book.cells[1].outputs
    assert error["output_type"] == "error"
    assert error["ename"] == "GateDenied[PG003 import-not-allowed, PG004 process-execution]"
    assert "nothing of it ran" in error["evalue"]
    assert error["traceback"][1].startswith("  line 3: PG003 import-not-allowed: import of `os`")
    assert any(line.startswith("  line 4: PG004 process-execution") for line in error["traceback"])
    assert any(line.startswith("      how to comply: ") for line in error["traceback"])
    assert "PG004" in str(raised.value)
    assert book.cells[2].outputs == []  # execution stopped at the refused cell
    assert not marker.exists()


def test_a_cell_that_makes_an_earlier_function_dangerous_is_refused():
    book = notebook("def count(text):\n    return len(text)", "count('abc')", "len = eval\ncount('1 + 1')")
    with pytest.raises(CellExecutionError):
        execute(book)
    assert book.cells[1].outputs[0]["data"]["text/plain"] == "3"
    [error] = book.cells[2].outputs
    assert error["ename"] == "GateDenied[PG001 dynamic-code-execution]"
    assert any(line.startswith("  an earlier cell: PG001") for line in error["traceback"])
    assert any(line.startswith("  line 1: PG001") for line in error["traceback"])


def test_exceptions_show_the_users_frames_only_and_the_session_goes_on(agent):
    kernel = agent()
    kernel.run("def half(x):\n    return x / 0")
    reply, messages = kernel.run("half(4)")
    assert reply["status"] == "error" and reply["ename"] == "ZeroDivisionError"
    assert [kind for kind, _ in messages if kind != "status"] == ["execute_input", "error"]
    frames = [line for line in reply["traceback"] if line.startswith("  File ")]
    assert len(frames) == 2 and all('"<step ' in frame for frame in frames)
    assert kernel.run("half.__name__")[0]["status"] == "ok"


def test_interrupt_stops_the_cell_and_the_session_goes_on(agent):
    kernel = agent()
    kernel.run("x = 1")
    reply, messages = kernel.run("import time\nprint('started', flush=True)\nfor i in range(600):\n    time.sleep(0.1)",
                                 interrupt_after=3)
    assert reply["status"] == "error" and reply["ename"] == "KeyboardInterrupt"
    assert reply["traceback"][-1] == "KeyboardInterrupt"
    assert any(line.startswith('  File "<step 2>", line 4') for line in reply["traceback"])
    assert ("stream", {"name": "stdout", "text": "started\n"}) in messages
    assert kernel.run("x + i")[1][-1][1]["data"]["text/plain"] != ""  # both names survived


def test_a_cell_that_ignores_its_interrupt_ends_its_session(agent):
    kernel = agent()
    kernel.run("x = 1")
    reply, _ = kernel.run("import time\nfor j in range(600):\n    try:\n        time.sleep(0.1)\n"
                          "    except KeyboardInterrupt:\n        pass", interrupt_after=3)
    assert reply["status"] == "error" and reply["ename"] == "KeyboardInterrupt"
    assert "did not stop within 5 s" in reply["evalue"] and "next cell starts a new session" in reply["evalue"]
    assert kernel.run("x")[0]["ename"] == "NameError"


def test_restart_starts_a_new_session_and_shutdown_leaves_no_process(agent):
    kernel = agent()
    kernel.run("x = 1")
    server = kernel.server_pid()
    workers = children_of(server)
    assert workers, "the session's worker"
    kernel.manager.restart_kernel(now=False)
    kernel.client.wait_for_ready(timeout=120)
    assert eventually(lambda: not alive(server) and not any(alive(pid) for pid in workers))
    assert kernel.run("x")[0]["ename"] == "NameError"
    server = kernel.server_pid()
    workers = children_of(server)
    assert work_directories()
    kernel.manager.shutdown_kernel(now=False)
    assert eventually(lambda: not alive(server) and not any(alive(pid) for pid in workers))
    assert eventually(lambda: work_directories() == [])


def test_a_cell_over_the_memory_limit_says_so_and_the_next_cell_gets_a_new_session(agent):
    kernel = agent()
    kernel.run("n = int(open('input/n.txt').read())")
    reply, _ = kernel.run("blob = bytearray(n)")
    assert reply["status"] == "error" and reply["ename"] == "MemoryLimit"
    assert "memory limit (2048 MB)" in reply["evalue"] and "next cell starts a new session" in reply["evalue"]
    assert kernel.run("n")[0]["ename"] == "NameError"
    assert kernel.run("1 + 1")[0]["status"] == "ok"


def test_a_kernel_killed_from_outside_takes_its_session_with_it(agent):
    kernel = agent()
    kernel.run("x = 1")
    server = kernel.server_pid()
    workers = children_of(server)
    os.kill(kernel.manager.provisioner.process.pid, signal.SIGKILL)
    # The server reads the end of its input and closes the session.
    assert eventually(lambda: not alive(server) and not any(alive(pid) for pid in workers))
    assert eventually(lambda: work_directories() == [])
    kernel.manager.restart_kernel(now=True)
    kernel.client.wait_for_ready(timeout=120)
    assert kernel.run("x")[0]["ename"] == "NameError"


def test_input_dir_is_input_and_output_is_copied_to_output_dir(folders):
    book = execute(notebook(
        "import pandas as pd\nbirths = pd.read_csv('input/births.csv')\nint(births['n'].sum())",
        "import matplotlib.pyplot as plt\nplt.plot(births['year'], births['n'])\nplt.savefig('output/births.png')",
    ))
    assert book.cells[0].outputs[0]["data"]["text/plain"] == "6"
    assert (folders["output"] / "births.png").read_bytes().startswith(PNG)


def test_an_agent_uses_it_through_kernel_manager(agent):
    kernel = agent("pygate-data_processing")
    info = kernel.client.kernel_info(reply=True, timeout=60)["content"]
    assert info["implementation"] == "pygate"
    assert info["pygate"]["profile"] == "data_processing"
    assert info["implementation_version"] == info["pygate"]["version"]
    assert "data_processing" in info["banner"]
    reply, messages = kernel.run("values = [3, 1, 2]\nsorted(values)")
    assert reply == {**reply, "status": "ok", "execution_count": 1}
    assert messages[-1] == ("execute_result", {"execution_count": 1, "data": {"text/plain": "[1, 2, 3]"},
                                               "metadata": {}})
    completed = kernel.client.complete("val", 3, reply=True, timeout=60)["content"]
    assert completed["matches"] == ["values"] and completed["cursor_start"] == 0
    for code, status in (("for i in values:", "incomplete"), ("x = (1,", "incomplete"), ("x = 1", "complete"),
                         ("x = = 1", "invalid")):
        msg_id = kernel.client.is_complete(code)
        answer = kernel.client.get_shell_msg(timeout=60)
        assert answer["parent_header"]["msg_id"] == msg_id and answer["content"]["status"] == status, code
    inspected = kernel.client.inspect("values", 6, reply=True, timeout=60)["content"]
    assert inspected["status"] == "ok" and inspected["found"] is False
    refused, _ = kernel.run("import subprocess\nsubprocess.run(['id'])")
    assert refused["status"] == "error" and refused["ename"].startswith("GateDenied[PG003")
    assert refused["execution_count"] == 2
    assert kernel.run("len(values)")[1][-1][1]["data"]["text/plain"] == "3"  # the session went on


def test_a_file_outside_input_is_refused_with_where_to_put_it():
    book = notebook("import pandas as pd\nbirths = pd.read_csv('births.csv')", kernel="pygate-data_processing")
    with pytest.raises(CellExecutionError):
        execute(book)
    [error] = book.cells[0].outputs
    assert error["ename"] == "GateDenied[PG006 filesystem-access]"
    assert any("read `input/births.csv`" in line and "a kernel's `--input-dir`" in line
               for line in error["traceback"])


ATTACKS = sorted((Path(__file__).resolve().parents[1] / "runner" / "attacks").glob("*.py"))
MARKERS = ("CONNECTED", "LEAKED", "PTRACE", "RAISED", "SIGNALLED")


@pytest.fixture(scope="module")
def attack_kernels(folders):
    """pygate-data_processing with tight limits and an input/ of its own, in a prefix of its own."""
    prefix, inputs = folders["root"] / "attack-prefix", folders["root"] / "attack-in"
    inputs.mkdir()
    subprocess.run([sys.executable, "-m", "pygate", "kernel", "install", "--prefix", str(prefix),
                    "--profile", "data_processing", "--input-dir", str(inputs), "--timeout", "5",
                    "--memory", "256"], check=True, env={**os.environ, "PYTHONPATH": str(SOURCE)}, timeout=120)
    return KernelSpecManager(kernel_dirs=[str(prefix / "share" / "jupyter" / "kernels")]), inputs


@pytest.mark.parametrize("attack", ATTACKS, ids=[a.stem for a in ATTACKS])
def test_the_runners_attacks_as_cells_escape_nothing(attack_kernels, tmp_path, attack):
    specs, inputs = attack_kernels
    secret, outside = tmp_path / "secret.txt", tmp_path / "outside.txt"
    secret.write_text("the caller's secret\n")
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    (inputs / "target.txt").write_text(str(outside) if attack.stem == "write_outside" else str(secret))
    (inputs / "port.txt").write_text(str(listener.getsockname()[1]))
    kernel = Agent("pygate-data_processing", specs)
    try:
        reply, messages = kernel.run(attack.read_text())
        # What the cell printed or returned (a refusal or a traceback quotes
        # the cell's source, markers included: those are not output).
        shown = "".join(content["text"] if kind == "stream" else json.dumps(content.get("data"))
                        for kind, content in messages if kind in ("stream", "execute_result", "display_data"))
        assert not any(marker in shown for marker in MARKERS), (attack.stem, reply.get("ename"), shown[-2000:])
        assert secret.read_text() == "the caller's secret\n"
        assert not outside.exists()
        with pytest.raises(BlockingIOError):
            listener.accept()
        # The kernel is unharmed: the next cell is answered (in a new session if the attack ended its own).
        after, shown_after = kernel.run("1 + 1")
        assert after["status"] == "ok" and shown_after[-1][1]["data"]["text/plain"] == "2", (after, shown_after)
        server = kernel.server_pid()
        workers = children_of(server)
    finally:
        listener.close()
        kernel.close()
    assert eventually(lambda: not alive(server) and not any(alive(pid) for pid in workers))


def test_a_server_killed_under_the_kernel_fails_the_cell_and_nothing_runs_unchecked(agent, folders):
    kernel = agent()
    kernel.run("x = 1")
    os.kill(kernel.server_pid(), signal.SIGKILL)
    reply, _ = kernel.run("with open('output/after-kill.txt', 'w') as f:\n    f.write('ran')")
    assert reply["status"] == "error" and reply["ename"] == "PygateUnavailable", reply
    assert "nothing of this cell ran" in reply["evalue"]
    assert not (folders["output"] / "after-kill.txt").exists()
    # The next cell gets a new server and a new session.
    assert kernel.run("x")[0]["ename"] == "NameError"
    assert kernel.run("2 * 21")[1][-1][1]["data"]["text/plain"] == "42"
