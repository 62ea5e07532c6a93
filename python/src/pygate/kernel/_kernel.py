"""The Jupyter kernel: each cell a step of one `pygate serve` session.

A thin skin over the session protocol (docs/protocol.md): the gate, the
sandbox and the limits are all `pygate serve`'s. This class only turns an
execute_request into a session step and the step's answer into messages.
Fail closed: whatever goes wrong between the kernel and the server, the cell
gets an error reply, and nothing runs that the server did not gate.
"""

from __future__ import annotations

import ast
import codeop
import contextlib
import queue
import re
import signal
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Set

from ipykernel.kernelbase import Kernel

from .._client import Gate
from .._errors import PygateError, RequestError
from .._session import Session
from .._version import __version__
from . import _inert, _replies, _workspace


@dataclass(frozen=True)
class KernelSettings:
    """What the kernelspec (or the command line) chose for this kernel."""

    profile: str = "data_processing"
    input_dir: Optional[str] = None
    output_dir: Optional[str] = None
    timeout: Optional[int] = None  # each cell's wall clock, at most the profile's
    memory: Optional[int] = None  # the session's, in MB, at most the profile's
    idle_timeout: int = 24 * 60 * 60  # a notebook left open keeps its names
    binary: Optional[str] = None


_IDENTIFIER_TAIL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_LIMIT_STATUSES = {"memory_limit", "cpu_limit", "timeout", "session_lost", "disk_limit", "interrupted"}


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    # Outside a step, a KeyboardInterrupt would escape do_execute and leave
    # the request without a reply; ipykernel restores its own handler after.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class GatedKernel(Kernel):
    settings = KernelSettings()

    implementation = "pygate"
    implementation_version = __version__
    language_info = {
        "name": "python",
        "version": "3.11",
        "mimetype": "text/x-python",
        "file_extension": ".py",
        "pygments_lexer": "ipython3",
        "codemirror_mode": {"name": "ipython", "version": 3},
        "nbconvert_exporter": "python",
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._gate = Gate(profile=self.settings.profile, binary=self.settings.binary, own_session=True)
        self._session: Optional[Session] = None
        self._advice: Optional[Dict[str, str]] = None
        self._names: Set[str] = set()  # bound by allowed cells, for completion

    @property
    def banner(self) -> str:  # type: ignore[override]
        return (f"pygate {__version__}: Python gated under profile {self.settings.profile}, "
                "each cell run in a sandboxed session")

    @property
    def kernel_info(self) -> Dict[str, Any]:  # type: ignore[override]
        info = dict(super().kernel_info)
        info["pygate"] = {"version": __version__, "profile": self.settings.profile}
        return info

    # -- execute -------------------------------------------------------------

    def do_execute(self, code: str, silent: bool, store_history: bool = True,
                   user_expressions: Optional[Dict[str, Any]] = None, allow_stdin: bool = False,
                   **_: Any) -> Dict[str, Any]:
        if not code.strip():
            return self._ok()
        try:
            with _interrupts_ignored():
                session = self._live_session()
        except PygateError as error:
            return self._error(_replies.unavailable(f"pygate could not open a session: {error}"), silent)
        events: "queue.Queue[tuple]" = queue.Queue()
        try:
            pending = session.submit_exec(code, display=True,
                                          on_stdout=lambda data: events.put(("stdout", data)),
                                          on_stderr=lambda data: events.put(("stderr", data)))
        except PygateError as error:
            self._forget_session()
            return self._error(_replies.unavailable(f"pygate serve could not take the cell: {error}"), silent)
        interrupted = False
        while True:
            try:
                self._publish_streams(events, silent)
                result = pending.result(timeout=0.1)
                break
            except FutureTimeout:
                continue
            except KeyboardInterrupt:
                # The server interrupts the step (a KeyboardInterrupt in the
                # cell, the session goes on); wait for its answer.
                interrupted = True
                try:
                    pending.cancel()
                except PygateError:
                    pass
            except RequestError as error:
                self._publish_streams(events, silent)
                self._forget_session()
                if interrupted or error.code == "cancelled":
                    return self._error(_replies.interrupted(), silent)
                return self._error(_replies.unavailable(f"the session ended ({error})"), silent)
            except PygateError as error:
                self._publish_streams(events, silent)
                self._forget_session()
                return self._error(_replies.unavailable(f"pygate serve failed ({error})"), silent)
        self._publish_streams(events, silent)
        with _interrupts_ignored():  # the step is over: an interrupt now has nothing to stop
            return self._answer(result, code, session, silent)

    def _answer(self, result: Any, code: str, session: Session, silent: bool) -> Dict[str, Any]:
        if result.status == "gate_denied":
            return self._error(_replies.refusal(result, self.settings.profile, self._rule_advice()), silent)
        self._remember_names(code)
        if result.session_ended or result.status in _LIMIT_STATUSES:
            limits = dict(session.limits)
            self._forget_session()
            return self._error(_replies.session_ended(result.status, limits), silent)
        shown = _replies.outputs(result)
        if not silent:
            if result.truncated:
                self._stream("stderr", "[pygate: output past the profile's limit was dropped]\n")
            if shown.value is not None and result.status != "exception":
                self.send_response(self.iopub_socket, "execute_result",
                                   {"execution_count": self.execution_count, "data": shown.value, "metadata": {}})
            # After the value, as inline backends show figures: at the end of the cell.
            for figure in shown.figures:
                self.send_response(self.iopub_socket, "display_data", {"data": figure, "metadata": {}})
        self._copy_outputs(session)
        if result.status == "exception":
            return self._error(_replies.exception(result), silent)
        return self._ok()

    def _live_session(self) -> Session:
        if self._session is None:
            settings = self.settings
            self._session = self._gate.session(
                files=_workspace.input_files(settings.input_dir), timeout=settings.timeout,
                memory=settings.memory, idle_timeout=settings.idle_timeout)
            self._names = set()
        return self._session

    def _forget_session(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            try:
                session.close()
            except PygateError:
                pass  # it ended already, or its server did

    def _copy_outputs(self, session: Session) -> None:
        if not self.settings.output_dir:
            return
        try:
            listed = session.files()
            fetched = session.files([entry["path"] for entry in listed])
            _workspace.write_outputs(self.settings.output_dir,
                                     {entry["path"]: entry["bytes_"] for entry in fetched if "bytes_" in entry})
        except (PygateError, OSError) as error:
            self._stream("stderr", f"[pygate: output/ could not be copied to {self.settings.output_dir}: {error}]\n")

    def _rule_advice(self) -> Dict[str, str]:
        if self._advice is None:
            try:
                self._advice = {rule["id"]: rule.get("instead", "") for rule in self._gate.rules()}
            except PygateError:
                return {}
        return self._advice

    # -- messages --------------------------------------------------------------

    def _publish_streams(self, events: "queue.Queue[tuple]", silent: bool) -> None:
        # What arrived since the last look goes out as one message per run of
        # one stream: print's text and its newline are one output, as in IPython.
        pending: List[List[str]] = []
        while True:
            try:
                name, data = events.get_nowait()
            except queue.Empty:
                break
            if pending and pending[-1][0] == name:
                pending[-1][1] += data
            else:
                pending.append([name, data])
        if not silent:
            for name, text in pending:
                self._stream(name, text)

    def _stream(self, name: str, text: str) -> None:
        # The sandbox's output: no terminal control sequence reaches a client.
        self.send_response(self.iopub_socket, "stream", {"name": name, "text": _inert.inert_text(text)})

    def _ok(self) -> Dict[str, Any]:
        return {"status": "ok", "execution_count": self.execution_count, "payload": [], "user_expressions": {}}

    def _error(self, error: "_replies.CellError", silent: bool) -> Dict[str, Any]:
        if not silent:
            self.send_response(self.iopub_socket, "error", error.content())
        return {"status": "error", "execution_count": self.execution_count, **error.content()}

    # -- completion and inspection: names only, never by running code ----------

    def _remember_names(self, code: str) -> None:
        try:
            tree = ast.parse(code)
        except SyntaxError:
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self._names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self._names.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    self._names.add((alias.asname or alias.name).split(".")[0])

    def do_complete(self, code: str, cursor_pos: int) -> Dict[str, Any]:
        match = _IDENTIFIER_TAIL.search(code[:cursor_pos])
        prefix = match.group(0) if match else ""
        before = code[:cursor_pos - len(prefix)]
        # After a dot the names are an object's attributes: only running code knows them.
        matches: List[str] = [] if before.endswith(".") or not prefix else sorted(
            name for name in self._names if name.startswith(prefix))
        return {"status": "ok", "matches": matches, "cursor_start": cursor_pos - len(prefix),
                "cursor_end": cursor_pos, "metadata": {}}

    def do_is_complete(self, code: str) -> Dict[str, Any]:
        # Compiled, never run: whether a console should ask for another line.
        try:
            compiled = codeop.compile_command(code, "<cell>", "exec")
        except (SyntaxError, ValueError, OverflowError):
            return {"status": "invalid"}
        if compiled is None:
            return {"status": "incomplete", "indent": "    " if code.rstrip().endswith(":") else ""}
        return {"status": "complete"}

    def do_inspect(self, code: str, cursor_pos: int, detail_level: int = 0,
                   omit_sections: Any = ()) -> Dict[str, Any]:
        return {"status": "ok", "found": False, "data": {}, "metadata": {}}

    def do_shutdown(self, restart: bool) -> Dict[str, Any]:
        self._forget_session()
        self._gate.close()
        return {"status": "ok", "restart": restart}

