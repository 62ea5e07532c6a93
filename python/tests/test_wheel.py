"""The wheel: built with Debian's python3-build, installed into a fresh venv, used."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]


def test_wheel_builds_installs_and_works(binary, tmp_path):
    dist = tmp_path / "dist"
    env = {**os.environ, "PYGATE_BINARY": binary}
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(dist),
                    str(PYTHON_DIR)], check=True, env=env, capture_output=True)
    wheels = list(dist.glob("pygate-*-py3-none-linux_*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
        assert "pygate/bin/pygate" in names and "pygate/py.typed" in names
        mode = wheel.getinfo("pygate/bin/pygate").external_attr >> 16
        assert mode & 0o111
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYGATE", "PYTHONPATH")}
    subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--quiet", str(wheels[0])],
                   check=True, env=clean_env)
    script = (
        "import pygate, pathlib\n"
        "assert pathlib.Path(pygate.__file__).parent.joinpath('bin/pygate').exists()\n"
        "print(pygate.check('import os').decision)\n"
        "print(pygate.run('print(40 + 2)').stdout, end='')\n"
    )
    out = subprocess.run([str(venv / "bin" / "python"), "-c", script], check=True, capture_output=True,
                         text=True, env=clean_env, cwd=tmp_path)
    assert out.stdout == "deny\n42\n"
    version = subprocess.run([str(venv / "bin" / "pygate"), "--version"], check=True, capture_output=True,
                             text=True, env=clean_env)
    assert version.stdout.strip() == "pygate 0.1.0"


def test_pip_install_of_the_source_folder_needs_no_index(binary, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    env = {**{k: v for k, v in os.environ.items() if k not in ("PYGATE", "PYTHONPATH")}, "PYGATE_BINARY": binary}
    # A copy, so the build does not write into the repository.
    source = tmp_path / "python"
    subprocess.run(["cp", "-r", str(PYTHON_DIR), str(source)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--quiet", str(source)], check=True, env=env)
    out = subprocess.run([str(venv / "bin" / "python"), "-c", "import pygate; print(pygate.check('x = 1').allowed)"],
                         check=True, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.stdout == "True\n"
    # docs/jupyter.md's commands after this set-up: the kernelspec, then a notebook through it.
    env.pop("PYGATE_BINARY")
    env.pop("JUPYTER_PATH", None)
    subprocess.run([str(venv / "bin" / "pygate"), "kernel", "install", "--sys-prefix", "--profile", "plotting"],
                   check=True, env=env, cwd=tmp_path, timeout=120)
    spec = (venv / "share" / "jupyter" / "kernels" / "pygate-plotting" / "kernel.json").read_text()
    assert "PYTHONPATH" not in spec  # the venv's own package, and its own binary
    run_notebook = (
        "import nbformat\nfrom nbclient import NotebookClient\n"
        "book = nbformat.v4.new_notebook(metadata={'kernelspec': {'name': 'pygate-plotting', 'display_name': 'p'}})\n"
        "book.cells = [nbformat.v4.new_code_cell('import numpy as np\\nint(np.arange(4).sum())')]\n"
        "NotebookClient(book, timeout=120, startup_timeout=120).execute()\n"
        "print(book.cells[0].outputs[0]['data']['text/plain'])\n"
    )
    out = subprocess.run([str(venv / "bin" / "python"), "-c", run_notebook], check=True, capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=300)
    assert out.stdout == "6\n"


def test_package_version_matches_the_project():
    cmake = (PYTHON_DIR.parent / "CMakeLists.txt").read_text()
    pyproject = (PYTHON_DIR / "pyproject.toml").read_text()
    version_py = (PYTHON_DIR / "src" / "pygate" / "_version.py").read_text()
    import re

    project_version = re.search(r"project\(pygate VERSION ([0-9.]+)", cmake).group(1)
    assert f'version = "{project_version}"' in pyproject
    assert f'__version__ = "{project_version}"' in version_py
