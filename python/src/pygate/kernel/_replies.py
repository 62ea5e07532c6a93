"""A session step's answer as Jupyter's messages: the error a refused, failed or
ended cell gets, and the outputs an allowed one shows, made inert (`_inert`).

Pure functions over the package's results: nothing here judges code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional

from .._results import Finding, StepResult
from ._inert import inert_bundle, inert_text

# What ended a session, as the name an error reply gives it and the limit it names.
_SESSION_ENDINGS = {
    "memory_limit": ("MemoryLimit", "the session's memory limit ({memory_mb} MB)"),
    "cpu_limit": ("CpuLimit", "the session's CPU time limit ({cpu_seconds} s)"),
    "timeout": ("TimeLimit", "a cell's wall-clock limit ({step_seconds} s)"),
    "disk_limit": ("DiskLimit", "the session's work directory limit"),
    "session_lost": ("SessionLost", "the end of its sandboxed interpreter"),
}


@dataclass(frozen=True)
class CellError:
    """An error reply's content (and the iopub `error` message it publishes)."""

    ename: str
    evalue: str
    traceback: List[str]

    def content(self) -> Dict[str, Any]:
        # Its text comes from the sandbox (an exception's message) or the
        # cell: no terminal control sequence reaches a client.
        return {"ename": inert_text(self.ename), "evalue": inert_text(self.evalue),
                "traceback": [inert_text(line) for line in self.traceback]}


@dataclass(frozen=True)
class CellOutputs:
    """What an allowed cell shows after its streams: figures, then its value."""

    figures: List[Dict[str, str]] = field(default_factory=list)
    value: Optional[Dict[str, str]] = None


def refusal(result: StepResult, profile: str, advice: Mapping[str, str]) -> CellError:
    """A cell the gate refused: each finding with its line in the cell and how to comply."""
    rules = sorted({finding.rule for finding in result.findings}) or ["PG000"]
    names = {finding.rule: finding.name for finding in result.findings}
    ename = "GateDenied[" + ", ".join(f"{rule} {names.get(rule, '')}".strip() for rule in rules) + "]"
    count = len(result.findings)
    evalue = (f"pygate refused this cell under profile {profile}: {count} finding{'s' if count != 1 else ''}; "
              "nothing of it ran, and the session goes on")
    lines = [f"{ename}: {evalue}"]
    for finding in result.findings:
        lines += _finding_lines(finding, advice.get(finding.rule))
    return CellError(ename, evalue, lines)


def _finding_lines(finding: Finding, advice: Optional[str]) -> List[str]:
    # A finding in an earlier cell, that this one made dangerous, is placed by
    # its message ("in an earlier step"); its line is the whole notebook's.
    earlier = finding.message.startswith("in an earlier step") or finding.line <= 0
    where = "an earlier cell" if earlier else f"line {finding.line}"
    lines = [f"  {where}: {finding.rule} {finding.name}: {finding.message}"]
    if finding.source_line.strip():
        lines.append(f"      {finding.source_line.strip()}")
    if advice:
        lines.append(f"      how to comply: {advice}")
    return lines


def exception(result: StepResult) -> CellError:
    """A cell that raised: the user's frames only, as the session driver kept them."""
    text = result.traceback or ""
    last = text.rstrip("\n").rsplit("\n", 1)[-1] if text else "Exception"
    ename, _, evalue = last.partition(": ")
    return CellError(ename.strip() or "Exception", evalue, text.rstrip("\n").split("\n"))


def session_ended(status: str, limits: Mapping[str, Any]) -> CellError:
    """A cell that ended its session: which limit, and that the next cell starts anew."""
    if status == "interrupted":
        return interrupted(ignored=True)
    ename, limit = _SESSION_ENDINGS.get(status, ("SessionLost", "an unknown cause ({status})"))
    try:
        limit = limit.format(status=status, **limits)
    except (KeyError, IndexError):
        limit = limit.split(" (")[0]
    evalue = (f"this cell reached {limit}; pygate ended its session, so every name defined so far is gone "
              "and the next cell starts a new session")
    return CellError(ename, evalue, [f"{ename}: {evalue}"])


def interrupted(ignored: bool = False) -> CellError:
    """An interrupt that had to end the session: the cell did not stop when
    interrupted (`ignored`), or the interrupt came before the cell reached the
    interpreter. An interrupt the cell stopped at is an ordinary exception."""
    why = ("the cell did not stop within 5 s of its interrupt" if ignored
           else "the cell was interrupted before it started")
    evalue = (f"{why}; pygate stopped it by ending its session, so every name defined so far "
              "is gone and the next cell starts a new session")
    return CellError("KeyboardInterrupt", evalue, [f"KeyboardInterrupt: {evalue}"])


def unavailable(why: str) -> CellError:
    """pygate serve could not answer: the cell did not run, checked or not."""
    evalue = f"{why}; nothing of this cell ran, and the next cell starts a new session"
    return CellError("PygateUnavailable", evalue, [f"PygateUnavailable: {evalue}"])


def outputs(result: StepResult) -> CellOutputs:
    """What the cell shows, as far as a front end may show it: HTML sanitized,
    figures as images, markup and script dropped (`_inert`)."""
    display = result.display or {}
    figures = [inert_bundle(figure) for figure in display.get("figures") or [] if isinstance(figure, dict)]
    data = display.get("data")
    if isinstance(data, dict) and data:
        value: Optional[Dict[str, str]] = inert_bundle({str(k): v for k, v in data.items()}) or None
    elif result.value is not None:
        value = {"text/plain": inert_text(result.value)}
    else:
        value = None
    return CellOutputs([figure for figure in figures if figure], value)
