"""Kernelspecs of the source tree's `pygate kernel`, installed into a temporary
prefix that JUPYTER_PATH points at, as an operator would install them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator, List

import pytest

# The server's children are found as the serve tests find them.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "serve"))
from process_probe import children_of  # noqa: E402,F401  (test_kernel imports it from here)

SOURCE = Path(__file__).resolve().parents[2] / "python" / "src"


@pytest.fixture(scope="session")
def folders(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("kernel")
    input_dir, output_dir = root / "in", root / "out"
    input_dir.mkdir()
    output_dir.mkdir()
    (input_dir / "births.csv").write_text("year,n\n2020,1\n2021,2\n2022,3\n")
    (input_dir / "n.txt").write_text("10000000000")  # 10 GB: over every profile's memory
    return {"root": root, "input": input_dir, "output": output_dir}


@pytest.fixture(scope="session", autouse=True)
def installed(folders) -> Iterator[Path]:
    binary = os.environ.get("PYGATE")
    if not binary:
        pytest.fail("set PYGATE to the pygate binary")
    prefix = folders["root"] / "prefix"
    env = {**os.environ, "PYTHONPATH": str(SOURCE)}
    # The native binary's `pygate kernel` (the venv's console script is python_package's test).
    subprocess.run([binary, "kernel", "install", "--prefix", str(prefix),
                    "--profile", "plotting", "--profile", "data_processing",
                    "--input-dir", str(folders["input"]), "--output-dir", str(folders["output"])],
                   check=True, env=env, timeout=120)
    os.environ["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    # The kernels' servers put their sessions' work directories here, where
    # what they leave is seen; a folder of the system's, which the sessions'
    # unprivileged uid can reach (pytest's own are its owner's only).
    temp = tempfile.mkdtemp(prefix="pygate-kernel-test-")
    os.chmod(temp, 0o755)
    os.environ["TMPDIR"] = temp
    yield prefix
    shutil.rmtree(temp, ignore_errors=True)


def work_directories() -> List[str]:
    return [name for name in os.listdir(os.environ["TMPDIR"]) if name.startswith("pygate-")]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def eventually(condition: Callable[[], bool], seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()
