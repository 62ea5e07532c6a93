"""pygate: a static-analysis gate and sandboxed runner for untrusted Python.

>>> import pygate
>>> pygate.check("print(1 + 1)").allowed
True

``Gate`` owns one ``pygate serve`` process (docs/protocol.md); ``check`` and
``run`` here use a default gate with the ``safe_eval`` profile.
``pygate.dask.scan`` (imported on its own: it needs Dask's ``distributed``)
judges a corpus on a Dask cluster.
"""

from ._client import Gate, check, run
from ._errors import BinaryNotFound, PygateError, RequestError, ServerError
from ._results import ChainStep, CheckResult, Finding, RunResult, StepResult
from ._session import AsyncSession, PendingStep, Session
from ._version import __version__

__all__ = [
    "AsyncSession",
    "PendingStep",
    "Session",
    "StepResult",
    "BinaryNotFound",
    "ChainStep",
    "CheckResult",
    "Finding",
    "Gate",
    "PygateError",
    "RequestError",
    "RunResult",
    "ServerError",
    "__version__",
    "check",
    "run",
]
