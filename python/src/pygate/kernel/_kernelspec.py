"""Kernelspecs: one per profile, named `pygate-PROFILE`, so that a notebook,
nbclient or a code-interpreter agent chooses pygate by its kernel name."""

from __future__ import annotations

import json
import os
import site
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional

from .._binary import find_binary


def kernel_name(profile: str) -> str:
    # Kernel names are [A-Za-z0-9._-]; a profile given as a file goes by its stem.
    stem = Path(profile).stem if profile.endswith(".toml") else profile
    return "pygate-" + "".join(c if c.isalnum() or c in "._-" else "_" for c in stem)


def kernelspec(profile: str, input_dir: Optional[str], output_dir: Optional[str], binary: Optional[str],
               timeout: Optional[int] = None, memory: Optional[int] = None) -> Dict[str, object]:
    argv: List[str] = [sys.executable, "-m", "pygate.kernel", "run", "--profile", profile]
    for flag, folder in (("--input-dir", input_dir), ("--output-dir", output_dir)):
        if folder:
            argv += [flag, str(Path(folder).resolve())]
    for flag, limit in (("--timeout", timeout), ("--memory", memory)):
        if limit is not None:
            argv += [flag, str(int(limit))]
    argv += ["-f", "{connection_file}"]
    env: Dict[str, str] = {
        "PYGATE": str(Path(find_binary(binary)).resolve()),
        # ipykernel's debugger warns about frozen modules on every start; this kernel has no debugger.
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }
    package_root = str(Path(__file__).resolve().parents[2])
    if package_root not in _default_paths():
        # A source checkout, not an installed package: the kernel must still import it.
        env["PYTHONPATH"] = package_root
    return {
        "argv": argv,
        "display_name": f"Python 3 (pygate {Path(profile).stem if profile.endswith('.toml') else profile})",
        "language": "python",
        "interrupt_mode": "signal",
        "env": env,
        "metadata": {"pygate": {"profile": profile, "input_dir": input_dir, "output_dir": output_dir}},
    }


def _default_paths() -> List[str]:
    paths = list(site.getsitepackages())
    user = site.getusersitepackages()
    if isinstance(user, str):
        paths.append(user)
    return [str(Path(p).resolve()) for p in paths]


def install(profiles: List[str], *, user: bool, prefix: Optional[str], input_dir: Optional[str],
            output_dir: Optional[str], binary: Optional[str], timeout: Optional[int] = None,
            memory: Optional[int] = None) -> List[str]:
    """Installs a kernelspec per profile; returns where each went."""
    from jupyter_client.kernelspec import KernelSpecManager

    manager = KernelSpecManager()
    installed = []
    for profile in profiles:
        if profile.endswith(".toml"):
            profile = str(Path(profile).resolve())
        spec = kernelspec(profile, input_dir, output_dir, binary, timeout, memory)
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "kernel.json"), "w", encoding="utf-8") as file:
                json.dump(spec, file, indent=1)
            installed.append(manager.install_kernel_spec(folder, kernel_name(profile), user=user, replace=True,
                                                         prefix=prefix))
    return installed
