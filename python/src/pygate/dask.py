"""A corpus scanned on a Dask cluster: ``pygate.dask.scan``.

The inputs are cut into partitions; each Dask worker process keeps one
``pygate.Gate`` (one ``pygate serve``) for all the partitions it judges, and
the client puts the answers back in input order. The report written is the
one a local ``pygate check --format json`` (or ``jsonl``) writes for the same
inputs: the same entries in the same order and the same summary counts.

Requires Dask's ``distributed`` (Debian: python3-distributed) on the client and
on every worker, and the pygate binary on every worker (the wheel's, $PYGATE or
``pygate`` on PATH, or ``binary=``). docs/python.md, "Dask".
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import threading
import uuid
from collections import deque
from itertools import islice
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from ._binary import find_binary
from ._client import Gate
from ._errors import PygateError
from ._transport import result_of
from ._version import __version__

PathLike = Union[str, "os.PathLike[str]"]

_DECISION_ORDER = {"allow": 0, "review": 1, "deny": 2}

# One Gate per worker process and (binary, profile, jobs): started by the first
# partition the worker judges, kept for the next ones, gone with the process.
_worker_gates: Dict[Tuple[Optional[str], str, Optional[int]], Gate] = {}
_worker_gates_lock = threading.Lock()


def _worker_gate(binary: Optional[str], profile: str, jobs: Optional[int]) -> Gate:
    with _worker_gates_lock:
        key = (binary, profile, jobs)
        gate = _worker_gates.get(key)
        if gate is None:
            gate = Gate(profile, binary=find_binary(binary), jobs=jobs)
            _worker_gates[key] = gate
        return gate


def _judge_partition(index: int, kind: str, items: List[Any], profile: str, binary: Optional[str],
                     jobs: Optional[int]) -> Tuple[int, List[Dict[str, Any]]]:
    """Runs on a worker: the JSON report's entry of each input, in order."""
    gate = _worker_gate(binary, profile, jobs)
    if kind == "paths":
        requests = [{"op": "check", "path": path} for path in items]
    else:
        requests = [{"op": "check", "code": code, "filename": name} for name, code in items]
    # All in flight at once: the server judges them on its threads.
    futures = [gate._transport.submit(request) for request in requests]
    return index, [_entry(request, future.result()) for request, future in zip(requests, futures)]


def _entry(request: Mapping[str, Any], answer: Mapping[str, Any]) -> Dict[str, Any]:
    """The report's entry for one answer. A file the server cannot read is
    the entry a local scan writes for it: a PG000 finding at 1:1 that denies
    (fail closed); any other error raises."""
    error = answer.get("error")
    if isinstance(error, Mapping) and error.get("code") == "read_error" and "path" in request:
        prefix = f"cannot read {request['path']}: "
        message = str(error.get("message", ""))
        finding = {"rule": "PG000", "name": "unsafe-source", "severity": "error",
                   "message": message[len(prefix):] if message.startswith(prefix) else message,
                   "line": 1, "column": 1, "end_line": 1, "end_column": 1, "source_line": ""}
        return {"path": request["path"], "decision": "deny", "findings": [finding]}
    return result_of(answer)


def list_files(paths: Sequence[PathLike], *, excludes: Sequence[str] = (), binary: Optional[str] = None) -> List[str]:
    """The files ``pygate check PATHS`` scans, in its report's order (folders
    walked by the binary itself: ``pygate check --list-files``)."""
    names = [os.fspath(path) for path in paths]
    if "-" in names:
        raise ValueError("standard input (-) cannot be scanned on a cluster")
    argv = [find_binary(binary), "check", "--list-files", "--null"]
    for glob in excludes:
        argv += ["--exclude", glob]
    result = subprocess.run([*argv, "--", *names], capture_output=True)
    if result.returncode != 0:
        raise PygateError(f"pygate check --list-files failed: {result.stderr.decode(errors='replace').strip()}")
    return [name for name in result.stdout.decode(errors="surrogateescape").split("\0") if name]


