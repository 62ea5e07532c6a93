"""The hook tests run the real `pygate hook` binary: $PYGATE names it."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session")
def binary() -> str:
    path = os.environ.get("PYGATE")
    if not path:
        pytest.fail("set PYGATE to the pygate binary")
    return path
