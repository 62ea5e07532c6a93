"""The exceptions pygate raises. A call never returns an allow it did not get."""

from __future__ import annotations


class PygateError(Exception):
    """Base class of every error this package raises."""


class BinaryNotFound(PygateError):
    """No pygate binary: not in the package, not at $PYGATE, not on PATH; or its version differs."""


class ServerError(PygateError):
    """The server died, could not start, or answered something that is not the protocol.

    The call that raised it got no answer, so nothing was allowed; the next call
    starts a new server.
    """


class RequestError(PygateError):
    """The server refused the request (docs/protocol.md lists the codes).

    ``code`` is the protocol's error code (``profile_error``, ``invalid_request``,
    ``limit_error``, ``read_error``, ``cancelled``, ...), ``message`` says what
    and where.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
