"""The package under test is the source tree's, with $PYGATE as its binary."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("PYGATE")
    if not path:
        pytest.fail("set PYGATE to the pygate binary")
    return path
