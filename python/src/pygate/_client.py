"""Gate: one `pygate serve` process, shared safely between threads and asyncio."""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import os
import subprocess
import threading
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Union

from ._binary import find_binary
from ._errors import BinaryNotFound, RequestError, ServerError
from ._results import CheckResult, RunResult, check_result_from_json, run_result_from_json
from ._version import __version__

if TYPE_CHECKING:
    from ._session import AsyncSession, Session

FileContent = Union[str, bytes]
OutputCallback = Callable[[str], None]

_PROTOCOL = 1


class _Call:
    """A request in flight: its future and its streaming callbacks."""

    __slots__ = ("future", "on_stdout", "on_stderr")

    def __init__(self, on_stdout: Optional[OutputCallback], on_stderr: Optional[OutputCallback]) -> None:
        self.future: Future = Future()
        self.on_stdout = on_stdout
        self.on_stderr = on_stderr


class _Server:
    """One live `pygate serve` process and the thread that reads its answers."""

    def __init__(self, argv: List[str]) -> None:
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            # Buffered both ways: answers are read a chunk at a time (a raw
            # pipe's readline reads one byte per system call), and each
            # request is flushed as it is written.
            bufsize=-1,
            close_fds=True,
            start_new_session=False,
        )
        self.calls: Dict[Any, _Call] = {}
        self.lock = threading.Lock()
        self.dead: Optional[str] = None
        hello = self.process.stdout.readline()
        try:
            info = json.loads(hello)["hello"]
        except (ValueError, KeyError, TypeError):
            self.kill()
            raise ServerError(f"pygate serve did not say hello (it printed {hello[:200]!r})") from None
        if info.get("protocol") != _PROTOCOL:
            self.kill()
            raise ServerError(f"pygate serve speaks protocol {info.get('protocol')}, this package {_PROTOCOL}")
        if info.get("pygate_version") != __version__:
            self.kill()
            raise BinaryNotFound(
                f"the pygate binary is version {info.get('pygate_version')}, this package {__version__}"
            )
        self.reader = threading.Thread(target=self._read, name="pygate-serve-reader", daemon=True)
        self.reader.start()

    def send(self, request: Dict[str, Any], call: _Call) -> None:
        line = (json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass")
        with self.lock:
            if self.dead is not None:
                raise ServerError(self.dead)
            self.calls[request["id"]] = call
            try:
                self.process.stdin.write(line)
                self.process.stdin.flush()
            except OSError as error:
                self.calls.pop(request["id"], None)
                self._die(f"pygate serve stopped reading: {error}")
                raise ServerError(self.dead) from None

    def _read(self) -> None:
        stream = self.process.stdout
        try:
            for raw in stream:
                try:
                    message = json.loads(raw)
                    key = message["id"]
                except (ValueError, KeyError, TypeError):
                    self._die(f"pygate serve answered something that is not the protocol: {raw[:200]!r}")
                    return
                if not isinstance(message, dict):
                    self._die("pygate serve answered a line that is not an object")
                    return
                if key is None:
                    # An error about a line the server could not read: not ours to route.
                    continue
                if "event" in message:
                    with self.lock:
                        call = self.calls.get(key)
                    callback = None
                    if call is not None:
                        callback = call.on_stdout if message["event"] == "stdout" else call.on_stderr
                    if callback is not None:
                        try:
                            callback(str(message.get("data", "")))
                        except Exception:  # noqa: BLE001 - a user's callback must not kill the reader
                            pass
                    continue
                with self.lock:
                    call = self.calls.pop(key, None)
                if call is None:
                    continue
                call.future.set_result(message)
        except (OSError, ValueError):
            pass
        code = self.process.poll()
        self._die(f"pygate serve ended unexpectedly (exit status {code})")

    def _die(self, why: str) -> None:
        with self.lock:
            if self.dead is None:
                self.dead = why
            calls, self.calls = self.calls, {}
        for call in calls.values():
            if not call.future.done():
                call.future.set_exception(ServerError(why))
        self.kill()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def close(self) -> None:
        """Ends the input: the server finishes what is in flight and exits."""
        with self.lock:
            if self.dead is None:
                self.dead = "the gate was closed"
            try:
                self.process.stdin.close()
            except OSError:
                pass
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(timeout=10)
        try:
            self.process.stdout.close()
        except OSError:
            pass


class Gate:
    """A gate in front of untrusted Python, backed by one ``pygate serve`` process.

    ``profile`` is a built-in profile name (``safe_eval``, ``data_processing``,
    ``plotting``, ...) or a profile file's path; every call may name another.
    A Gate is safe to share between threads; ``acheck``/``arun`` are the asyncio
    twins of ``check``/``run``. Use it as a context manager, or call ``close``.

    Fail closed: if the server dies or answers garbage, the call raises
    :class:`ServerError` and never returns an allow; the next call starts a new
    server.
    """

    def __init__(
        self,
        profile: str = "safe_eval",
        *,
        binary: Optional[str] = None,
        jobs: Optional[int] = None,
        max_runs: Optional[int] = None,
        python: Optional[str] = None,
    ) -> None:
        self.profile = profile
        self._binary = binary
        self._options: List[str] = []
        if jobs is not None:
            self._options += ["--jobs", str(int(jobs))]
        if max_runs is not None:
            self._options += ["--max-runs", str(int(max_runs))]
        if python is not None:
            self._options += ["--python", python]
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._server: Optional[_Server] = None
        self._closed = False

    # -- the server -------------------------------------------------------

    def _live_server(self) -> _Server:
        with self._lock:
            if self._closed:
                raise ServerError("the gate is closed")
            if self._server is None or self._server.dead is not None:
                if self._server is not None:
                    self._server.kill()
                argv = [find_binary(self._binary), "serve", "--profile", self.profile, *self._options]
                try:
                    self._server = _Server(argv)
                except OSError as error:
                    raise ServerError(f"cannot start pygate serve: {error}") from None
            return self._server

    def _submit(
        self,
        request: Dict[str, Any],
        on_stdout: Optional[OutputCallback] = None,
        on_stderr: Optional[OutputCallback] = None,
    ) -> "Future[Dict[str, Any]]":
        request = {"id": next(self._ids), **request}
        call = _Call(on_stdout, on_stderr)
        self._live_server().send(request, call)
        return call.future

    @staticmethod
    def _result(message: Mapping[str, Any]) -> Any:
        if "error" in message:
            error = message["error"]
            if not isinstance(error, dict):
                raise ServerError(f"malformed error answer: {message!r:.200}")
            raise RequestError(str(error.get("code", "unknown")), str(error.get("message", "")))
        if "result" not in message:
            raise ServerError(f"an answer with neither result nor error: {message!r:.200}")
        return message["result"]

    def close(self) -> None:
        """Stops the server after what is in flight; the gate cannot be used after."""
        with self._lock:
            self._closed = True
            server, self._server = self._server, None
        if server is not None:
            server.close()

    def __enter__(self) -> "Gate":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        server = getattr(self, "_server", None)
        if server is not None:
            server.kill()

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
    ) -> Dict[str, Any]:
        if not isinstance(code, str):
            raise TypeError("code must be a str")
        request: Dict[str, Any] = {"op": "run", "code": code, "stream": stream}
        if profile is not None:
            request["profile"] = profile
        if files:
            encoded: Dict[str, Any] = {}
            for name, content in files.items():
                if isinstance(content, bytes):
                    import base64

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
        message = self._submit(self._check_request(code, filename, profile)).result()
        return check_result_from_json(self._result(message))

    def check_file(self, path: Union[str, os.PathLike], *, profile: Optional[str] = None) -> CheckResult:
        """Judges the file at ``path`` (read by the server)."""
        request: Dict[str, Any] = {"op": "check", "path": os.fspath(path)}
        if profile is not None:
            request["profile"] = profile
        return check_result_from_json(self._result(self._submit(request).result()))

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
    ) -> RunResult:
        """Gates ``code`` and, if allowed, runs it in the sandbox.

        ``files`` are placed in ``input/`` (str as UTF-8 text, bytes as they are);
        ``timeout`` (seconds), ``memory`` (MiB), ``cpu`` (seconds) and
        ``output_limit`` (bytes per stream) may only tighten the profile's limits.
        ``on_stdout``/``on_stderr`` receive output as it is produced, on a
        background thread. A denied run returns ``status == "gate_denied"``
        with its findings; it does not raise.
        """
        request = self._run_request(
            code, files, stdin, timeout, memory, cpu, output_limit, profile, allow_review,
            stream=on_stdout is not None or on_stderr is not None,
        )
        message = self._submit(request, on_stdout, on_stderr).result()
        return run_result_from_json(self._result(message))

    async def acheck(self, code: str, filename: Optional[str] = None, *, profile: Optional[str] = None) -> CheckResult:
        """The asyncio twin of :meth:`check`."""
        future = self._submit(self._check_request(code, filename, profile))
        return check_result_from_json(self._result(await asyncio.wrap_future(future)))

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
    ) -> RunResult:
        """The asyncio twin of :meth:`run` (callbacks run on a background thread)."""
        request = self._run_request(
            code, files, stdin, timeout, memory, cpu, output_limit, profile, allow_review,
            stream=on_stdout is not None or on_stderr is not None,
        )
        future = self._submit(request, on_stdout, on_stderr)
        return run_result_from_json(self._result(await asyncio.wrap_future(future)))

    def _ask(self, request: Dict[str, Any], on_stdout: Optional[OutputCallback] = None,
             on_stderr: Optional[OutputCallback] = None) -> Any:
        return self._result(self._submit(request, on_stdout, on_stderr).result())

    async def _aask(self, request: Dict[str, Any], on_stdout: Optional[OutputCallback] = None,
                    on_stderr: Optional[OutputCallback] = None) -> Any:
        return self._result(await asyncio.wrap_future(self._submit(request, on_stdout, on_stderr)))

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
        from ._session import Session

        request = self._session_request(profile, files, preload, timeout, memory, cpu, idle_timeout)
        result = self._ask(request)
        return Session(self, result["session"], result)

    async def asession(self, *, profile: Optional[str] = None, files: Optional[Mapping[str, FileContent]] = None,
                       preload: Optional[List[str]] = None, timeout: Optional[int] = None,
                       memory: Optional[int] = None, cpu: Optional[int] = None,
                       idle_timeout: Optional[int] = None) -> "AsyncSession":
        """The asyncio twin of :meth:`session`: ``async with await gate.asession() as s``."""
        from ._session import AsyncSession

        request = self._session_request(profile, files, preload, timeout, memory, cpu, idle_timeout)
        result = await self._aask(request)
        return AsyncSession(self, result["session"], result)

    def profiles(self) -> List[Dict[str, Any]]:
        """The built-in profiles: name, extends, description, default."""
        return list(self._result(self._submit({"op": "profiles"}).result())["profiles"])

    def profile_toml(self, name: str) -> str:
        """A profile resolved and written out as TOML."""
        return str(self._result(self._submit({"op": "profiles", "name": name}).result())["toml"])

    def rules(self) -> List[Dict[str, Any]]:
        """The rule catalogue."""
        return list(self._result(self._submit({"op": "rules"}).result())["rules"])

    def explain(self, rule: str) -> str:
        """One rule's long help (Markdown)."""
        return str(self._result(self._submit({"op": "explain", "rule": rule}).result())["help"])

    def version(self) -> Dict[str, Any]:
        """The server's version, protocol and interpreter."""
        return dict(self._result(self._submit({"op": "version"}).result()))


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
