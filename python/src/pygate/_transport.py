"""The connection to one `pygate serve` process, shared by a Gate and its sessions.

It sends requests and routes answers, restarts a dead server on the next
call, and ends its server cleanly whichever way the program ends: ``close``,
garbage collection, or interpreter exit with the gate still open.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import threading
import weakref
from concurrent.futures import Future
from typing import Any, Callable, Dict, List, Mapping, Optional

from ._errors import BinaryNotFound, RequestError, ServerError
from ._version import __version__

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

    def __init__(self, argv: List[str], own_session: bool = False) -> None:
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
            # A notebook kernel's interrupt is a SIGINT to its process group:
            # its server must not take it for a stop.
            start_new_session=own_session,
        )
        self.calls: Dict[Any, _Call] = {}
        self.lock = threading.Lock()
        self.dead: Optional[str] = None
        self.reader: Optional[threading.Thread] = None
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
                return
            except OSError as error:
                self.calls.pop(request["id"], None)
                failure = error
        # Outside the lock: _die takes it, and the reader may be waiting on it.
        self._die(f"pygate serve stopped reading: {failure}")
        raise ServerError(self.dead)

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
        """Ends the process now. Safe from any thread, a finalizer and exit.

        The reader thread may be blocked reading stdout: closing a buffered
        stream another thread is reading needs that thread's lock, and at
        interpreter shutdown that is a fatal error. So the process is killed
        first, its reader sees the end of the pipe and stops, and only then
        is stdout closed.
        """
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except (OSError, ValueError):
            pass
        reader = self.reader
        if reader is not None and reader is not threading.current_thread():
            reader.join(timeout=10)
            if reader.is_alive():
                return  # still reading: leave stdout to be closed with the process object
        try:
            if self.process.stdout is not None:
                self.process.stdout.close()
        except (OSError, ValueError):
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
        if self.reader is not None:
            self.reader.join(timeout=10)
        try:
            self.process.stdout.close()
        except (OSError, ValueError):
            pass


class _Slot:
    """The live server of a transport, reachable from its finalizer without the transport."""

    __slots__ = ("lock", "server", "stopped")

    def __init__(self) -> None:
        self.lock = threading.Lock()  # guards server and stopped, and the transport's own state
        self.server: Optional[_Server] = None
        self.stopped = False  # by the finalizer: no server may start after it

    @staticmethod
    def stop(slot: "_Slot") -> None:
        # A thread still calling at exit gets ServerError instead of a new
        # server started while the interpreter shuts down.
        with slot.lock:
            slot.stopped = True
            server, slot.server = slot.server, None
        if server is not None:
            server.kill()


class Transport:
    """Requests to a `pygate serve` started on the first call (and again after it dies)."""

    def __init__(self, argv: Callable[[], List[str]], own_session: bool = False) -> None:
        self._argv = argv
        self._own_session = own_session
        self._ids = itertools.count(1)
        self._slot = _Slot()
        self._closed = False
        # Runs when the transport is collected, or at interpreter exit (before
        # daemon threads are frozen) if it is still open: a gate that is never
        # closed must not take the interpreter down with it.
        self._finalizer = weakref.finalize(self, _Slot.stop, self._slot)

    @property
    def server(self) -> Optional[_Server]:
        return self._slot.server

    def _live_server(self) -> _Server:
        with self._slot.lock:
            if self._closed:
                raise ServerError("the gate is closed")
            if self._slot.stopped:
                raise ServerError("the gate was closed as the program exits")
            server = self._slot.server
            if server is None or server.dead is not None:
                if server is not None:
                    server.kill()
                try:
                    self._slot.server = _Server(self._argv(), self._own_session)
                except OSError as error:
                    raise ServerError(f"cannot start pygate serve: {error}") from None
            return self._slot.server

    def submit(self, request: Dict[str, Any], on_stdout: Optional[OutputCallback] = None,
               on_stderr: Optional[OutputCallback] = None) -> "Future[Dict[str, Any]]":
        request = {"id": next(self._ids), **request}
        call = _Call(on_stdout, on_stderr)
        self._live_server().send(request, call)
        return call.future

    async def asubmit(self, request: Dict[str, Any], on_stdout: Optional[OutputCallback] = None,
                      on_stderr: Optional[OutputCallback] = None) -> Dict[str, Any]:
        """The asyncio twin of ``submit``: starting a server (a process and its
        hello) happens on a worker thread, never on the event loop."""
        server = self._slot.server
        if server is None or server.dead is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._live_server)
        return await asyncio.wrap_future(self.submit(request, on_stdout, on_stderr))

    def ask(self, request: Dict[str, Any], on_stdout: Optional[OutputCallback] = None,
            on_stderr: Optional[OutputCallback] = None) -> Any:
        return result_of(self.submit(request, on_stdout, on_stderr).result())

    async def aask(self, request: Dict[str, Any], on_stdout: Optional[OutputCallback] = None,
                   on_stderr: Optional[OutputCallback] = None) -> Any:
        return result_of(await self.asubmit(request, on_stdout, on_stderr))

    def close(self) -> None:
        """Stops the server after what is in flight; no call can be made after."""
        with self._slot.lock:
            self._closed = True
            server, self._slot.server = self._slot.server, None
        self._finalizer.detach()
        if server is not None:
            server.close()


def result_of(message: Mapping[str, Any]) -> Any:
    """The result of an answer, or the error it carries raised."""
    if "error" in message:
        error = message["error"]
        if not isinstance(error, dict):
            raise ServerError(f"malformed error answer: {message!r:.200}")
        raise RequestError(str(error.get("code", "unknown")), str(error.get("message", "")))
    if "result" not in message:
        raise ServerError(f"an answer with neither result nor error: {message!r:.200}")
    return message["result"]
