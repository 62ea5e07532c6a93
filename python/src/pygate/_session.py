"""Sessions: one sandboxed interpreter kept between steps, each step gated first."""

from __future__ import annotations

import asyncio
import base64
import uuid
from concurrent.futures import Future
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ._errors import RequestError
from ._results import StepResult, step_result_from_json
from ._transport import OutputCallback, Transport, result_of


class Session:
    """A stateful sandboxed interpreter: variables survive from one step to the next.

    Each step is gated under the session's profile against everything the
    session ran before it, so a name bound in an earlier step is still judged
    in a later one. A denied step never runs and the session goes on.
    Obtain one from :meth:`Gate.session`; close it (or use ``with``) to get
    its output files and receipt.
    """

    def __init__(self, transport: Transport, session_id: str, info: Mapping[str, Any]) -> None:
        self._transport = transport
        self.id = session_id
        self.limits: Mapping[str, Any] = info.get("limits", {})
        self.profile: str = str(info.get("profile", ""))
        self.closed: Optional[Dict[str, Any]] = None

    def exec(self, code: str, *, timeout: Optional[int] = None, on_stdout: Optional[OutputCallback] = None,
             on_stderr: Optional[OutputCallback] = None, display: bool = False) -> StepResult:
        """Gates and runs ``code`` in the session's namespace.

        With ``display``, the result's ``display`` holds what a notebook shows:
        the value's representations by MIME type and the figures it drew.
        """
        return step_result_from_json(self._transport.ask(
            self._exec_request(code, timeout, on_stdout, on_stderr, display), on_stdout, on_stderr))

    def submit_exec(self, code: str, *, timeout: Optional[int] = None, on_stdout: Optional[OutputCallback] = None,
                    on_stderr: Optional[OutputCallback] = None, display: bool = False) -> "PendingStep":
        """Sends a step and returns at once, for callers that must stay
        responsive while it runs (a notebook kernel that may be interrupted)."""
        request = self._exec_request(code, timeout, on_stdout, on_stderr, display)
        request["id"] = f"step-{uuid.uuid4().hex}"
        return PendingStep(self._transport, request["id"], self._transport.submit(request, on_stdout, on_stderr))

    def files(self, fetch: Sequence[str] = ()) -> List[Dict[str, Any]]:
        """Lists ``output/``; the paths in ``fetch`` (``"output/name"``) come with their bytes."""
        result = self._transport.ask({"op": "session_files", "session": self.id, "fetch": list(fetch)})
        files = []
        for entry in result["files"]:
            entry = dict(entry)
            if "base64" in entry:
                entry["bytes_"] = base64.b64decode(entry.pop("base64"))
            files.append(entry)
        return files

    def close(self) -> Dict[str, Any]:
        """Ends the interpreter; returns ``{"reason", "files": {path: bytes}, "receipt"}``.

        ``files`` holds the files whose contents the answer carried (at most
        16 MiB of them, and 1,000 files); ``omitted`` lists the others."""
        if self.closed is None:
            try:
                result = self._transport.ask({"op": "session_close", "session": self.id})
            except RequestError as error:
                if error.code != "session_closed":
                    raise
                result = {"reason": "already_ended", "files": [], "receipt": {}}
            self.closed = {
                "reason": result["reason"],
                "files": {f["path"]: base64.b64decode(f["base64"]) for f in result.get("files", []) if "base64" in f},
                "omitted": [f["path"] for f in result.get("files", []) if "base64" not in f],
                "receipt": result.get("receipt", {}),
            }
        return self.closed

    def _exec_request(self, code: str, timeout: Optional[int], on_stdout: Any, on_stderr: Any,
                      display: bool = False) -> Dict[str, Any]:
        if not isinstance(code, str):
            raise TypeError("code must be a str")
        request: Dict[str, Any] = {"op": "session_exec", "session": self.id, "code": code,
                                   "stream": on_stdout is not None or on_stderr is not None}
        if display:
            request["display"] = True
        if timeout is not None:
            request["timeout"] = int(timeout)
        return request

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class PendingStep:
    """A step sent with :meth:`Session.submit_exec`: its answer to come, and a way to stop it."""

    def __init__(self, transport: Transport, request_id: str, future: "Future[Dict[str, Any]]") -> None:
        self._transport = transport
        self.request_id = request_id
        self.future = future

    def result(self, timeout: Optional[float] = None) -> StepResult:
        """The step's result; raises RequestError (``cancelled``, ``session_closed``) or ServerError."""
        return step_result_from_json(result_of(self.future.result(timeout)))

    def cancel(self) -> None:
        """Interrupts the step: a KeyboardInterrupt in it, and the session goes on; a step
        that does not stop within 5 s ends its session (status ``interrupted``)."""
        self._transport.submit({"op": "cancel", "target": self.request_id})


class AsyncSession(Session):
    """The asyncio twin of :class:`Session`."""

    async def exec(self, code: str, *, timeout: Optional[int] = None,  # type: ignore[override]
                   on_stdout: Optional[OutputCallback] = None,
                   on_stderr: Optional[OutputCallback] = None, display: bool = False) -> StepResult:
        request = self._exec_request(code, timeout, on_stdout, on_stderr, display)
        return step_result_from_json(await self._transport.aask(request, on_stdout, on_stderr))

    async def close(self) -> Dict[str, Any]:  # type: ignore[override]
        return await asyncio.get_running_loop().run_in_executor(None, Session.close, self)

    async def __aenter__(self) -> "AsyncSession":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
