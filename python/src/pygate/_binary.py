"""Where the pygate binary is: in this package first, then $PYGATE, then PATH."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Optional

from ._errors import BinaryNotFound

_PACKAGED = Path(__file__).resolve().parent / "bin" / "pygate"


def _is_native(path: str) -> bool:
    # On PATH, `pygate` may be this package's own console script (Python):
    # only the native binary speaks the protocol.
    try:
        with open(path, "rb") as file:
            return file.read(4) == b"\x7fELF"
    except OSError:
        return False


def find_binary(explicit: Optional[str] = None) -> str:
    """The pygate binary to start; raises BinaryNotFound when there is none."""
    candidates = [explicit] if explicit else [str(_PACKAGED), os.environ.get("PYGATE"), shutil.which("pygate")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK) and _is_native(candidate):
            return candidate
    if explicit:
        raise BinaryNotFound(f"{explicit} is not an executable pygate binary")
    raise BinaryNotFound(
        "no pygate binary: install the wheel (it carries one), set $PYGATE, or put pygate on PATH"
    )
