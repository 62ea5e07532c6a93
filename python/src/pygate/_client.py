"""Gate: one `pygate serve` process, shared safely between threads and asyncio."""

from __future__ import annotations

import base64
import math
import os
import threading
from typing import Any, Dict, List, Mapping, Optional, Union

from ._binary import find_binary
from ._results import CheckResult, RunResult, check_result_from_json, run_result_from_json
from ._session import AsyncSession, Session
from ._transport import OutputCallback, Transport, result_of

FileContent = Union[str, bytes]


class Gate:
    """A gate in front of untrusted Python, backed by one ``pygate serve`` process.

    ``profile`` is a built-in profile name (``safe_eval``, ``data_processing``,
    ``plotting``, ...) or a profile file's path; every call may name another.
    A Gate is safe to share between threads; ``acheck``/``arun`` are the asyncio
    twins of ``check``/``run``. Use it as a context manager, or call ``close``.

    Fail closed: if the server dies or answers garbage, the call raises
    :class:`ServerError` and never returns an allow; the next call starts a new
    server. ``own_session`` starts the server in a session of its own, out of
    reach of signals sent to the caller's process group (a notebook kernel's
    interrupt); it still ends when the caller does, at the end of its input.
    """

    def __init__(
        self,
        profile: str = "safe_eval",
        *,
        binary: Optional[str] = None,
        jobs: Optional[int] = None,
        max_runs: Optional[int] = None,
        max_sessions: Optional[int] = None,
        python: Optional[str] = None,
        own_session: bool = False,
    ) -> None:
        self.profile = profile
        self._binary = binary
        self._options: List[str] = []
        if jobs is not None:
            self._options += ["--jobs", str(int(jobs))]
        if max_runs is not None:
            self._options += ["--max-runs", str(int(max_runs))]
        if max_sessions is not None:
            self._options += ["--max-sessions", str(int(max_sessions))]
        if python is not None:
            self._options += ["--python", python]
        self._transport = Transport(
            lambda: [find_binary(self._binary), "serve", "--profile", self.profile, *self._options], own_session)

    def close(self) -> None:
        """Stops the server after what is in flight; the gate cannot be used after."""
        self._transport.close()

    def __enter__(self) -> "Gate":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests ---------------------------------------------------------

    @staticmethod
    def _check_request(code: str, filename: Optional[str], profile: Optional[str]) -> Dict[str, Any]:
        if not isinstance(code, str):
            raise TypeError("code must be a str")
        request: Dict[str, Any] = {"op": "check", "code": code}
        if filename is not None:
            request["filename"] = filename
        if profile is not None:
            request["profile"] = profile
        return request

    @staticmethod
    def _run_request(
        code: str,
        files: Optional[Mapping[str, FileContent]],
        stdin: Optional[str],
        timeout: Optional[float],
        memory: Optional[int],
        cpu: Optional[float],
        output_limit: Optional[int],
        profile: Optional[str],
        allow_review: bool,
        stream: bool,
        warm: bool = True,
    ) -> Dict[str, Any]:
        if not isinstance(code, str):
            raise TypeError("code must be a str")
        request: Dict[str, Any] = {"op": "run", "code": code, "stream": stream}
        if not warm:
            request["warm"] = False
        if profile is not None:
            request["profile"] = profile
        if files:
            encoded: Dict[str, Any] = {}
            for name, content in files.items():
                if isinstance(content, bytes):
                    encoded[name] = {"base64": base64.b64encode(content).decode("ascii")}
                elif isinstance(content, str):
                    encoded[name] = content
                else:
                    raise TypeError(f"files[{name!r}] must be str or bytes")
            request["files"] = encoded
        if stdin is not None:
            request["stdin"] = stdin
        for key, value in (("timeout", timeout), ("cpu", cpu)):
            if value is not None:
                if value <= 0:
                    raise ValueError(f"{key} must be positive")
                request[key] = int(math.ceil(value))
        for key, value in (("memory", memory), ("output_limit", output_limit)):
            if value is not None:
                request[key] = int(value)
        if allow_review:
            request["allow_review"] = True
        return request

    def check(self, code: str, filename: Optional[str] = None, *, profile: Optional[str] = None) -> CheckResult:
        """Judges ``code`` under the gate's profile (or ``profile``): allow, review or deny, with findings."""
        message = self._transport.submit(self._check_request(code, filename, profile)).result()
        return check_result_from_json(result_of(message))

    def check_file(self, path: Union[str, os.PathLike], *, profile: Optional[str] = None) -> CheckResult:
        """Judges the file at ``path`` (read by the server)."""
        request: Dict[str, Any] = {"op": "check", "path": os.fspath(path)}
        if profile is not None:
            request["profile"] = profile
        return check_result_from_json(result_of(self._transport.submit(request).result()))

    def run(
        self,
        code: str,
        files: Optional[Mapping[str, FileContent]] = None,
        stdin: Optional[str] = None,
        timeout: Optional[float] = None,
        on_stdout: Optional[OutputCallback] = None,
        on_stderr: Optional[OutputCallback] = None,
        *,
        memory: Optional[int] = None,
        cpu: Optional[float] = None,
        output_limit: Optional[int] = None,
        profile: Optional[str] = None,
        allow_review: bool = False,
        warm: bool = True,
    ) -> RunResult:
        """Gates ``code`` and, if allowed, runs it in the sandbox.

        ``files`` are placed in ``input/`` (str as UTF-8 text, bytes as they are);
        ``timeout`` (seconds), ``memory`` (MiB), ``cpu`` (seconds) and
        ``output_limit`` (bytes per stream) may only tighten the profile's limits.
        ``on_stdout``/``on_stderr`` receive output as it is produced, on a
        background thread. A denied run returns ``status == "gate_denied"``
        with its findings; it does not raise. Under a profile that preloads
        modules (``data_processing``, ``plotting``) the run is forked from the
        server's warm template (``result.warm``); ``warm=False`` starts it cold.
        """
        request = self._run_request(
            code, files, stdin, timeout, memory, cpu, output_limit, profile, allow_review,
            stream=on_stdout is not None or on_stderr is not None, warm=warm,
        )
        message = self._transport.submit(request, on_stdout, on_stderr).result()
        return run_result_from_json(result_of(message))

    async def acheck(self, code: str, filename: Optional[str] = None, *, profile: Optional[str] = None) -> CheckResult:
        """The asyncio twin of :meth:`check`."""
        message = await self._transport.asubmit(self._check_request(code, filename, profile))
        return check_result_from_json(result_of(message))

    async def arun(
        self,
        code: str,
        files: Optional[Mapping[str, FileContent]] = None,
        stdin: Optional[str] = None,
        timeout: Optional[float] = None,
        on_stdout: Optional[OutputCallback] = None,
        on_stderr: Optional[OutputCallback] = None,
        *,
        memory: Optional[int] = None,
        cpu: Optional[float] = None,
        output_limit: Optional[int] = None,
        profile: Optional[str] = None,
        allow_review: bool = False,
        warm: bool = True,
    ) -> RunResult:
        """The asyncio twin of :meth:`run` (callbacks run on a background thread)."""
        request = self._run_request(
            code, files, stdin, timeout, memory, cpu, output_limit, profile, allow_review,
            stream=on_stdout is not None or on_stderr is not None, warm=warm,
        )
        message = await self._transport.asubmit(request, on_stdout, on_stderr)
        return run_result_from_json(result_of(message))

    @staticmethod
    def _session_request(profile: Optional[str], files: Optional[Mapping[str, FileContent]],
                         preload: Optional[List[str]], timeout: Optional[int], memory: Optional[int],
                         cpu: Optional[int], idle_timeout: Optional[int]) -> Dict[str, Any]:
        request: Dict[str, Any] = {"op": "session_open"}
        if profile is not None:
            request["profile"] = profile
        if files:
            request["files"] = Gate._run_request("", files, None, None, None, None, None, None, False, False)["files"]
        if preload:
            request["preload"] = list(preload)
        for key, value in (("timeout", timeout), ("memory", memory), ("cpu", cpu), ("idle_timeout", idle_timeout)):
            if value is not None:
                request[key] = int(value)
        return request

    def session(self, *, profile: Optional[str] = None, files: Optional[Mapping[str, FileContent]] = None,
                preload: Optional[List[str]] = None, timeout: Optional[int] = None, memory: Optional[int] = None,
                cpu: Optional[int] = None, idle_timeout: Optional[int] = None) -> "Session":
        """Opens a stateful session: one sandboxed interpreter, each step gated first.

        ``preload`` modules are imported at open (the profile must allow them);
        ``timeout`` bounds each step's wall clock, ``cpu`` and ``memory`` the
        whole session (they may only tighten the profile's); ``idle_timeout``
        (default 600 s) closes a session nobody uses.

        >>> with gate.session(preload=["pandas"]) as s:  # doctest: +SKIP
        ...     s.exec("x = 41")
        ...     s.exec("x + 1").value
        '42'
        """
        request = self._session_request(profile, files, preload, timeout, memory, cpu, idle_timeout)
        result = self._transport.ask(request)
        return Session(self._transport, result["session"], result)

    async def asession(self, *, profile: Optional[str] = None, files: Optional[Mapping[str, FileContent]] = None,
                       preload: Optional[List[str]] = None, timeout: Optional[int] = None,
                       memory: Optional[int] = None, cpu: Optional[int] = None,
                       idle_timeout: Optional[int] = None) -> "AsyncSession":
        """The asyncio twin of :meth:`session`: ``async with await gate.asession() as s``."""
        request = self._session_request(profile, files, preload, timeout, memory, cpu, idle_timeout)
        result = await self._transport.aask(request)
        return AsyncSession(self._transport, result["session"], result)

    def profiles(self) -> List[Dict[str, Any]]:
        """The built-in profiles: name, extends, description, default."""
        return list(result_of(self._transport.submit({"op": "profiles"}).result())["profiles"])

    def profile_toml(self, name: str) -> str:
        """A profile resolved and written out as TOML."""
        return str(result_of(self._transport.submit({"op": "profiles", "name": name}).result())["toml"])

    def rules(self) -> List[Dict[str, Any]]:
        """The rule catalogue."""
        return list(result_of(self._transport.submit({"op": "rules"}).result())["rules"])

    def explain(self, rule: str) -> str:
        """One rule's long help (Markdown)."""
        return str(result_of(self._transport.submit({"op": "explain", "rule": rule}).result())["help"])

    def version(self) -> Dict[str, Any]:
        """The server's version, protocol and interpreter."""
        return dict(result_of(self._transport.submit({"op": "version"}).result()))


_default_gate: Optional[Gate] = None
_default_lock = threading.Lock()


def _default() -> Gate:
    global _default_gate
    with _default_lock:
        if _default_gate is None:
            _default_gate = Gate()
        return _default_gate


def check(code: str, filename: Optional[str] = None, *, profile: Optional[str] = None) -> CheckResult:
    """:meth:`Gate.check` on a default gate (profile ``safe_eval`` unless ``profile`` says)."""
    return _default().check(code, filename, profile=profile)


def run(code: str, files: Optional[Mapping[str, FileContent]] = None, stdin: Optional[str] = None,
        timeout: Optional[float] = None, *, profile: Optional[str] = None, **options: Any) -> RunResult:
    """:meth:`Gate.run` on a default gate (profile ``safe_eval`` unless ``profile`` says)."""
    return _default().run(code, files, stdin, timeout, profile=profile, **options)