def read_records(path: PathLike, *, code_field: str = "code", id_field: str = "id") -> Iterator[Tuple[str, str]]:
    """(name, code) of each record of a JSON Lines file (plain or gzip), named
    as ``pygate check --records`` names them: by ``id_field``, else the line
    number. A line that is not such a record raises ValueError naming it (the
    CLI reports it as a denying entry instead)."""
    with open(path, "rb") as probe:
        compressed = probe.read(2) == b"\x1f\x8b"
    opener = gzip.open if compressed else open
    with opener(path, "rb") as lines:
        for number, line in enumerate(lines, start=1):
            try:
                record = json.loads(line)
            except ValueError as error:
                raise ValueError(f"line {number} of {os.fspath(path)}: not valid JSON: {error}") from None
            yield _record(record, number, f"line {number} of {os.fspath(path)}", code_field, id_field)


def _record(record: Any, number: int, where: str, code_field: str, id_field: str) -> Tuple[str, str]:
    if not isinstance(record, Mapping):
        raise ValueError(f"{where}: not a JSON object")
    code = record.get(code_field)
    if not isinstance(code, str):
        raise ValueError(f"{where}: no string {code_field!r} field")
    name = record.get(id_field, number)
    if isinstance(name, bool) or not isinstance(name, (str, int)) or name == "":
        raise ValueError(f"{where}: its {id_field!r} is neither a string nor an integer")
    return str(name), code


def _partitions(items: Iterable[Any], size: int) -> Iterator[List[Any]]:
    iterator = iter(items)
    while True:
        part = list(islice(iterator, size))
        if not part:
            return
        yield part


class _Tally:
    """The JSON report's summary, kept as entries go by (reporters/json_report)."""

    def __init__(self) -> None:
        self.files = self.allowed = self.review = self.denied = 0
        self.decision = "allow"
        self.findings: Dict[str, int] = {}

    def add(self, entry: Mapping[str, Any]) -> None:
        self.files += 1
        decision = entry["decision"]
        self.allowed += decision == "allow"
        self.review += decision == "review"
        self.denied += decision == "deny"
        if _DECISION_ORDER[decision] > _DECISION_ORDER[self.decision]:
            self.decision = decision
        for finding in entry["findings"]:
            self.findings[finding["rule"]] = self.findings.get(finding["rule"], 0) + 1

    def summary(self) -> Dict[str, Any]:
        return {"files": self.files, "allowed": self.allowed, "review": self.review, "denied": self.denied,
                "findings": dict(sorted(self.findings.items()))}


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _JsonReport:
    """Writes the JSON report as entries arrive: the layout of ``--format json``."""

    def __init__(self, out: Any, profile: str) -> None:
        self.out = out
        self.profile = profile
        self.first = True
        out.write('{\n  "tool": ' + _compact({"name": "pygate", "version": __version__}))
        out.write(',\n  "profile": ' + _compact(profile) + ',\n  "files": [')

    def entry(self, entry: Mapping[str, Any]) -> None:
        self.out.write(("\n    " if self.first else ",\n    ") + _compact(entry))
        self.first = False

    def finish(self, tally: _Tally) -> None:
        self.out.write(("\n  " if not self.first else "") + "],\n  \"decision\": " + _compact(tally.decision))
        self.out.write(',\n  "summary": ' + _compact(tally.summary()) + "\n}\n")


class _JsonLinesReport:
    """Writes the JSON Lines report: ``--format jsonl``, without ``duration_ms`` and ``errors``."""

    def __init__(self, out: Any, profile: str) -> None:
        self.out = out
        self.profile = profile

    def entry(self, entry: Mapping[str, Any]) -> None:
        self.out.write(_compact(entry) + "\n")

    def finish(self, tally: _Tally) -> None:
        summary = {"tool": {"name": "pygate", "version": __version__}, "profile": self.profile,
                   "decision": tally.decision, **tally.summary()}
        self.out.write(_compact({"summary": summary}) + "\n")


