"""The host folders a kernel's session sees: `--input-dir` is copied into the
session's `input/` when it opens, and its `output/` is copied back into
`--output-dir` after each cell. Nothing else of the host reaches the session.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Dict, List, Optional


def input_files(folder: Optional[str]) -> Dict[str, bytes]:
    """The files of `folder` (its top level: a session's `input/` is flat)."""
    if not folder:
        return {}
    files = {}
    for entry in sorted(Path(folder).iterdir()):
        if entry.is_file() and not entry.is_symlink():
            files[entry.name] = entry.read_bytes()
    return files


def skipped_inputs(folder: Optional[str]) -> List[str]:
    """What of `folder` a session cannot see (subfolders, links), to say so."""
    if not folder:
        return []
    return sorted(entry.name for entry in Path(folder).iterdir() if entry.is_symlink() or not entry.is_file())


def write_outputs(folder: str, files: Dict[str, bytes]) -> None:
    """Writes the session's `output/NAME` files under `folder`, never outside it."""
    root = Path(folder).resolve()
    for path, data in files.items():
        relative = PurePosixPath(path)
        if relative.parts[:1] != ("output",) or len(relative.parts) < 2 or ".." in relative.parts:
            continue
        target = root.joinpath(*relative.parts[1:])
        if root not in target.resolve().parents:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.pygate-partial")
        temporary.write_bytes(data)
        os.replace(temporary, target)
