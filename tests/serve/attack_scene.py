"""What the runner's attack programs aim at (tests/runner/attacks): a secret
file of the caller's, a path outside the sandbox, and a listening TCP port;
and the check that an attack reached none of them."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any, Dict

import pytest

ATTACKS = sorted((Path(__file__).resolve().parents[1] / "runner" / "attacks").glob("*.py"))
# What an attack prints when it got through.
MARKERS = ("CONNECTED", "LEAKED", "PTRACE", "RAISED", "SIGNALLED")


class AttackScene:
    def __init__(self, folder: Path) -> None:
        self.secret = folder / "secret.txt"
        self.secret.write_text("the caller's secret\n")
        self.outside = folder / "outside.txt"
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.listener.setblocking(False)

    def files_for(self, attack: Path) -> Dict[str, str]:
        """The input/ files telling `attack` its target and the port."""
        target = self.outside if attack.stem == "write_outside" else self.secret
        return {"target.txt": str(target), "port.txt": str(self.listener.getsockname()[1])}

    def assert_contained(self, attack: Path, result: Dict[str, Any]) -> None:
        text = result.get("stdout", "") + result.get("stderr", "")
        assert not any(marker in text for marker in MARKERS), (attack.stem, result.get("status"), text[-2000:])
        assert self.secret.read_text() == "the caller's secret\n"
        assert not self.outside.exists()
        with pytest.raises(BlockingIOError):
            self.listener.accept()

    def close(self) -> None:
        self.listener.close()