def scan(
    inputs: Union[PathLike, Sequence[PathLike], Iterable[Mapping[str, Any]]],
    profile: str = "safe_eval",
    client: Any = None,
    *,
    output: Optional[PathLike] = None,
    format: str = "json",
    records: Optional[PathLike] = None,
    code_field: str = "code",
    id_field: str = "id",
    excludes: Sequence[str] = (),
    partition_size: int = 64,
    in_flight: Optional[int] = None,
    retries: int = 3,
    binary: Optional[str] = None,
    jobs_per_worker: Optional[int] = None,
) -> Dict[str, Any]:
    """Judges a corpus on a Dask cluster and returns the report's summary.

    ``inputs``: a path or a list of paths (files, and folders walked as
    ``pygate check`` walks them), or an iterable of records (mappings with
    ``code_field`` and, optionally, ``id_field``); or ``records=`` names a JSON
    Lines file of them (plain or gzip). ``client``: a ``distributed.Client``;
    None starts a LocalCluster of two single-threaded worker processes and
    closes it after. ``output``: where to write the report, ``format``
    ``"json"`` or ``"jsonl"``; the entries are those of a local scan, in input
    order. A partition whose worker dies is judged again elsewhere (Dask's
    ``retries`` and the scheduler's allowed failures); results are placed by
    partition index, so none is lost or counted twice. ``binary``: the
    pygate binary's path on the workers (default: found there as ``Gate``
    finds it); ``jobs_per_worker``: each worker's ``pygate serve --jobs``.

    Returns ``{"decision": ..., "files": n, "allowed": ..., "review": ...,
    "denied": ..., "findings": {rule: count}}``.
    """
    if format not in ("json", "jsonl"):
        raise ValueError("format must be 'json' or 'jsonl'")
    if partition_size < 1:
        raise ValueError("partition_size must be at least 1")
    kind, items = _inputs(inputs, records, code_field, id_field, excludes, binary)

    from distributed import Client, LocalCluster  # the cluster's library is needed only here

    own_cluster = None
    if client is None:
        own_cluster = LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0")
        client = Client(own_cluster)
    out = None
    try:
        if output is not None:
            out = open(output, "w", encoding="utf-8", errors="surrogateescape")
        report = (_JsonReport if format == "json" else _JsonLinesReport)(out, profile) if out else None
        tally = _Tally()
        window = in_flight or max(4, 4 * _worker_threads(client))
        for entry in _judged_in_order(client, kind, items, profile, binary, jobs_per_worker, partition_size,
                                      window, retries):
            tally.add(entry)
            if report:
                report.entry(entry)
        if report:
            report.finish(tally)
        return {"decision": tally.decision, **tally.summary()}
    finally:
        if out is not None:
            out.close()
        if own_cluster is not None:
            client.close()
            own_cluster.close()


def _inputs(inputs: Any, records: Optional[PathLike], code_field: str, id_field: str, excludes: Sequence[str],
            binary: Optional[str]) -> Tuple[str, Iterable[Any]]:
    if records is not None:
        if inputs:
            raise ValueError("give either inputs or records=, not both")
        return "records", read_records(records, code_field=code_field, id_field=id_field)
    if isinstance(inputs, (str, os.PathLike)):
        inputs = [inputs]
    if isinstance(inputs, Sequence) and all(isinstance(item, (str, os.PathLike)) for item in inputs):
        return "paths", list_files(inputs, excludes=excludes, binary=binary)
    return "records", (_record(record, number, f"record {number}", code_field, id_field)
                       for number, record in enumerate(inputs, start=1))


def _worker_threads(client: Any) -> int:
    return max(1, sum(worker.get("nthreads", 1) for worker in client.scheduler_info()["workers"].values()))


def _judged_in_order(client: Any, kind: str, items: Iterable[Any], profile: str, binary: Optional[str],
                     jobs: Optional[int], partition_size: int, window: int, retries: int) -> Iterator[Dict[str, Any]]:
    """Each input's entry, in input order, with at most ``window`` partitions
    submitted and not yet handed on (the inputs are read as they go)."""
    from distributed import as_completed

    parts = enumerate(_partitions(items, partition_size))
    done: Dict[int, List[Dict[str, Any]]] = {}
    pending: deque = deque()  # partition indices submitted, in order
    completed = as_completed()
    next_index = 0
    scan_id = uuid.uuid4().hex

    def submit_more() -> None:
        while len(pending) < window:
            part = next(parts, None)
            if part is None:
                return
            index, chunk = part
            future = client.submit(_judge_partition, index, kind, chunk, profile, binary, jobs, retries=retries,
                                   pure=False, key=f"pygate-partition-{scan_id}-{index}")
            completed.add(future)
            pending.append(index)

    submit_more()
    while pending:
        future = next(completed)
        index, entries = future.result()
        future.release()
        if index in done or index < next_index:
            raise PygateError(f"partition {index} judged twice")  # cannot happen: one future per partition
        done[index] = entries
        while next_index in done:
            for entry in done.pop(next_index):
                yield entry
            pending.remove(next_index)
            next_index += 1
        submit_more()
