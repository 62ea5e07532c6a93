"""Typed results: what the server answers, as frozen dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Tuple

from ._errors import ServerError


@dataclass(frozen=True)
class ChainStep:
    """One step of an alias chain: where a name got the value a finding is about."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@dataclass(frozen=True)
class Finding:
    """One finding: a rule, where it fired (1-based lines and columns) and why."""

    rule: str
    name: str
    severity: str
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    source_line: str
    qualified_name: Optional[str] = None
    chain: Tuple[ChainStep, ...] = ()


@dataclass(frozen=True)
class CheckResult:
    """The gate's verdict on one piece of code.

    ``decision`` is ``"allow"``, ``"review"`` or ``"deny"``; ``allowed`` is true
    only for ``"allow"``.
    """

    path: str
    decision: str
    allowed: bool
    findings: Tuple[Finding, ...]


@dataclass(frozen=True)
class RunResult:
    """What a run did.

    ``status`` is ``"gate_denied"`` when the gate stopped the code (nothing ran;
    ``findings`` says why), else the runner's status: ``ok``, ``exit_nonzero``,
    ``timeout``, ``cpu_limit``, ``memory_limit``, ``output_truncated``,
    ``killed`` or ``internal_error``. ``receipt`` is the whole result with its
    provenance, as ``pygate run --format json`` prints it. ``warm`` says the
    run was forked from the server's template (its identity is in
    ``receipt["provenance"]["template"]``); ``warm_unavailable`` why a run
    that could have been warm was not.
    """

    status: str
    decision: str
    exit_code: Optional[int]
    signal: Optional[int]
    stdout: str
    stderr: str
    truncated: bool
    duration_ms: float
    cpu_ms: float
    peak_rss_kb: int
    findings: Tuple[Finding, ...]
    receipt: Mapping[str, Any] = field(repr=False)
    warm: bool = False
    warm_unavailable: Optional[str] = None

    @property
    def ok(self) -> bool:
        """True when the code ran and exited 0 within every limit."""
        return self.status == "ok"


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ServerError(f"the server's answer has no valid `{name}`: {data!r:.200}")
    return value


def finding_from_json(data: Mapping[str, Any]) -> Finding:
    chain = tuple(
        ChainStep(
            line=_field(step, "line", int),
            column=_field(step, "column", int),
            end_line=_field(step, "end_line", int),
            end_column=_field(step, "end_column", int),
            text=_field(step, "text", str),
        )
        for step in data.get("chain", ())
    )
    qualified = data.get("qualified_name")
    return Finding(
        rule=_field(data, "rule", str),
        name=_field(data, "name", str),
        severity=_field(data, "severity", str),
        message=_field(data, "message", str),
        line=_field(data, "line", int),
        column=_field(data, "column", int),
        end_line=_field(data, "end_line", int),
        end_column=_field(data, "end_column", int),
        source_line=_field(data, "source_line", str),
        qualified_name=qualified if isinstance(qualified, str) else None,
        chain=chain,
    )


_DECISIONS = ("allow", "review", "deny")


def _decision(data: Mapping[str, Any]) -> str:
    decision = _field(data, "decision", str)
    if decision not in _DECISIONS and decision != "unchecked":
        raise ServerError(f"the server answered an unknown decision {decision!r}")
    return decision


def check_result_from_json(data: Mapping[str, Any]) -> CheckResult:
    decision = _decision(data)
    if decision not in _DECISIONS:
        raise ServerError(f"a check answered the decision {decision!r}")
    return CheckResult(
        path=_field(data, "path", str),
        decision=decision,
        allowed=decision == "allow",
        findings=tuple(finding_from_json(f) for f in _field(data, "findings", list)),
    )


def run_result_from_json(data: Mapping[str, Any]) -> RunResult:
    status = _field(data, "status", str)
    decision = _decision(data)
    if status == "gate_denied":
        gate = _field(data, "gate", dict)
        findings = tuple(
            finding_from_json(f) for entry in _field(gate, "files", list) for f in _field(entry, "findings", list)
        )
        return RunResult(
            status=status,
            decision=decision,
            exit_code=None,
            signal=None,
            stdout="",
            stderr="",
            truncated=False,
            duration_ms=0.0,
            cpu_ms=0.0,
            peak_rss_kb=0,
            findings=findings,
            receipt=data,
        )
    exit_code = data.get("exit_code")
    signal = data.get("signal")
    return RunResult(
        status=status,
        decision=decision,
        exit_code=exit_code if isinstance(exit_code, int) else None,
        signal=signal if isinstance(signal, int) else None,
        stdout=_field(data, "stdout", str),
        stderr=_field(data, "stderr", str),
        truncated=_field(data, "truncated", bool),
        duration_ms=float(_field(data, "duration_ms", (int, float))),
        cpu_ms=float(_field(data, "cpu_user_ms", (int, float))) + float(_field(data, "cpu_sys_ms", (int, float))),
        peak_rss_kb=_field(data, "max_rss_kb", int),
        findings=(),
        receipt=data,
        warm=data.get("warm") is True,
        warm_unavailable=data.get("warm_unavailable") if isinstance(data.get("warm_unavailable"), str) else None,
    )


@dataclass(frozen=True)
class StepResult:
    """One step of a session.

    ``status``: ``ok``, ``exception`` (the session goes on), ``gate_denied``
    (the step never reached the interpreter; the session goes on),
    ``output_truncated``, or one that ended the session: ``timeout``,
    ``memory_limit``, ``cpu_limit``, ``interrupted``, ``session_lost``. ``value`` is the repr
    of a trailing expression, as a REPL shows it.
    """

    step: int
    status: str
    decision: str
    stdout: str
    stderr: str
    value: Optional[str]
    traceback: Optional[str]
    truncated: bool
    duration_ms: float
    cpu_ms: Optional[float]
    findings: Tuple[Finding, ...]
    session_ended: bool
    display: Optional[Mapping[str, Any]] = None


def step_result_from_json(data: Mapping[str, Any]) -> StepResult:
    value = data.get("value")
    trace = data.get("traceback")
    cpu = data.get("cpu_ms")
    return StepResult(
        step=_field(data, "step", int),
        status=_field(data, "status", str),
        decision=_decision(data),
        stdout=_field(data, "stdout", str),
        stderr=_field(data, "stderr", str),
        value=value if isinstance(value, str) else None,
        traceback=trace if isinstance(trace, str) else None,
        truncated=bool(data.get("truncated", False)),
        duration_ms=float(data.get("duration_ms") or 0.0),
        cpu_ms=float(cpu) if isinstance(cpu, (int, float)) else None,
        findings=tuple(finding_from_json(f) for f in _field(data, "findings", list)),
        session_ended=bool(data.get("session_ended", False)),
        display=data["display"] if isinstance(data.get("display"), dict) else None,
    )
