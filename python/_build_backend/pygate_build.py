"""A PEP 517 build backend for the pygate package, in the standard library alone.

It builds one kind of wheel: the package's Python files plus the native
`pygate` binary (from $PYGATE_BINARY, else ../build/release/pygate), tagged
for this platform. No sdist: the package is built from the repository.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import platform
import stat
import tomllib
import zipfile
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
_SOURCE = _ROOT / "src" / "pygate"


def _project() -> dict:
    with open(_ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["project"]


def _binary() -> Path:
    given = os.environ.get("PYGATE_BINARY")
    path = Path(given) if given else _ROOT.parent / "build" / "release" / "pygate"
    try:
        with open(path, "rb") as file:
            native = file.read(4) == b"\x7fELF"
    except OSError:
        native = False
    if not native or not os.access(path, os.X_OK):
        raise RuntimeError(
            f"pygate wheel: no pygate binary at {path}; build it first (./bootstrap.sh check) "
            "or set PYGATE_BINARY"
        )
    return path


def _tag() -> str:
    machine = platform.machine().lower()
    return f"py3-none-linux_{machine}"


def _metadata(project: dict) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        f"License: {project['license']['text']}",
    ]
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    readme = (_ROOT / project["readme"]).read_text(encoding="utf-8")
    lines += ["Description-Content-Type: text/markdown", "", readme]
    return "\n".join(lines)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def _dist_info(project: dict) -> str:
    return f"{project['name']}-{project['version']}.dist-info"


def _dist_info_files(project: dict) -> dict:
    scripts = project.get("scripts", {})
    entry_points = "[console_scripts]\n" + "".join(f"{name} = {target}\n" for name, target in scripts.items())
    return {
        "METADATA": _metadata(project).encode("utf-8"),
        "WHEEL": (
            "Wheel-Version: 1.0\nGenerator: pygate_build\nRoot-Is-Purelib: false\n" f"Tag: {_tag()}\n"
        ).encode("ascii"),
        "entry_points.txt": entry_points.encode("utf-8"),
    }


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    project = _project()
    folder = Path(metadata_directory) / _dist_info(project)
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in _dist_info_files(project).items():
        (folder / name).write_bytes(data)
    return folder.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    name = f"{project['name']}-{project['version']}-{_tag()}.whl"
    entries = []  # (archive path, bytes, executable)
    for path in sorted(_SOURCE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            entries.append((f"pygate/{path.relative_to(_SOURCE).as_posix()}", path.read_bytes(), False))
    entries.append(("pygate/bin/pygate", _binary().read_bytes(), True))
    dist_info = _dist_info(project)
    for file_name, data in _dist_info_files(project).items():
        entries.append((f"{dist_info}/{file_name}", data, False))
    record = io.StringIO()
    target = Path(wheel_directory) / name
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for archive_path, data, executable in entries:
            info = zipfile.ZipInfo(archive_path, date_time=(2020, 1, 1, 0, 0, 0))
            mode = 0o755 if executable else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            record.write(f"{archive_path},{_record_hash(data)},{len(data)}\n")
        record.write(f"{dist_info}/RECORD,,\n")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFREG | 0o644) << 16
        wheel.writestr(info, record.getvalue())
    return name
